/**
 * A path a redirect of ours may name in `Location`, made from a path a request wrote. A browser
 * reads a backslash in an http(s) URL as a slash and drops tabs and line breaks wherever they
 * are, so `/\evil.example/x`, `//evil.example/x` and `/<TAB>/evil.example/x` all mean another
 * host. The answer is what the browser would read, with its leading run of slashes made one:
 * always a path of the origin that answered, however the request spelled it (issue 39). The
 * rest is kept as written (percent-encodings included: a browser never decodes them to leave).
 */
export function originPath(requested: string): string {
  const asRead = requested.replace(/[\t\n\r]/g, '').replaceAll('\\', '/');
  return `/${asRead.replace(/^\/+/, '')}`;
}
