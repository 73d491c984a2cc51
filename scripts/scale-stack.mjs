// The stack on several instances, for the Playwright stack suite (CITA_E2E_SCALE=1 in
// playwright.config.ts) or by hand: what `npm start` serves, but as two API instances on one fresh
// PostgreSQL database behind a round-robin load balancer on PORT, as README "Deploying N instances"
// describes it:
// - the Auth emulator (AUTH_EMULATOR_PORT, users in DATA_DIR/auth);
// - the tests' fake S3 for images (tests/server/fake-s3.ts: the instances share no disk);
// - a new database cita_scale_e2e_<random> created through DATABASE_ADMIN_URL and dropped at exit;
// - Redis rate limits (REDIS_URL, a namespace of this run's own);
// - SCALE_INSTANCES (2) API processes on PORT+1, PORT+2, …, each with its own DATA_DIR/instance-N,
//   serving the built SPA (dist/) as `npm start` does, writing e-mails to one DATA_DIR/outbox;
// - the balancer of the scale-out suite (tests/faults/balancer.ts) on PORT.
// Prints "Cita is running at http://127.0.0.1:PORT" once everything answers; SIGINT or SIGTERM
// stops it all and drops the database.
//   node --import tsx scripts/scale-stack.mjs      (it imports the tests' TypeScript helpers)
// Environment: PORT (8080), AUTH_EMULATOR_PORT (9099), DATA_DIR (a new temporary folder),
// DATABASE_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL (redis://127.0.0.1:6379),
// SCALE_INSTANCES (2); anything else (CITA_ADMIN_EMAILS, IDENTITY_RATE_LIMIT, …) reaches the instances.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresTarget } from '../server/db/test-databases.ts';
import { startBalancer } from '../tests/faults/balancer.ts';
import { startServerProcess } from '../tests/faults/server-process.ts';
import { fakeS3Env, startFakeS3 } from '../tests/server/fake-s3.ts';
import { startAuthEmulator } from './emulator.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.PORT || 8080);
const EMULATOR_PORT = Number(process.env.AUTH_EMULATOR_PORT || 9099);
const INSTANCES = Number(process.env.SCALE_INSTANCES || 2);
const DATA_DIR = path.resolve(process.env.DATA_DIR || mkdtempSync(path.join(tmpdir(), 'cita-scale-stack-')));
const ADMIN_URL = process.env.DATABASE_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const url = `http://127.0.0.1:${PORT}`;

/** What has started, stopped in reverse order. */
const running = [];
let stopping = false;

async function shutdown(code, message) {
  if (stopping) return;
  stopping = true;
  if (message) console.error(message);
  for (const { name, stop } of running.reverse()) {
    await stop().catch((error) => console.error(`Stopping ${name}: ${error instanceof Error ? error.message : String(error)}`));
  }
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutdown(0));

async function main() {
  if (!existsSync(path.join(ROOT, 'dist/index.html'))) throw new Error('No built SPA in dist/: run `npx vite build` first.');
  mkdirSync(DATA_DIR, { recursive: true });

  const emulatorStarting = startAuthEmulator({ port: EMULATOR_PORT, dataDir: path.join(DATA_DIR, 'auth'), quiet: true, detached: true, timeoutMs: 180_000 });
  running.push({ name: 'the Auth emulator', stop: async () => (await emulatorStarting.catch(() => undefined))?.stop() });
  const s3 = await startFakeS3();
  running.push({ name: 'the fake S3', stop: () => s3.close() });
  const database = await postgresTarget(ADMIN_URL, { prefix: 'cita_scale_e2e' });
  running.push({ name: 'the database', stop: () => database.dispose() });

  const env = {
    DATABASE_URL: database.options.url,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${EMULATOR_PORT}`,
    SPA_DIST: path.join(ROOT, 'dist'),
    PUBLIC_URL: url,
    MAIL_OUTBOX_DIR: path.join(DATA_DIR, 'outbox'),
    ...fakeS3Env(s3),
    REDIS_URL,
    RATE_LIMIT_NAMESPACE: `cita-scale-e2e-${randomBytes(4).toString('hex')}:`,
    // The limits `npm start` has (server-process.ts raises them for the fault suites) unless set.
    IDENTITY_RATE_LIMIT: process.env.IDENTITY_RATE_LIMIT || '30',
    WRITE_RATE_LIMIT: process.env.WRITE_RATE_LIMIT || '20',
    API_RATE_LIMIT: process.env.API_RATE_LIMIT || '1200',
  };
  // The first instance migrates the new database, the others start on it.
  const instances = [];
  for (let i = 1; i <= INSTANCES; i += 1) {
    const dataDir = path.join(DATA_DIR, `instance-${i}`);
    mkdirSync(dataDir, { recursive: true });
    const instance = await startServerProcess({ port: PORT + i, env: { ...env, DATA_DIR: dataDir }, ready: 'listening' });
    running.push({ name: `instance ${i}`, stop: () => instance.stop() });
    instances.push(instance);
    void instance.exited.then((how) => {
      if (!stopping) void shutdown(1, `Instance ${i} (${instance.baseUrl}) exited (${how}). Its last output:\n${instance.output()}`);
    });
    console.log(`Instance ${i} answering at ${instance.baseUrl}.`);
  }
  const balancer = await startBalancer(
    instances.map((instance) => ({ host: '127.0.0.1', port: Number(new URL(instance.baseUrl).port) })),
    { port: PORT },
  );
  running.push({
    name: 'the balancer',
    stop: async () => {
      await balancer.close();
      // stderr: what Playwright shows of a web server's output.
      console.error(`The balancer sent ${balancer.served.map((count, i) => `${count} requests to instance ${i + 1}`).join(', ')}.`);
    },
  });

  const emulator = await emulatorStarting;
  void emulator.exited.then((exitCode) => {
    if (!stopping) void shutdown(1, `The Auth emulator exited (${exitCode}). Its last output:\n${emulator.output()}`);
  });
  // Every instance sees the identity provider (their /healthz says ok) before the line the tests wait for.
  for (const instance of instances) {
    for (;;) {
      const health = await fetch(`${instance.baseUrl}/healthz`).then((response) => response.json()).catch(() => ({}));
      if (health.status === 'ok') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  console.log(`${INSTANCES} instances on ${database.options.url.replace(/\/\/[^@]*@/, '//')}, images in a fake S3, rate limits in ${REDIS_URL}.`);
  console.log(`Cita is running at ${url}`);
}

main().catch((error) => shutdown(1, error instanceof Error ? error.stack ?? error.message : String(error)));
