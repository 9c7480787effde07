import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4180);
export const baseURL = `http://127.0.0.1:${port}`;
export const ADMIN_EMAIL = 'admin@stockyard.test';
export const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';

// One data directory per run, shared by the config's loads in the runner and its workers.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'stockyard-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  // On CI a failed test runs once more; a pass then is reported as flaky by name (decision 055).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A page renders in well under a second; the margin is for a busy two-core CI machine.
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: path.resolve(import.meta.dirname, '../reports/e2e.json') }],
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  outputDir: path.resolve(import.meta.dirname, '../test-results'),
  webServer: {
    // The built app, served by the code `npm start` runs.
    command: 'node apps/api/dist/server.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
  },
});
