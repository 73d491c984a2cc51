// The Firebase Auth emulator (firebase-tools `--only auth`, a `demo-` project: runs offline, no Java),
// started and stopped from scripts and tests, plus REST helpers that play the client SDK in tests.
// `node scripts/emulator.mjs [--port 9099] [--data-dir data/auth]` runs it in the foreground until Ctrl-C.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIREBASE = path.join(ROOT, 'node_modules/.bin/firebase');
/** The emulator accepts any API key; this is the one the tests and the offline SPA use. */
export const EMULATOR_API_KEY = 'fake-api-key';
const TAIL_LINES = 40;

/**
 * @typedef {object} AuthEmulator
 * @property {string} host `127.0.0.1:<port>`, the value for FIREBASE_AUTH_EMULATOR_HOST.
 * @property {string} projectId
 * @property {number} pid
 * @property {Promise<number | null>} exited Resolves with the exit code when the emulator exits, for whatever reason.
 * @property {() => string} output The last lines it printed.
 * @property {() => Promise<void>} stop SIGINT, then waits for the exit (and the export to dataDir).
 */

/**
 * Starts the Auth emulator and resolves once it answers HTTP (~10 s here).
 * With `dataDir`, users survive restarts: imported from it when it holds an export, exported to it on stop.
 * `detached` puts it in its own process group so a terminal's Ctrl-C reaches only the caller, which
 * then stops it in order (a second SIGINT would make firebase-tools skip the export).
 * @param {{ port?: number, dataDir?: string, projectId?: string, quiet?: boolean, detached?: boolean, timeoutMs?: number }} [options]
 * @returns {Promise<AuthEmulator>}
 */
