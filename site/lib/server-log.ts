/**
 * The site server's log: one JSON line per event on stderr. Values from a request (a slug, a
 * bill number) are JSON-escaped, so a crafted value with line breaks can never write a line of
 * its own into the log. Server code only.
 */
export function logServerError(event: string, details: Record<string, string | number | null | undefined> = {}): void {
  console.error(JSON.stringify({ level: 'error', time: new Date().toISOString(), msg: `[site] ${event}`, ...details }));
}
