// Where a fixed-rate run's latency goes, on the server's side: CPU per request, GC pauses, event-loop
// delay, with the load generator in another process (load.ts). Not part of `npm run bench`:
//   node --import tsx scripts/bench/stall-api.ts [team|session|customers|search] [pglite|postgres] [rate]
//   PROFILE=1 also writes bench/stall-<which>-<engine>.cpuprofile of the measured run.
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { buildApp } from '../../server/app.ts';
import { createIdTokenVerifier } from '../../server/auth/firebase.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { testTarget } from '../../server/db/test-databases.ts';
import { arrange } from './api.ts';
import { PATTERNS, startCita } from './catalogue.ts';
import { load } from './load.ts';

// Each PGlite protocol call runs synchronously on this thread: time each one, keep the statement's text.
const calls: Array<{ ms: number; sql: string }> = [];
let recording = false;
const proto = PGlite.prototype as unknown as { execProtocolRawSync(message: Uint8Array): unknown };
const original = proto.execProtocolRawSync;
proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
  if (!recording) return original.call(this, message);
  const start = performance.now();
  try {
    return original.call(this, message);
  } finally {
    const text = Buffer.from(message.subarray(0, 300)).toString('latin1').replace(/[^\x20-\x7e]+/g, ' ');
    calls.push({ ms: performance.now() - start, sql: text.trim().slice(0, 140) });
  }
};

const which = process.argv[2] ?? 'team';
const engine = process.argv[3] === 'postgres' ? 'postgres' : 'pglite';
const rate = Number(process.argv[4] ?? (which === 'team' || which === 'session' ? 100 : 50));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

let baseUrl: string;
let paths: string[];
let headers: Record<string, string>;
let close: () => Promise<void>;
if (which === 'team' || which === 'session') {
  const target = await testTarget(engine);
  const db = await openDatabase(target.options);
  const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-cita', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', API_RATE_LIMIT: '100000000', DATA_DIR: '/tmp' });
  const verifier = createIdTokenVerifier({ projectId: 'demo-cita', emulatorHost: '127.0.0.1:1', production: false });
  const app = await buildApp({ config, db, verifier, logger: { level: 'info', stream: { write: () => {} } } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { tenantId, userId, token } = await arrange(db);
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  paths = [which === 'team' ? `/v1/tenants/${tenantId}/team` : `/v1/users/${userId}`];
  headers = { authorization: `Bearer ${token}` };
  close = async () => {
    await app.close();
    await verifier.close();
    await db.close();
    await target.dispose();
  };
} else {
  const cita = await startCita(engine);
  const base = `/v1/tenants/${cita.tenantId}/customers`;
  paths =
    which === 'customers'
      ? [`${base}/list?limit=50&offset=0&sort=lastName`, `${base}/list?limit=50&offset=4950&sort=lastName`, `${base}/list?limit=50&offset=0&sort=-createdAt`]
      : PATTERNS.map((pattern) => `${base}/by/${encodeURIComponent(pattern)}?limit=50`);
  baseUrl = cita.baseUrl;
  headers = { authorization: `Bearer ${cita.token}` };
  close = () => cita.close();
}

// CPU per request, one request at a time (no queueing): the cost the server pays for each.
for (const path of paths) for (let i = 0; i < 5; i += 1) await (await fetch(`${baseUrl}${path}`, { headers })).arrayBuffer();
const n = 40 * paths.length;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < n; i += 1) await (await fetch(`${baseUrl}${paths[i % paths.length]}`, { headers })).arrayBuffer();
const cpu = process.cpuUsage(cpu0);
console.log(`sequential: ${((performance.now() - t0) / n).toFixed(2)} ms wall, ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms CPU per request (incl. the fetch client)`);

if (process.env.TRACE_ONE) {
  for (const path of paths) {
    recording = true;
    await (await fetch(`${baseUrl}${path}`, { headers })).arrayBuffer();
    recording = false;
    console.log(`${path}: ${calls.length} PGlite calls:`);
    for (const call of calls.splice(0)) console.log(`  ${call.ms.toFixed(2)} ms  ${call.sql}`);
  }
}

const gcs: number[] = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcs.push(entry.duration);
});
await load({ url: baseUrl, headers, connections: 10, duration: 2, overallRate: rate, requests: paths.map((path) => ({ method: 'GET', path })) }); // warm-up
observer.observe({ entryTypes: ['gc'] });
recording = true;
const session = process.env.PROFILE ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
const loadCpu0 = process.cpuUsage();
const result = await load({ url: baseUrl, headers, connections: 10, duration: seconds, overallRate: rate, requests: paths.map((path) => ({ method: 'GET', path })) });
const loadCpu = process.cpuUsage(loadCpu0);
observer.disconnect();
recording = false;
if (session) {
  const { profile } = await session.post('Profiler.stop');
  mkdirSync('bench', { recursive: true });
  writeFileSync(`bench/stall-${which}-${engine}.cpuprofile`, JSON.stringify(profile));
}
const served = result.rps * seconds;
gcs.sort((a, b) => a - b);
console.log(
  `at ${rate} req/s: client p50 ${result.p50} p99 ${result.p99} max ${result.max} ms, non2xx ${result.non2xx}; ` +
    `server CPU ${((loadCpu.user + loadCpu.system) / 1000 / served).toFixed(2)} ms/request (${(((loadCpu.user + loadCpu.system) / 1e6 / seconds) * 100).toFixed(0)} % of a core); ` +
    `event-loop delay p50 ${result.loop.p50} p99 ${result.loop.p99} max ${result.loop.max} ms; ` +
    `GC ${gcs.length} pauses, total ${gcs.reduce((a, b) => a + b, 0).toFixed(0)} ms, max ${(gcs.at(-1) ?? 0).toFixed(1)} ms`,
);
if (calls.length > 0) {
  const sorted = calls.map((call) => call.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  console.log(`PGlite calls: ${calls.length} (${(calls.length / served).toFixed(1)} per request), total ${sorted.reduce((a, b) => a + b, 0).toFixed(0)} ms, p50 ${at(0.5)} p99 ${at(0.99)} max ${at(1)} ms; slowest:`);
  for (const call of [...calls].sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.SLOWEST ?? 8))) console.log(`  ${call.ms.toFixed(1)} ms  ${call.sql}`);
}
await close();
