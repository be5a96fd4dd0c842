import { defineConfig } from 'vitest/config';

/**
 * The served HTML (tests/html): every page of the built site checked by the W3C's Nu Html
 * Checker, and the structured data search engines read. `npm test` runs it after the build.
 */
export default defineConfig({
  test: {
    include: ['tests/html/**/*.test.ts'],
    setupFiles: ['tests/console-errors.ts'],
    // Node loads the BFF and shared/ itself (type stripping), as @fastify/autoload loads the
    // route files: one copy of every module, whichever way it was imported.
    server: { deps: { external: [/\/bff\//, /\/shared\//] } },
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
