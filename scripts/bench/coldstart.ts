// Cold-start rows of `npm run bench`: `npm start` (scripts/start.mjs: the Auth emulator, the API on
// PGlite with its migrations, the built SPA) to its first answers on /healthz and on the SPA's index
// (the API starts beside the emulator, degraded until it is up), to signing in being possible,
// against the floor measured in the same run: a bare Fastify process answering its first request.
// With BENCH_INSTALL=1, also `npm ci` on a fresh copy of the committed tree (git archive HEAD) in a
// temporary directory, and whether anything native was compiled. Ports 18250-18251 (BENCH_PORT).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchRow } from './rows.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PORT = Number(process.env.BENCH_PORT ?? 18250);
// The environment `npm run bench` was started with: the other groups change process.env as they run
// (vite build sets NODE_ENV=production, the API group's verifier sets FIREBASE_AUTH_EMULATOR_HOST).
const START_ENV = { ...process.env };

/** A URL to wait for: its 200, with this Accept, and (when given) a JSON body that `ready` accepts. */
export type Awaited200 = [url: string, accept?: string, ready?: (body: unknown) => boolean];

async function answers(url: string, accept?: string, ready?: (body: unknown) => boolean): Promise<boolean> {
  try {
    const response = await fetch(url, { headers: accept ? { accept } : {}, signal: AbortSignal.timeout(1_000) });
    if (ready) return response.status === 200 && ready(await response.json());
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** /healthz with every dependency up, the identity provider included: signing in works. */
export const SIGN_IN_READY = (body: unknown) => (body as { status?: string } | null)?.status === 'ok';

/**
 * Spawns `command` and waits until each url answers 200 (polled every 25 ms): the milliseconds from
 * the spawn to each answer, and `stop` (SIGINT, then the exit). Stopped already if it throws.
 */
export async function startUntilAnswers(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  urls: Awaited200[],
): Promise<{ times: number[]; stop: () => Promise<void> }> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env: { ...START_ENV, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((done) => child.once('exit', done));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
  };
  try {
    const times: number[] = [];
    for (const [url, accept, ready] of urls) {
      const deadline = started + 180_000;
      while (!(await answers(url, accept, ready))) {
        if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode} before ${url} answered`);
        if (performance.now() > deadline) throw new Error(`${url} did not answer within 180 s`);
        await new Promise((done) => setTimeout(done, 25));
      }
      times.push(performance.now() - started);
    }
    return { times, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Milliseconds from spawning `command` until each url answers 200; then it is stopped. */
async function timeToAnswers(command: string, args: string[], env: NodeJS.ProcessEnv, urls: Awaited200[]): Promise<number[]> {
  const { times, stop } = await startUntilAnswers(command, args, env, urls);
  await stop();
  return times;
}

/** `npm start` rebuilds a stale SPA first: build dist/ beforehand so that a bench times a start, not a build. */
export function buildDist() {
  execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
}

const FLOOR = `const app = require('fastify')(); app.get('/', async () => ({ ok: true })); app.listen({ host: '127.0.0.1', port: ${PORT} });`;

function install(): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'cita-bench-install-'));
  try {
    execFileSync('sh', ['-c', `git -C "${ROOT}" archive HEAD | tar -x -C "${dir}"`]);
    const started = performance.now();
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
    const seconds = (performance.now() - started) / 1000;
    // node-gyp leaves a build/ directory beside every module it compiled.
    const compiled = execFileSync('sh', ['-c', `find node_modules -path '*/build/Release/*.node' -newer package.json | wc -l`], { cwd: dir }).toString().trim();
    return [
      { name: 'cold start: npm ci on a fresh copy (network and npm cache as they are)', value: Math.round(seconds), unit: 's', target: 'report', met: null },
      { name: 'cold start: native modules compiled by npm ci', value: Number(compiled), unit: 'count', target: '0 (re2 is not installed)', met: Number(compiled) === 0 },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function coldstartRows(): Promise<BenchRow[]> {
  buildDist();
  const base = `http://127.0.0.1:${PORT}`;
  const [floor] = await timeToAnswers(process.execPath, ['-e', FLOOR], {}, [[`${base}/`]]);
  const dataDir = mkdtempSync(join(tmpdir(), 'cita-bench-start-'));
  try {
    const [health, index, signIn] = await timeToAnswers(
      process.execPath,
      ['scripts/start.mjs'],
      { PORT: String(PORT), AUTH_EMULATOR_PORT: String(PORT + 1), DATA_DIR: dataDir },
      [[`${base}/healthz`], [`${base}/login`, 'text/html'], [`${base}/healthz`, undefined, SIGN_IN_READY]],
    );
    const s = (ms: number) => Math.round(ms / 100) / 10;
    const rows: BenchRow[] = [
      { name: 'cold start floor: a bare Fastify process to its first answer', value: s(floor!), unit: 's', target: 'floor', met: null },
      { name: 'cold start: npm start to the first /healthz 200 (fresh data directory)', value: s(health!), unit: 's', target: 'report (issue 6 sets no bound)', met: null },
      { name: 'cold start: npm start to the SPA index (/login)', value: s(index!), unit: 's', target: 'report (issue 6 sets no bound)', met: null },
      {
        name: 'cold start: npm start to signing in possible (/healthz ok: the Auth emulator is up too)',
        value: s(signIn!),
        unit: 's',
        target: 'report (issue 6 sets no bound)',
        met: null,
      },
    ];
    if (process.env.BENCH_INSTALL === '1') rows.push(...install());
    else console.warn('bench: BENCH_INSTALL=1 adds the npm ci rows (a fresh copy, minutes)');
    return rows;
  } finally {
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
}
