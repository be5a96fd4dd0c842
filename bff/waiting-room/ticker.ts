import type { FastifyBaseLogger } from 'fastify';
import { holdsPurchases, phaseOf } from '#shared/waiting-room/event.ts';
import { RETURN_GRACE_SECONDS } from '#shared/waiting-room/passes.ts';
import type { WaitingRoomMetrics } from './metrics.ts';
import type { WaitingRoomService } from './service.ts';

/**
 * Every replica, every `tickMs`: reads the event list again (every other tick), and for each
 * running event reads its pulse and runs an admission round. Rounds are atomic in the store
 * and the bucket counts time, not rounds, so two replicas (or ten) admit at the event's rate
 * together, nobody twice, and a replica that dies takes nothing with it: no leader to elect.
 */
export function startTicker(options: {
  service: WaitingRoomService;
  metrics: WaitingRoomMetrics;
  now: () => number;
  tickMs: number;
  log: FastifyBaseLogger;
}): () => void {
  const { service, metrics, now, log } = options;
  let ticks = 0;
  let running = false;
  let warnedAt = 0;

  async function tick(): Promise<void> {
    ticks += 1;
    if (ticks % 2 === 0) await service.registry.refresh();
    for (const event of service.registry.events) {
      const at = now();
      const phase = phaseOf(event, at);
      if (!holdsPurchases(phase)) continue;
      try {
        if (phase === 'selling') {
          const round = await service.store.admit(event.id, {
            now: at,
            saleStartsAt: event.saleStartsAt,
            admissionsPerMinute: event.admissionsPerMinute,
            maxBuyers: event.maxBuyers,
            admissionTtlMs: event.admissionTtlSeconds * 1000,
            graceMs: RETURN_GRACE_SECONDS * 1000,
          });
          if (round.admitted.length > 0) metrics.admitted.inc({ event: event.id }, round.admitted.length);
          for (const entry of round.admitted) metrics.waits.observe({ event: event.id }, entry.waitedMs / 1000);
          metrics.passEnded(event.id, 'expired', round.expiredUnused + round.expiredUsed);
          metrics.passEnded(event.id, 'abandoned', round.abandoned);
        }
        service.rememberPulse(event.id, await service.store.pulse(event.id, now()));
      } catch (error) {
        if (Date.now() - warnedAt > 60_000) {
          warnedAt = Date.now();
          log.warn({ err: error, event: event.id }, 'waiting room: admission round failed');
        }
      }
    }
  }

  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void tick().finally(() => {
      running = false;
    });
  }, options.tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
