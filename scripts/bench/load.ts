// Load generation for the bench's API rows: autocannon in a child process, never in the event loop
// of the server under test (a real server does not share its event loop with its clients: in one
// process, the generator's timers and response parsing queue behind the server's work and the other
// way round, and both show up as latency). While the load runs, this (the server's) process records
// its own event-loop delay, so a stall on the server's side can be told from one on the network's.
import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Requests per second, evenly spaced and open-loop over at most `connections` sockets (load-child.mjs), else autocannon as fast as the server answers. */
  overallRate?: number;
  /** Requests each connection sends in turn (paths relative to url). */
  requests?: Array<{ method: string; path: string }>;
  /** What a fixed-rate run's log line names (default: the url's path). */
  label?: string;
}

export interface LoadResult {
  rps: number;
  /** Latency percentiles and maximum, ms, as measured by the client. */
  p50: number;
  p99: number;
  max: number;
  /** Non-2xx answers, errors and timeouts. */
  non2xx: number;
  /** This process's event-loop delay during the run, ms (p50, p99, max). */
  loop: { p50: number; p99: number; max: number };
}

const CHILD = fileURLToPath(new URL('./load-child.mjs', import.meta.url));

export async function load(options: LoadOptions): Promise<LoadResult> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  const child = fork(CHILD, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  histogram.enable();
  try {
    const answer = await new Promise<{ ok: true; rps: number; p50: number; p99: number; max: number; non2xx: number } | { ok: false; error: string }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as never));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`bench: the load generator exited (${code}) without an answer`)));
      child.send(options);
    });
    if (!answer.ok) throw new Error(`bench: the load generator failed: ${answer.error}`);
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const result = { ...answer, loop: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) } };
    if (options.overallRate) {
      const label = options.label ?? new URL(options.url).pathname;
      console.log(`bench: ${label} at ${options.overallRate} req/s: p50 ${result.p50} p99 ${result.p99} max ${result.max} ms; server event-loop delay p99 ${result.loop.p99} max ${result.loop.max} ms`);
    }
    return result;
  } finally {
    histogram.disable();
    child.removeAllListeners();
    if (child.exitCode === null) child.kill();
  }
}
