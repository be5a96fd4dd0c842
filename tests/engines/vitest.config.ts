import { defineConfig } from 'vitest/config';

/**
 * The engine tests (Firefox ESR and WebKitGTK, tests/engines): one stack of `npm start`'s
 * processes for the run (stack.ts), run after the build, one engine after the other.
 */
export default defineConfig({
  test: {
    include: ['tests/engines/**/*.test.ts'],
    setupFiles: ['tests/console-errors.ts'],
    globalSetup: ['tests/engines/stack.ts'],
    server: { deps: { external: [/\/shared\//] } },
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 200_000,
  },
});
