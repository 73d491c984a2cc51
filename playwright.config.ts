import { defineConfig, devices } from '@playwright/test';
import { resolveChromium } from './scripts/browser.mjs';

// Issue 2's browser tests: the built SPA (vite preview) against the Prism mock of the contract.
const MOCK_PORT = 4010;
const SPA_PORT = 4173;

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${SPA_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: resolveChromium({ install: true }),
          args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      },
    },
  ],
  webServer: [
    {
      command: `node_modules/.bin/prism mock --host 127.0.0.1 --port ${MOCK_PORT} openapi/tenant-api.yaml`,
      url: `http://127.0.0.1:${MOCK_PORT}/v1/configuration`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `node_modules/.bin/vite preview --port ${SPA_PORT} --strictPort`,
      url: `http://127.0.0.1:${SPA_PORT}`,
      env: { API_TARGET: `http://127.0.0.1:${MOCK_PORT}` },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
