// `npm start`: one local URL with the built SPA, the API (PGlite in ./data unless DATABASE_URL) and,
// unless a real Firebase project is configured, the Auth emulator with its users kept in ./data/auth.
//   node scripts/start.mjs [--build]     --build: rebuild the SPA even when dist/ looks current
// Environment: PORT (8080), HOST (127.0.0.1), DATABASE_URL, FIREBASE_PROJECT_ID (a non-demo id means
// real Firebase: no emulator), FIREBASE_AUTH_EMULATOR_HOST (use an emulator that is already running),
// AUTH_EMULATOR_PORT (9099), CITA_SERVER_ENTRY (server/main.ts).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from './emulator.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
process.chdir(ROOT);

const PORT = Number(process.env.PORT || 8080);
const HOST = process.env.HOST || '127.0.0.1';
const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || 'demo-cita';
const SERVER_ENTRY = process.env.CITA_SERVER_ENTRY || 'server/main.ts';
const SPA_INPUTS = ['src', 'generated', 'messages', 'public', 'index.html', 'vite.config.ts', 'postcss.config.cjs', 'package-lock.json'];
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

/** @type {import('node:child_process').ChildProcess | undefined} */
let server;
/** @type {Promise<import('./emulator.mjs').AuthEmulator | undefined> | undefined} */
let emulatorStarting;
let stopping = false;

function newestChange(/** @type {string} */ entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (!/\.test\.[jt]sx?$/.test(child)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

function run(/** @type {string} */ command, /** @type {string[]} */ args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function buildSpaIfNeeded() {
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  const stale = built < Math.max(...SPA_INPUTS.map(newestChange));
  if (!process.argv.includes('--build') && !stale) return;
  console.log(built ? 'Rebuilding the web app (sources changed)…' : 'Building the web app…');
  await run('node_modules/.bin/vite', ['build', '--logLevel', 'warn']);
}

function portInUse(/** @type {number} */ port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: HOST === '0.0.0.0' ? '127.0.0.1' : HOST });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/** SIGINT, then SIGKILL to its whole process group (tsx runs the server in a child) if it lingers. */
async function stopServer() {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  const timer = setTimeout(() => { try { process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL'); } catch { /* gone */ } }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Stops the server first, then the emulator (which exports its users), and exits. */
async function shutdown(/** @type {number} */ code, /** @type {string | undefined} */ message) {
  if (stopping) return;
  stopping = true;
  if (message) console.error(message);
  await stopServer();
  const emulator = await emulatorStarting?.catch(() => undefined);
  await emulator?.stop();
  process.exit(code);
}

let interrupts = 0;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (++interrupts > 1) {
      console.error('Stopping right now.');
      try { if (server?.pid) process.kill(-server.pid, 'SIGKILL'); } catch { /* gone */ }
      process.exit(130);
    }
    console.log('\nStopping Cita…');
    void shutdown(0);
  });
}
// If this script dies some other way, the detached children must not keep the ports.
process.on('exit', () => { if (server?.exitCode === null) server.kill('SIGTERM'); });

/** GET /healthz: null when nothing answers yet, else its JSON (status ok | degraded | unavailable). */
async function health(/** @type {string} */ url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    const body = /** @type {{ status?: string }} */ (await response.json().catch(() => ({})));
    return { httpStatus: response.status, status: body.status };
  } catch {
    return null;
  }
}

async function main() {
  if (await portInUse(PORT)) throw new Error(`Port ${PORT} is already in use (another Cita running?): stop it or set PORT.`);
  await buildSpaIfNeeded();
  if (stopping) return;

  // The Auth emulator (about a minute on a busy machine) and the API start at the same time: the API
  // answers at once (degraded: /healthz says the identity provider is down, signing in answers 503)
  // and signing in works as soon as the emulator is up, without a restart.
  let emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost && PROJECT_ID.startsWith('demo-')) {
    const startedAt = Date.now();
    const port = Number(process.env.AUTH_EMULATOR_PORT || 9099);
    const authDir = path.join(process.env.DATA_DIR || 'data', 'auth');
    emulatorHost = `127.0.0.1:${port}`;
    emulatorStarting = startAuthEmulator({ port, dataDir: authDir, projectId: PROJECT_ID, quiet: true, detached: true, timeoutMs: READY_TIMEOUT_MS });
    emulatorStarting.then(
      (emulator) => {
        if (stopping) return;
        console.log(`Auth emulator ready at http://${emulator.host} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (users kept in ${authDir}).`);
        emulator.exited.then((exitCode) => {
          if (!stopping) void shutdown(1, `The Auth emulator exited unexpectedly (${exitCode === null ? 'killed by a signal' : `code ${exitCode}`}). Its last output:\n${emulator.output()}`);
        });
      },
      (error) => void shutdown(1, `The Auth emulator did not start: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    SPA_DIST: process.env.SPA_DIST || 'dist',
  };
  if (emulatorHost) env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  // Its own process group: a terminal's Ctrl-C reaches only this script, which stops things in order.
  server = spawn('node_modules/.bin/tsx', [SERVER_ENTRY], { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  server.once('error', (error) => void shutdown(1, `Could not start the API server: ${error.message}`));
  server.once('exit', (exitCode, signal) => {
    if (!stopping) void shutdown(1, `The API server (${SERVER_ENTRY}) exited unexpectedly (${signal ?? `code ${exitCode}`}); its output is above.`);
  });

  // Readiness: "answering" at the first 200 from /healthz, "running" once it reports every dependency
  // up (the identity provider included), so that signing in works from that line on.
  const display = HOST === '0.0.0.0' || HOST === '::' ? '127.0.0.1' : HOST;
  const url = `http://${display}:${PORT}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let answering = false;
  for (;;) {
    if (stopping) return;
    const state = await health(`${url}/healthz`);
    if (state?.httpStatus === 200 && state.status === 'ok') break;
    if (state?.httpStatus === 200 && !answering) {
      answering = true;
      console.log(`Cita is answering at ${url}; signing in waits for the identity provider (${state.status})…`);
    }
    if (Date.now() > deadline) {
      return shutdown(1, answering ? `The identity provider was not up within ${READY_TIMEOUT_MS / 1000} s (see ${url}/healthz).` : `The API server did not answer ${url}/healthz within ${READY_TIMEOUT_MS / 1000} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stopping) console.log(`Cita is running at ${url}`);
}

main().catch((error) => shutdown(1, error instanceof Error ? error.message : String(error)));
