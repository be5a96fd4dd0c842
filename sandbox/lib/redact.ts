/** Drops path segments and query values that carry secrets (reset codes, tokens) from a URL for logs. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?');
  const safePath = path.replace(/(update-password|forgot-password|sandbox\/pse)\/[^/]+/, '$1/[redacted]');
  return query === undefined ? safePath : `${safePath}?[redacted]`;
}
