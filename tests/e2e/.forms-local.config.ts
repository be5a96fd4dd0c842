import { defineConfig, devices } from '@playwright/test';
process.env.SANDBOX_URL ??= 'http://127.0.0.1:4752';
export default defineConfig({
  testDir: '/work/main/tests/e2e',
  testMatch: 'forms.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: '/tmp/forms-e2e/results',
  use: {
    baseURL: 'http://localhost:4750',
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
