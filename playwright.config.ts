// Browser tests: real Chromium against a real relay process and merchant pages on a second origin.
// Each worker starts its own relay (fresh data folder, free ports; see e2e/support/relay-process.ts),
// so tests never share a store with another worker. Run through `node e2e/run.mjs`, which finds or
// installs Chromium first; `npx playwright test` works as well when Chromium is installed.

import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/support/chromium.mjs';

const CI = Boolean(process.env.CI);
// Undefined = Playwright's own download, where one exists.
const executablePath = findChromium()?.path;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  // The machines have 2 cores; each worker also runs its own relay process.
  workers: 2,
  retries: 0,
  forbidOnly: CI,
  // Per test, ms. A relay starting for a worker is a worker fixture with its own timeout.
  // Bounds that catch a hang, not a slow machine: with two suites running at once on 2 cores the
  // heaviest tests (the W3 race, four card frames under axe) take 35-40 s where they take 10 s on a
  // quiet machine. Tests wait on what the page shows, never on these.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] },
      },
    },
  ],
});
