import { defineConfig } from 'vitest/config';

/** Runs the fixture tests of console-errors.test.ts through the suite's own setup file. */
export default defineConfig({
  test: {
    include: ['tests/unit/console-errors/*.fixture.ts'],
    setupFiles: ['tests/console-errors.ts'],
    pool: 'forks',
  },
});
