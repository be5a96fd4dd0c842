import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/sandbox/**/*.test.ts', 'tests/bff/**/*.test.ts'],
    setupFiles: ['tests/console-errors.ts'],
    // Node loads the BFF and shared/ itself (type stripping), as @fastify/autoload loads the
    // route files: one copy of every module, whichever way it was imported.
    server: { deps: { external: [/\/bff\//, /\/shared\//] } },
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
