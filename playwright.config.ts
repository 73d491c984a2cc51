import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveChromium } from './scripts/browser.mjs';

// Two stacks, each with its own project:
// - mock: the built SPA (vite preview) against Prism serving the contract's examples;
// - stack: the real product as `npm start` runs it (Auth emulator + API on a fresh PGlite + built SPA).
export const MOCK_PORT = 4010;
export const SPA_PORT = 4173;
export const STACK_PORT = 8180;
export const STACK_EMULATOR_PORT = 9299;

// One data directory per run; set before the workers start so that they inherit it.
process.env.CITA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cita-e2e-'));

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: resolveChromium({ install: true }),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'mock', testDir: './tests/e2e/mock', use: { ...chromium, baseURL: `http://127.0.0.1:${SPA_PORT}` } },
    { name: 'stack', testDir: './tests/e2e/stack', use: { ...chromium, baseURL: `http://127.0.0.1:${STACK_PORT}` } },
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
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${STACK_PORT}/healthz`,
      env: {
        PORT: String(STACK_PORT),
        AUTH_EMULATOR_PORT: String(STACK_EMULATOR_PORT),
        DATA_DIR: process.env.CITA_E2E_DATA_DIR,
        CITA_ADMIN_EMAILS: 'admin@cita.example',
        IDENTITY_RATE_LIMIT: '1000',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
    },
  ],
});
