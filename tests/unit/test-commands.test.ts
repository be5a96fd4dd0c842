import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { root, TOPOLOGY_VITEST_CONFIG, UNIT_VITEST_CONFIG } from '#tests/runner.ts';

/**
 * The package scripts run the suites as `npm test` does: without the project's configuration
 * vitest loads the BFF a second time through its own transform (two `BffError` classes), and
 * 35 BFF tests failed under `npm run test:unit` that passed under `npm test`.
 */
it('runs the unit and topology suites with the configurations npm test uses', () => {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts['test:unit']).toBe(`vitest run -c ${UNIT_VITEST_CONFIG}`);
  expect(scripts['test:topology']).toBe(`vitest run -c ${TOPOLOGY_VITEST_CONFIG}`);
});
