import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the built console, started by global-setup.ts on a
 * free port with a fresh embedded database (or a fresh database on the
 * PostgreSQL server when DATABASE_URL is set). Chromium is Debian's.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: './test-results',
  reporter: [['list']],
  use: {
    baseURL: process.env.VAYU_E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
