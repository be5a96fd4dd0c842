/** The sandbox's notion of now: an injectable base clock plus an offset tests can advance. */
export interface Clock {
  now(): Date;
  nowMs(): number;
  advance(seconds: number): void;
  offsetSeconds(): number;
}

export function createClock(base: () => Date = () => new Date()): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(base().getTime() + offsetMs),
    nowMs: () => base().getTime() + offsetMs,
    advance: (seconds) => {
      offsetMs += Math.round(seconds * 1000);
    },
    offsetSeconds: () => offsetMs / 1000,
  };
}
