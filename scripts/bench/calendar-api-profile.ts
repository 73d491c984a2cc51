// Where the calendar range answer's time goes (not part of `npm run bench`): the bench's 60,000
// appointments on PGlite (or PostgreSQL with `postgres`), then each part of POST .../appointments/by
// for ten members' week timed on its own, median of N: each statement, the JSON parse, the whole
// request and the serialization of the answer. OTHER_SQL=file: a variant of the range query, timed
// alongside in the same transactions (A/B on the same load).
//   node --import tsx scripts/bench/calendar-api-profile.ts [pglite|postgres]
import { readFileSync } from 'node:fs';
import { buildApp } from '../../server/app.ts';
import { createIdTokenVerifier } from '../../server/auth/firebase.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { testTarget } from '../../server/db/test-databases.ts';
import { CALENDAR_APPOINTMENTS } from '../../server/appointments/repository.ts';
import { loadMembers, loadTenantClock, loadTimeOff } from '../../server/scheduling/schedules-db.ts';
import { resolveLocal } from '../../server/scheduling/time.ts';
import { arrange, thisWeek } from './calendar-api.ts';

const engine = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const N = Number(process.env.N ?? 60);
const target = await testTarget(engine);
const db = await openDatabase(target.options);
const arranged = await arrange(db);
const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-cita', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', API_RATE_LIMIT: '100000000', DATA_DIR: '/tmp' });
const verifier = createIdTokenVerifier({ projectId: 'demo-cita', emulatorHost: '127.0.0.1:1', production: false });
const app = await buildApp({ config, db, verifier, logger: { level: 'info', stream: { write: () => {} } } });
const { monday, body } = thisWeek();
const start = monday.toPlainDateTime();
const end = monday.add({ days: 7 }).toPlainDateTime();
const userIds = arranged.userIds;
const from = resolveLocal(start, 'Europe/Madrid').instant.toString();
const to = resolveLocal(end, 'Europe/Madrid').instant.toString();
if (process.env.EXPLAIN) {
  await db.withTenant(arranged.tenantId, async (tx) => {
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${CALENDAR_APPOINTMENTS}`, [arranged.tenantId, userIds, from, to]);
    console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
  });
}
const times = new Map<string, number[]>();
const time = async <T>(name: string, fn: () => Promise<T> | T): Promise<T> => {
  const t = performance.now();
  const result = await fn();
  (times.get(name) ?? times.set(name, []).get(name)!).push(performance.now() - t);
  return result;
};
for (let i = 0; i < N; i++) {
  await time('session (autocommit)', () => db.querySystem('SELECT s.user_id FROM sessions s WHERE s.token_hash = $1', [arranged.hash]));
  await time('transaction total', () =>
    db.withTenant(arranged.tenantId, async (tx) => {
      await time('  tenant', () => loadTenantClock(tx, arranged.tenantId));
      await time('  members', () => loadMembers(tx, arranged.tenantId, userIds));
      const { rows } = await time('  appointments (json_agg)', () => tx.query<{ data: unknown }>(CALENDAR_APPOINTMENTS, [arranged.tenantId, userIds, from, to]));
      if (process.env.OTHER_SQL) await time('  appointments (OTHER_SQL)', () => tx.query(readFileSync(process.env.OTHER_SQL!, 'utf8'), [arranged.tenantId, userIds, from, to]));
      await time('  JSON.parse', () => (typeof rows[0]!.data === 'string' ? JSON.parse(rows[0]!.data) : rows[0]!.data));
      await time('  time off', () => loadTimeOff(tx, arranged.tenantId, userIds, start, end));
    }),
  );
  const response = await time('whole request (inject)', () =>
    app.inject({ method: 'POST', url: `/v1/tenants/${arranged.tenantId}/users/${userIds[0]}/appointments/by`, headers: { authorization: `Bearer ${arranged.token}` }, payload: { ...body, userIds } }),
  );
  if (response.statusCode !== 200) throw new Error(response.body);
  if (i === 0) console.log(`answer: ${response.body.length} bytes`);
  const parsed = JSON.parse(response.body);
  await time('JSON.stringify of the answer', () => JSON.stringify(parsed));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;
console.table(Object.fromEntries([...times.entries()].map(([name, values]) => [name, { median: +median(values).toFixed(2), p90: +p90(values).toFixed(2) }])));
await app.close();
await verifier.close();
await db.close();
await target.dispose();
