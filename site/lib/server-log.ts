/**
 * The site server's log: one JSON line per event. Values from a request (a slug, a bill
 * number) are JSON-escaped, so a crafted value with line breaks can never write a line of its
 * own into the log. The production server (site/server.ts) routes these events to its logger,
 * with the request id; elsewhere (astro dev) they go to stderr as JSON. Server code only.
 */
type Details = Record<string, string | number | null | undefined>;
type Sink = (event: string, details: Details) => void;

// Shared by the server entry and the bundled pages, which hold two copies of this module.
const key = Symbol.for('viziona.site.log-sink');
const holder = globalThis as typeof globalThis & { [key]?: Sink };

export function routeServerLog(sink: Sink): void {
  holder[key] = sink;
}

export function logServerError(event: string, details: Details = {}): void {
  const sink = holder[key];
  if (sink) sink(event, details);
  else
    console.error(
      JSON.stringify({ level: 'error', time: new Date().toISOString(), msg: `[site] ${event}`, ...details }),
    );
}