export async function startAuthEmulator({
  port = 9099,
  dataDir,
  projectId = 'demo-cita',
  quiet = false,
  detached = false,
  timeoutMs = 60_000,
} = {}) {
  if (!projectId.startsWith('demo-')) throw new Error(`The offline Auth emulator needs a "demo-" project id, not "${projectId}".`);
  const host = `127.0.0.1:${port}`;
  if (await answers(`http://${host}/`)) {
    throw new Error(`Something already answers on ${host} (an emulator left running?): stop it or choose another port.`);
  }

  // One work directory per instance: the generated firebase.json (the committed one with this port),
  // the cwd (firebase-tools writes its temporary export and debug log there) and TMPDIR (its hub
  // locator file is named per project id only, so two emulators of one project would share it and
  // export each other's users).
  const workDir = mkdtempSync(path.join(tmpdir(), 'cita-auth-emulator-'));
  const base = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
  // The hub and logging ports next to the auth port: left to firebase-tools, two emulators starting
  // at the same time (a Playwright run beside the server tests) can both fall back to the same free
  // port, and one dies with "An unexpected error has occurred".
  const neighbours = port + 2 <= 65535 ? { hub: { host: '127.0.0.1', port: port + 1 }, logging: { host: '127.0.0.1', port: port + 2 } } : {};
  const config = { ...base, emulators: { ...base.emulators, auth: { host: '127.0.0.1', port }, ...neighbours } };
  const configPath = path.join(workDir, 'firebase.json');
  writeFileSync(configPath, JSON.stringify(config, null, 2));

  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configPath, '--non-interactive'];
  let importing = false;
  if (dataDir) {
    const dir = path.resolve(dataDir);
    importing = existsSync(path.join(dir, 'firebase-export-metadata.json'));
    if (importing) args.push('--import', dir);
    args.push('--export-on-exit', dir);
  }

  const child = spawn(FIREBASE, args, {
    cwd: workDir,
    env: { ...process.env, TMPDIR: workDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  /** @type {string[]} */
  const tail = [];
  // It answers HTTP before it has imported the saved users; this line comes after the import.
  let announcedReady = false;
  let recent = '';
  const collect = (/** @type {NodeJS.WriteStream} */ echo) => (/** @type {Buffer} */ chunk) => {
    if (!quiet) echo.write(chunk);
    recent = recent.slice(-100) + chunk.toString();
    announcedReady ||= recent.includes('All emulators ready');
    tail.push(...chunk.toString().split('\n').filter((line) => line.trim()));
    tail.splice(0, Math.max(0, tail.length - TAIL_LINES));
  };
  child.stdout.on('data', collect(process.stdout));
  child.stderr.on('data', collect(process.stderr));
  const output = () => tail.join('\n');

  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => {
    child.once('error', (error) => { tail.push(String(error)); resolve(-1); });
    child.once('exit', (code) => resolve(code));
  });
  exited.then(() => rmSync(workDir, { recursive: true, force: true }));
  // A caller that exits without stop() must not leave it holding the port.
  const onExit = () => { if (child.exitCode === null) child.kill('SIGINT'); };
  process.once('exit', onExit);

  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };

  const deadline = Date.now() + timeoutMs;
  let alive = true;
  exited.then(() => { alive = false; });
  while (!((announcedReady || !importing) && (await answers(`http://${host}/`)))) {
    if (!alive) {
      await stop();
      throw new Error(`The Auth emulator exited before answering on ${host}. Its last output:\n${output()}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Auth emulator did not answer on ${host} within ${timeoutMs / 1000} s. Its last output:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { host, projectId, pid: /** @type {number} */ (child.pid), exited, output, stop };
}

/** @param {string} url */
async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * @param {string} host
 * @param {string} method
 * @param {string} urlPath
 * @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 * @returns {Promise<any>}
 */
async function emulatorRequest(host, method, urlPath, body, headers = {}) {
  const response = await fetch(`http://${host}${urlPath}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try { message = JSON.parse(text).error?.message ?? text; } catch { /* not JSON */ }
    throw new Error(`Auth emulator ${method} ${urlPath.split('?')[0]} failed (${response.status}): ${message}`);
  }
  return text ? JSON.parse(text) : {};
}

const identityToolkit = (/** @type {string} */ operation) =>
  `/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=${EMULATOR_API_KEY}`;

/**
 * Deletes every user of the project in the emulator.
 * @param {string} host
 * @param {string} [projectId]
 */
export async function clearEmulatorUsers(host, projectId = 'demo-cita') {
  await emulatorRequest(host, 'DELETE', `/emulator/v1/projects/${projectId}/accounts`);
}

/**
 * Signs in with e-mail and password, as the client SDK would: a fresh ID token.
 * @param {string} host
 * @param {{ email: string, password: string }} credentials
 * @returns {Promise<{ idToken: string, localId: string }>}
 */
export async function signInWithPassword(host, { email, password }) {
  const { idToken, localId } = await emulatorRequest(host, 'POST', identityToolkit('signInWithPassword'), {
    email, password, returnSecureToken: true,
  });
  return { idToken, localId };
}

/**
 * Signs up a user with e-mail and password (fails if the e-mail exists). With `emailVerified`, marks
 * the e-mail verified and returns a token issued afterwards, which carries `email_verified: true`.
 * @param {string} host
 * @param {{ email: string, password: string, emailVerified?: boolean }} user
 * @returns {Promise<{ idToken: string, localId: string }>}
 */
export async function createEmulatorUser(host, { email, password, emailVerified = false }) {
  const { idToken, localId } = await emulatorRequest(host, 'POST', identityToolkit('signUp'), {
    email, password, returnSecureToken: true,
  });
  if (!emailVerified) return { idToken, localId };
  // "Bearer owner" is the emulator's stand-in for admin credentials.
  await emulatorRequest(host, 'POST', identityToolkit('update'), { localId, emailVerified: true }, { authorization: 'Bearer owner' });
  return signInWithPassword(host, { email, password });
}

/**
 * Changes an account as the Firebase console or Admin SDK would (e-mail, verified flag, disabled,
 * `validSince` in epoch seconds to revoke the tokens issued before it).
 * @param {string} host
 * @param {{ localId: string, email?: string, emailVerified?: boolean, disableUser?: boolean, validSince?: string }} changes
 */
export async function updateEmulatorUser(host, changes) {
  await emulatorRequest(host, 'POST', identityToolkit('update'), changes, { authorization: 'Bearer owner' });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '9099' }, 'data-dir': { type: 'string', default: path.join(ROOT, 'data/auth') } },
  });
  const startedAt = Date.now();
  const emulator = await startAuthEmulator({ port: Number(values.port), dataDir: values['data-dir'], detached: true });
  console.log(`Auth emulator ready at http://${emulator.host} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s ` +
    `(users kept in ${values['data-dir']}); Ctrl-C stops it.`);
  let signals = 0;
  const stop = () => {
    if (++signals > 1) { process.kill(emulator.pid, 'SIGKILL'); return; }
    emulator.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  emulator.exited.then((code) => { if (!signals) process.exit(code || 1); });
}
