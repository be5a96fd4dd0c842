import {
  HTML_VITEST_CONFIG,
  ENGINES_VITEST_CONFIG,
  NIGHT_CHECK,
  SECURITY_VITEST_CONFIG,
  TOPOLOGY_VITEST_CONFIG,
  clockAt,
  ensureDebianPackages,
  exec,
  runPlaywright,
  runVitest,
  type Counts,
} from './runner.ts';

/**
 * `npm test`: typecheck, unit and integration tests (vitest), the BFF tests once more at a
 * night hour in Bogotá (libfaketime), the production build, the security suite (vitest,
 * tests/security: attacks and a bounded fuzz against the built site), the served HTML (vitest,
 * tests/html: every page through the W3C's Nu Html Checker, the showtimes' structured data), the production topology
 * (vitest, tests/topology: Debian's nginx from our template, Redis, two BFF and two site
 * replicas, broken on purpose), the end-to-end tests in Debian's Chromium (Playwright) and what
 * a phone customer does in Debian's Firefox ESR and WebKitGTK (vitest, tests/engines).
 * Checks the Prometheus configuration and alert rules with promtool. Installs the Debian
 * packages they run when missing. Ends with one line `N passed, N failed`.
 */

let passed = 0;
let failed = 0;
const failures: string[] = [];
const add = (counts: Counts): void => {
  passed += counts.passed;
  failed += counts.failed;
  failures.push(...counts.failures);
};

async function step(name: string, command: string, args: string[]): Promise<boolean> {
  console.log(`\n=== ${name} ===`);
  const ok = (await exec(command, args)) === 0;
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
    console.log(`✗ ${name} failed`);
  }
  return ok;
}

await ensureDebianPackages();
await step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
await step('lint (ESLint, Prettier, knip)', 'npm', ['run', '--silent', 'lint']);
// What operators watch (docker/observability): Debian's promtool checks the Prometheus
// configuration and the alert rules, and runs the rules' own unit tests.
await step('Prometheus configuration (promtool check config)', 'promtool', [
  'check',
  'config',
  'docker/observability/prometheus.yml',
]);
await step('alert rules (promtool check rules)', 'promtool', ['check', 'rules', 'docker/observability/alerts.yml']);
await step('alert rules fire as meant (promtool test rules)', 'promtool', [
  'test',
  'rules',
  'docker/observability/alerts.test.yml',
]);
console.log('\n=== unit and integration tests (vitest) ===');
add(await runVitest());
console.log(`\n=== ${NIGHT_CHECK.files.join(' ')} at ${NIGHT_CHECK.hour} in Bogotá (faketime) ===`);
add(await runVitest({ files: [...NIGHT_CHECK.files], clock: clockAt(NIGHT_CHECK.hour) }));
const built = await step('build', 'npm', ['run', '--silent', 'build']);
if (built) {
  // The attacks replay against the built site too, so they run after the build.
  console.log('\n=== security attacks and fuzz (vitest) ===');
  add(await runVitest({ config: SECURITY_VITEST_CONFIG }));
  console.log('\n=== served HTML: W3C Nu Html Checker and structured data (vitest) ===');
  add(await runVitest({ config: HTML_VITEST_CONFIG }));
  console.log('\n=== production topology (vitest) ===');
  add(await runVitest({ config: TOPOLOGY_VITEST_CONFIG }));
  console.log('\n=== end-to-end tests (Playwright, Chromium) ===');
  add(await runPlaywright());
  console.log('\n=== the other engines: Firefox ESR and WebKitGTK (vitest, tests/engines) ===');
  add(await runVitest({ config: ENGINES_VITEST_CONFIG }));
} else {
  failed += 4;
  failures.push('security, served HTML, topology, end-to-end and engine tests: not run without a build');
}

// What failed, right above the count: CI keeps only the end of a run's output.
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  ✗ ${failure}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
