import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { EndReason, EventPulse } from './store/store.ts';

/**
 * The waiting room's Prometheus figures on each replica's operations port. Queue length and
 * buyers are the event's (every replica reports the same value: take the max); admissions,
 * waits and passes count what this replica did (take the sum). Labelled by event id only.
 */
export function createWaitingRoomMetrics(registry: Registry, pulses: () => ReadonlyMap<string, EventPulse>) {
  new Gauge({
    name: 'viziona_bff_waiting_room_waiting',
    help: 'People waiting in the queue of each running event',
    labelNames: ['event'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [event, pulse] of pulses()) this.set({ event }, pulse.waiting);
    },
  });
  new Gauge({
    name: 'viziona_bff_waiting_room_buying',
    help: 'Admitted people whose pass is alive, per event',
    labelNames: ['event'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [event, pulse] of pulses()) this.set({ event }, pulse.buying);
    },
  });
  const admitted = new Counter({
    name: 'viziona_bff_waiting_room_admitted_total',
    help: 'People this replica moved from the head of the queue to a pass',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  const arrivals = new Counter({
    name: 'viziona_bff_waiting_room_arrivals_total',
    help: 'New places this replica added to a queue',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  const waits = new Histogram({
    name: 'viziona_bff_waiting_room_wait_seconds',
    help: 'How long the admitted waited (from arrival, or from the sale start for the pre-queue)',
    labelNames: ['event'] as const,
    buckets: [5, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200],
    registers: [registry],
  });
  const passes = new Counter({
    name: 'viziona_bff_waiting_room_passes_total',
    help: 'Passes and places that ended, by outcome (used, expired, revoked, abandoned, merged)',
    labelNames: ['event', 'outcome'] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'viziona_bff_waiting_room_refusals_total',
    help: 'Purchase calls refused by the waiting room, by reason (no_pass, taken, closed), and new places refused to an address past its limit (address_limit)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  return {
    admitted,
    arrivals,
    waits,
    refusals,
    passEnded(event: string, outcome: EndReason, count = 1) {
      if (count > 0) passes.inc({ event, outcome }, count);
    },
  };
}

export type WaitingRoomMetrics = ReturnType<typeof createWaitingRoomMetrics>;
