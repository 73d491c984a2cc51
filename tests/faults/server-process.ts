// The API server as the real deployment runs it: its own process (`node --import tsx server/main.ts`,
// what `npm start` spawns), so that it can be killed with SIGKILL like a crashed container.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TAIL_LINES = 60;

export interface ServerProcess {
  pid: number;
  baseUrl: string;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<string>;
  /** SIGKILL: no shutdown hook runs, nothing is flushed or closed. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (the graceful shutdown of server/main.ts), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** The last lines the server printed (for failure messages). */
  output(): string;
}

export interface StartOptions {
  port: number;
  env: Record<string, string>;
  /** `ok`: wait for /healthz 200 (default); `listening`: any answer of /healthz (a degraded start). */
  ready?: 'ok' | 'listening';
  timeoutMs?: number;
}

export async function startServerProcess({ port, env, ready = 'ok', timeoutMs = 180_000 }: StartOptions): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      FIREBASE_PROJECT_ID: 'demo-cita',
      IDENTITY_RATE_LIMIT: '100000',
      API_RATE_LIMIT: '10000000',
      WRITE_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const collect = (chunk: Buffer) => {
    tail.push(...chunk.toString().split('\n').filter((line) => line.trim()));
    tail.splice(0, Math.max(0, tail.length - TAIL_LINES));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`));
    child.once('error', (error) => resolve(`error ${error.message}`));
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const output = () => tail.join('\n');
  const baseUrl = `http://127.0.0.1:${port}`;
  const kill = async () => {
    if (!gone) child.kill('SIGKILL');
    await exited;
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`The server exited before answering (${await exited}). Its output:\n${output()}`);
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`The server did not answer ${baseUrl}/healthz within ${timeoutMs / 1000} s. Its output:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (ready === 'listening' || response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    pid: child.pid!,
    baseUrl,
    exited,
    kill,
    async stop(graceMs = 10_000) {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    output,
  };
}

/** A small seeded PRNG (mulberry32): the same seed gives the same choices and kill moments. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of this run: FAULTS_SEED, or a fixed default so that CI runs are reproducible. */
export const FAULTS_SEED = Number(process.env.FAULTS_SEED ?? 20261123);

/** Polls `probe` every `everyMs` until it gives a value (a throw counts as not yet), or fails after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, { timeoutMs = 30_000, everyMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
