import { parseArgs } from 'node:util';
import { bogotaToday } from '#shared/format/bogota-time.ts';
import {
  HOURS_OF_DAY,
  SECURITY_VITEST_CONFIG,
  clockAt,
  ensureDebianPackages,
  exec,
  runPlaywright,
  runVitest,
  type Counts,
} from './runner.ts';

/**
 * `npm run test:hours`: the vitest suites (unit and integration, then security) and the
 * Playwright suite with every process's clock
 * (servers, test runners, Chromium) moved by libfaketime to 00:30, 06:00, 12:00, 18:00 and
 * 23:50 in Bogotá, one hour after the other; one pass/fail line per hour. Not part of
 * `npm test` (it runs both suites five times). See tests/README.md.
 *
 *   npm run test:hours                                  # today's date in Bogotá, five hours, both suites
 *   npm run test:hours -- --date 2026-12-31 --hours 23:50 --only e2e tests/e2e/purchase.spec.ts
 *
 * Positional arguments go to Playwright (spec files, --grep ...). E2E_PORT applies as usual.
 */

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    date: { type: 'string', default: bogotaToday() },
    hours: { type: 'string', default: HOURS_OF_DAY.join(',') },
    only: { type: 'string' },
  },
});
const hours = values.hours
  .split(',')
  .map((hour) => hour.trim())
  .filter(Boolean);
const runVitestToo = values.only !== 'e2e';
const runE2e = values.only !== 'vitest';

interface HourResult {
  hour: string;
  startsAt: Date;
  vitest?: Counts;
  security?: Counts;
  e2e?: Counts & { skipped: number };
}

const describe = (counts: Counts & { skipped?: number }): string =>
  `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
const ok = (result: HourResult): boolean =>
  (result.vitest?.failed ?? 0) === 0 &&
  (result.security?.failed ?? 0) === 0 &&
  (result.e2e?.failed ?? 0) === 0 &&
  (result.e2e?.skipped ?? 0) === 0;
const line = (result: HourResult): string =>
  [
    `${ok(result) ? 'PASS' : 'FAIL'} ${result.hour} in Bogotá (${result.startsAt.toISOString()})`,
    result.vitest ? `vitest ${describe(result.vitest)}` : null,
    result.security ? `security ${describe(result.security)}` : null,
    result.e2e ? `e2e ${describe(result.e2e)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

await ensureDebianPackages();
if (runE2e) {
  console.log('\n=== build ===');
  if ((await exec('npm', ['run', '--silent', 'build'])) !== 0) {
    console.log('FAIL build');
    process.exit(1);
  }
}

const results: HourResult[] = [];
for (const hour of hours) {
  const result: HourResult = { hour, startsAt: clockAt(hour, values.date).startsAt };
  if (runVitestToo) {
    console.log(`\n=== ${values.date} ${hour} in Bogotá: vitest ===`);
    result.vitest = await runVitest({ clock: clockAt(hour, values.date) });
  }
  if (runVitestToo && runE2e) {
    // The security suite replays against the built site, so it runs with the e2e suite's build.
    console.log(`\n=== ${values.date} ${hour} in Bogotá: security (vitest) ===`);
    result.security = await runVitest({ config: SECURITY_VITEST_CONFIG, clock: clockAt(hour, values.date) });
  }
  if (runE2e) {
    // The clock starts at the hour again when the e2e suite starts.
    console.log(`\n=== ${values.date} ${hour} in Bogotá: end-to-end ===`);
    result.e2e = await runPlaywright({ args: positionals, clock: clockAt(hour, values.date) });
  }
  results.push(result);
  console.log(`\n${line(result)}`);
}

console.log('\n=== the suite at each hour ===');
for (const result of results) {
  console.log(line(result));
  const failures = [result.vitest, result.security, result.e2e].flatMap((counts) => counts?.failures ?? []);
  for (const failure of failures) console.log(`  ✗ ${failure}`);
}
process.exit(results.every(ok) ? 0 : 1);
