// A CPU profile of Cita's API under the bench's load, the load generator in another process so
// that only the server is in the profile. Not part of `npm run bench`:
//   node --import tsx scripts/bench/profile-api.ts [team|session] [pglite|postgres]  → bench/api-<…>.cpuprofile
// (open it in Chrome DevTools, or summarize it by package).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { buildApp } from '../../server/app.ts';
import { createIdTokenVerifier } from '../../server/auth/firebase.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { testTarget } from '../../server/db/test-databases.ts';
import { arrange } from './api.ts';

const which = process.argv[2] === 'session' ? 'session' : 'team';
const engine = process.argv[3] === 'postgres' ? 'postgres' : 'pglite';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const target = await testTarget(engine);
const db = await openDatabase(target.options);
const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-cita', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', API_RATE_LIMIT: '100000000', DATA_DIR: '/tmp' });
const verifier = createIdTokenVerifier({ projectId: 'demo-cita', emulatorHost: '127.0.0.1:1', production: false });
const app = await buildApp({ config, db, verifier, logger: { level: 'info', stream: { write: () => {} } } });
await app.listen({ host: '127.0.0.1', port: 0 });
const { tenantId, userId, token } = await arrange(db);
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${which === 'team' ? `/v1/tenants/${tenantId}/team` : `/v1/users/${userId}`}`;
const load = (duration: number) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/autocannon/autocannon.js', '-c', '20', '-d', String(duration), '-H', `authorization=Bearer ${token}`, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', () => resolve(out));
  });
await load(2); // warm-up
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const report = await load(seconds);
const { profile } = await session.post('Profiler.stop');
mkdirSync('bench', { recursive: true });
const file = `bench/api-${which}-${engine}.cpuprofile`;
writeFileSync(file, JSON.stringify(profile));
console.log(report.split('\n').filter((line) => /Req\/Sec|Latency|requests in/.test(line)).join('\n'));
console.log(`profile written to ${file}`);
await app.close();
await verifier.close();
await db.close();
await target.dispose();
