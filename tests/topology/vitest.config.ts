import { defineConfig } from 'vitest/config';

/** `npm run test:topology`: one file, its own processes and ports, run after the build. */
export default defineConfig({
  test: {
    include: ['tests/topology/**/*.test.ts'],
    setupFiles: ['tests/console-errors.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
