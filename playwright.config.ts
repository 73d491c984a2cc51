import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveChromium } from './scripts/browser.mjs';

// Two stacks, each with its own project:
// - mock: the built SPA (vite preview) against Prism serving the contract's examples, with an Auth
//   emulator so that the real sign-in form works (scripts/dev-mock.mjs --preview);
// - stack: the real product as `npm start` runs it (Auth emulator + API on a fresh PGlite + built SPA).
// Every port can be moved (e.g. when a stale server still holds one, or two checkouts test side by
// side): CITA_E2E_PORT_OFFSET adds to all of them; CITA_E2E_STACK_PORT and CITA_E2E_STACK_EMULATOR_PORT
// set the stack's. CITA_E2E_SCALE=1 runs the stack as several instances instead: two API processes on
// a fresh PostgreSQL database behind a round-robin balancer, images in a fake S3, rate limits in Redis
// (scripts/scale-stack.mjs; README "Deploying N instances").
const SCALE = /^(1|true)$/i.test(process.env.CITA_E2E_SCALE ?? '');
const offset = Number(process.env.CITA_E2E_PORT_OFFSET || 0);
export const MOCK_PORT = 4010 + offset;
export const SPA_PORT = 4173 + offset;
export const STACK_PORT = Number(process.env.CITA_E2E_STACK_PORT || 8180 + offset);
export const STACK_EMULATOR_PORT = Number(process.env.CITA_E2E_STACK_EMULATOR_PORT || 9299 + offset);
export const MOCK_EMULATOR_PORT = 9399 + offset;

// One data directory per run; set before the workers start so that they inherit it.
process.env.CITA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cita-e2e-'));

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: resolveChromium({ install: true, headlessShell: true }),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  // Three workers on the two cores: spec files run side by side on the shared servers. The spec that
  // waits for real time (stack-waits, below) holds one and spends most of its minutes asleep, so two run
  // the rest meanwhile; once it ends, three share the cores (measured: 1,102 s against 1,333 s with two,
  // none flaky). E2E_WORKERS sets the total (1 serializes everything).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // A trace is recorded on CI's retry of a failed test, not for every test to be thrown away when it
  // passes: recording one (a DOM snapshot and a screenshot at every action) cost a third of the stage on
  // these 2 cores (236 tests: 1,109 s recording each, 743 s on first retry only, back to back). Locally
  // (no retries) each failing test keeps its trace.
  use: { trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    // The one spec that waits for real time (reminders leave when due, minutes away) runs first, so that
    // its wait overlaps the other workers' tests instead of ending the run alone. It runs a Cita of its
    // own; `--project=stack-waits` runs it alone.
    { name: 'stack-waits', workers: 1, testDir: './tests/e2e/stack', testMatch: 'reminders-providers.spec.ts', use: { ...chromium, baseURL: `http://127.0.0.1:${STACK_PORT}` } },
    { name: 'mock', workers: 2, testDir: './tests/e2e/mock', use: { ...chromium, baseURL: `http://127.0.0.1:${SPA_PORT}` } },
    { name: 'stack', workers: 2, testDir: './tests/e2e/stack', testIgnore: 'reminders-providers.spec.ts', use: { ...chromium, baseURL: `http://127.0.0.1:${STACK_PORT}` } },
  ],
  webServer: [
    {
      // Prism mode exactly as `npm run dev:mock` runs it (Prism + its own Auth emulator + the SPA with
      // /runtime-config.json in mock mode), but serving the built dist/. The SPA's port answers once all
      // three are ready.
      command: `node scripts/dev-mock.mjs --preview --spa-port ${SPA_PORT} --prism-port ${MOCK_PORT} --auth-port ${MOCK_EMULATOR_PORT}`,
      url: `http://127.0.0.1:${SPA_PORT}/runtime-config.json`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
    },
    {
      command: SCALE ? 'node --import tsx scripts/scale-stack.mjs' : 'node scripts/start.mjs',
      url: `http://127.0.0.1:${STACK_PORT}/healthz`,
      // /healthz answers while the Auth emulator still starts (degraded): the tests sign in, so wait for it.
      wait: { stdout: /Cita is running at/ },
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
