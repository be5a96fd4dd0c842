import { readdirSync, readFileSync } from 'node:fs';
import type { Load } from './load-generator.ts';

/**
 * Where a request's CPU goes, process by process, on a host where the benchmark and every
 * server share the cores: the time each process group spent on a CPU while a load ran
 * (`/proc/<pid>/stat`, user + system), divided by the requests answered. Linux only.
 */

/** `/proc` counts in USER_HZ, 100 a second on every architecture Linux exports it for. */
const TICKS_A_SECOND = 100;

/** CPU microseconds used so far by every process of a group (nginx's master and its workers). */
export function processGroupCpuMicros(groupId: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // The process ended while we read.
    }
    // After the command's ")": state, ppid, pgrp, …, utime (14th field), stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === groupId) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks / TICKS_A_SECOND) * 1e6;
}

/** CPU microseconds a request, per named group and for this process (the load generator's worker included). */
export async function cpuPerRequest(
  groups: Record<string, number[]>,
  run: () => Promise<Load>,
): Promise<{ load: Load; perRequest: Record<string, number> }> {
  const used = () =>
    Object.fromEntries(
      Object.entries(groups).map(([name, ids]) => [name, ids.reduce((sum, id) => sum + processGroupCpuMicros(id), 0)]),
    );
  const before = used();
  const self = process.cpuUsage();
  const load = await run();
  const after = used();
  const own = process.cpuUsage(self);
  const perRequest: Record<string, number> = {};
  for (const name of Object.keys(groups))
    perRequest[name] = (after[name]! - before[name]!) / Math.max(1, load.requests);
  perRequest['load generator'] = (own.user + own.system) / Math.max(1, load.requests);
  return { load, perRequest };
}
