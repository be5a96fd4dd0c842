import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/sandbox/**/*.test.ts', 'tests/bff/**/*.test.ts'],
    setupFiles: ['tests/console-errors.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
