/**
 * The site server's log: one JSON line per event. Values from a request (a slug, a bill
 * number) are JSON-escaped, so a crafted value with line breaks can never write a line of its
 * own into the log. The production server (site/server.ts) routes these events to its logger,
 * with the request id; elsewhere (astro dev) they go to stderr as JSON. Server code only.
 */
type Details = Record<string, string | number | null | undefined>;
type Level = 'error' | 'info';
type Sink = (level: Level, event: string, details: Details) => void;

// Shared by the server entry and the bundled pages, which hold two copies of this module.
const key = Symbol.for('viziona.site.log-sink');
const holder = globalThis as typeof globalThis & { [key]?: Sink };

export function routeServerLog(sink: Sink): void {
  holder[key] = sink;
}

function write(level: Level, event: string, details: Details): void {
  const sink = holder[key];
  if (sink) sink(level, event, details);
  else {
    const line = JSON.stringify({ level, time: new Date().toISOString(), msg: `[site] ${event}`, ...details });
    // Outside the production server (astro dev) every line goes to stderr, as before.
    console.error(line);
  }
}

export function logServerError(event: string, details: Details = {}): void {
  write('error', event, details);
}

/** Something operators read in the normal course (what the server did on its own), not a failure. */
export function logServerInfo(event: string, details: Details = {}): void {
  write('info', event, details);
}
