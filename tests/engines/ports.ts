/**
 * The engine tests' ports, from ENGINES_PORT (default 4650): the stack `npm start` runs
 * (docker/run-local.ts) on the first five, the device's signal (signal.ts) on the sixth (the
 * origin the browsers see), WebKitWebDriver on the seventh, the sandbox's mail relay on the eighth.
 */
const base = Number(process.env.ENGINES_PORT ?? 4650);

export const ENGINE_PORTS = {
  frontDoor: base,
  site: base + 1,
  sandbox: base + 2,
  bff: base + 3,
  bffOps: base + 4,
  signal: base + 5,
  webDriver: base + 6,
  sandboxSmtp: base + 7,
} as const;

/** What the browsers open: the front door, through the device's signal. */
export const ENGINES_ORIGIN = `http://localhost:${ENGINE_PORTS.signal}`;
export const ENGINES_SANDBOX_URL = `http://127.0.0.1:${ENGINE_PORTS.sandbox}`;
