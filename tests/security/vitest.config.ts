import { defineConfig } from 'vitest/config';

/**
 * The security suite (tests/security): attacks replayed on loopback against the whole
 * topology, the built site included, so `npm test` runs it after the build. Its own process
 * flags: `--expose-gc` to read the heap after a forced collection.
 */
export default defineConfig({
  test: {
    include: ['tests/security/**/*.test.ts'],
    setupFiles: ['tests/console-errors.ts'],
    pool: 'forks',
    execArgv: ['--expose-gc'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
