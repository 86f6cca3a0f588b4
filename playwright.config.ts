import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from './scripts/lib/chromium';

const CI = !!process.env.CI;

// The e2e suite drives the built server (started by tests/e2e/global-setup.ts on a free port
// with a fresh data dir) in the system Chromium; Playwright never downloads a browser here.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    // tests/e2e/fixtures.ts overrides baseURL with the URL of the server global-setup started
    baseURL: process.env.SPAR_E2E_BASE_URL,
    headless: true,
    locale: 'en-US',
    // a trace records every paint (screencast) and costs about a third more browser CPU: in CI only
    // on the retry of a failed test, where it explains the failure
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: CHROMIUM,
      },
    },
  ],
});
