// Calendar rows of `npm run bench` (BENCH_ONLY=calendar-api): POST /v1/tenants/{id}/users/{userId}/appointments/by
// for one week of one member and of all ten members side by side, in a business with 60,000 appointments
// over 3 years and 10 members, against a floor measured in the same run on the same database: a bare
// Fastify route running the same reads (session, business, members and their hours, time off, the
// week's appointments) in one transaction. On PGlite, and on PostgreSQL when a URL is given.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { buildApp } from '../../server/app.ts';
import { newSessionToken } from '../../server/auth/session-token.ts';
import { createIdTokenVerifier } from '../../server/auth/firebase.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { testTarget } from '../../server/db/test-databases.ts';
import { CALENDAR_APPOINTMENTS } from '../../server/appointments/repository.ts';
import { loadMembers, loadTenantClock, loadTimeOff } from '../../server/scheduling/schedules-db.ts';
import { resolveLocal } from '../../server/scheduling/time.ts';
import { latencyRow, report, type BenchRow } from './rows.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const MEMBERS = 10;
const APPOINTMENTS = 60_000;
const ZONE = 'Europe/Madrid';
const WEEKLY = {
  monday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
  tuesday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
  wednesday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
  thursday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
  friday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
  saturday: [{ start: '10:00', end: '14:00' }],
  sunday: [],
};

interface Arranged {
  tenantId: string;
  userIds: string[];
  token: string;
  hash: string;
}

/**
 * The business, its ten members, a session for the owner, and 60,000 appointments (with their service
 * line) on weekdays over the 3 years around today, inserted in bulk with SQL; a few blocks of time off.
 */
export async function arrange(db: Database): Promise<Arranged> {
  return db.withSystem(async (tx) => {
    const userIds: string[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const { rows } = await tx.query<{ id: string }>(`INSERT INTO users (email, status, name, email_verified) VALUES ($1, 'USER_STATUS_ACTIVE', $2, true) RETURNING id`, [
        `cal-bench-${i}-${randomUUID().slice(0, 8)}@example.com`,
        `Person ${i}`,
      ]);
      userIds.push(rows[0]!.id);
    }
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO tenants (business_name, email, status, owner_user_id, time_zone, opening_hours)
       VALUES ('Calendar bench salon', 'bench@example.com', 'TENANT_STATUS_ACTIVE', $1, $2, $3) RETURNING id`,
      [userIds[0], ZONE, JSON.stringify({ timeZone: ZONE, weekly: WEEKLY, closedDates: [] })],
    );
    const tenantId = rows[0]!.id;
    await tx.query(
      `INSERT INTO memberships (tenant_id, user_id, role)
       SELECT $1, u, CASE WHEN o = 1 THEN 'TEAM_ROLE_OWNER' ELSE 'TEAM_ROLE_MEMBER' END FROM unnest($2::uuid[]) WITH ORDINALITY AS t(u, o)`,
      [tenantId, userIds],
    );
    const customer = (await tx.query<{ id: string }>(`INSERT INTO customers (tenant_id, name, last_name) VALUES ($1, 'Lucía', 'García') RETURNING id`, [tenantId])).rows[0]!.id;
    const service = (
      await tx.query<{ id: string }>(
        `INSERT INTO services (tenant_id, name, duration_minutes, price_amount, price_currency, tax_percentage, color) VALUES ($1, 'Corte', 45, 2500, 'EUR', 21, '#12b886') RETURNING id`,
        [tenantId],
      )
    ).rows[0]!.id;
    const today = Temporal.Now.plainDateISO(ZONE);
    const from = today.subtract({ days: 548 }).toString();
    const to = today.add({ days: 548 }).toString();
    // 8 slots of 45 minutes a weekday (9:00 to 16:00 on the hour) per member: ~6,250 each, 6,000 kept.
    const perMember = APPOINTMENTS / MEMBERS;
    await tx.query(
      `INSERT INTO appointments (tenant_id, user_id, customer_id, customer_snapshot, start_at, end_at, start_local, end_local, status, total_amount, total_currency)
       SELECT $1, user_id, $2, $3::jsonb, s AT TIME ZONE $4, (s + interval '45 minutes') AT TIME ZONE $4, s, s + interval '45 minutes',
              CASE WHEN s < now() AT TIME ZONE $4 THEN 'APPOINTMENT_STATUS_DONE' ELSE 'APPOINTMENT_STATUS_CONFIRMED' END, 2500, 'EUR'
         FROM (SELECT m.user_id, d + make_interval(hours => h) AS s,
                      row_number() OVER (PARTITION BY m.user_id ORDER BY d, h) AS n
                 FROM unnest($5::uuid[]) AS m(user_id),
                      generate_series($6::date::timestamp, $7::date::timestamp, interval '1 day') AS d,
                      generate_series(9, 16) AS h
                WHERE extract(isodow FROM d) < 6) slots
        WHERE n <= $8`,
      [tenantId, customer, JSON.stringify({ id: customer, name: 'Lucía', lastName: 'García' }), ZONE, userIds, from, to, perMember],
    );
    await tx.query(
      `INSERT INTO appointment_services (tenant_id, appointment_id, position, service_id, name, duration_minutes, price_amount, price_currency)
       SELECT tenant_id, id, 1, $2, 'Corte', 45, 2500, 'EUR' FROM appointments WHERE tenant_id = $1`,
      [tenantId, service],
    );
    await tx.query(
      `INSERT INTO time_off (tenant_id, user_id, kind, start_at, end_at, start_local, end_local, description)
       SELECT $1, user_id, 'TIME_OFF_KIND_BLOCK', s AT TIME ZONE $3, (s + interval '1 hour') AT TIME ZONE $3, s, s + interval '1 hour', 'Médico'
         FROM unnest($2::uuid[]) AS m(user_id), generate_series($4::date + time '17:00', $5::date + time '17:00', interval '7 days') AS s`,
      [tenantId, userIds, ZONE, from, to],
    );
    await tx.query('ANALYZE appointments');
    await tx.query('ANALYZE appointment_services');
    await tx.query('ANALYZE time_off');
    const { token, hash } = newSessionToken();
    await tx.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [hash, userIds[0]]);
    return { tenantId, userIds, token, hash };
  });
}

/** This week, Monday 00:00 to the next Monday 00:00, as the calendar asks for it. */
export function thisWeek() {
  const today = Temporal.Now.plainDateISO(ZONE);
  const monday = today.subtract({ days: today.dayOfWeek - 1 });
  const parts = (d: Temporal.PlainDate) => ({ year: d.year, month: d.month, day: d.day, hours: 0, minutes: 0 });
  return { monday, body: { startDate: parts(monday), endDate: parts(monday.add({ days: 7 })) } };
}

/** The floor: the same reads in one transaction behind a bare Fastify route (no auth layers, validation or slot computation). */
async function floorServer(db: Database, arranged: Arranged) {
  const app = Fastify({ logger: false });
  app.post('/by', async (request) => {
    const { userIds } = request.body as { userIds: string[] };
    const { monday } = thisWeek();
    const start = monday.toPlainDateTime();
    const end = monday.add({ days: 7 }).toPlainDateTime();
    // The session check is one autocommit statement, as in Cita (server/security.ts).
    await db.querySystem('SELECT s.user_id FROM sessions s WHERE s.token_hash = $1', [arranged.hash]);
    return db.withTenant(arranged.tenantId, async (tx) => {
      await loadTenantClock(tx, arranged.tenantId);
      await loadMembers(tx, arranged.tenantId, userIds);
      await loadTimeOff(tx, arranged.tenantId, userIds, start, end);
      const { rows } = await tx.query(CALENDAR_APPOINTMENTS, [
        arranged.tenantId,
        userIds,
        resolveLocal(start, ZONE).instant.toString(),
        resolveLocal(end, ZONE).instant.toString(),
      ]);
      return { appointments: rows };
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

interface Load {
  p50: number;
  p99: number;
  non2xx: number;
}

/** Latency of back-to-back requests on one connection: what one calendar waits, without queueing behind others. */
async function load(url: string, headers: Record<string, string>, body: unknown): Promise<Load> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    connections: 1,
    duration: DURATION_S,
  });
  // autocannon's errors include its timeouts.
  return { p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

async function engineRows(engine: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const target = await testTarget(engine);
  const db = await openDatabase(target.options);
  try {
    const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-cita', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', API_RATE_LIMIT: '100000000', DATA_DIR: '/tmp' });
    const verifier = createIdTokenVerifier({ projectId: 'demo-cita', emulatorHost: '127.0.0.1:1', production: false });
    const app = await buildApp({ config, db, verifier, logger: { level: 'info', stream: { write: () => {} } } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const cita = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const arrangedAt = performance.now();
    const arranged = await arrange(db);
    console.warn(`bench: ${APPOINTMENTS} appointments on ${engine} in ${Math.round(performance.now() - arrangedAt)} ms`);
    const floor = await floorServer(db, arranged);
    const auth = { authorization: `Bearer ${arranged.token}` };
    const { body } = thisWeek();
    try {
      const rows: BenchRow[] = [];
      for (const [label, userIds] of [
        ['one member', [arranged.userIds[1]!]],
        [`${MEMBERS} members`, arranged.userIds],
      ] as const) {
        const url = `${cita}/v1/tenants/${arranged.tenantId}/users/${userIds[0]}/appointments/by`;
        const request = { ...body, userIds };
        const check = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(request) });
        const answer = (await check.json()) as { appointments?: unknown[] };
        if (check.status !== 200) throw new Error(`calendar bench: ${check.status} ${JSON.stringify(answer)}`);
        // Both warmed up the same way (JIT, plans) before either is measured.
        await load(url, auth, request);
        await load(`${floor.baseUrl}/by`, {}, { userIds });
        const floorLoad = await load(`${floor.baseUrl}/by`, {}, { userIds });
        if (floorLoad.non2xx > 0) throw new Error(`calendar floor ${label}: ${floorLoad.non2xx} requests failed`);
        const citaLoad = await load(url, auth, request);
        // A range with no appointment would measure an empty answer, not the work: that fails the row.
        const found = answer.appointments?.length ?? 0;
        const name = `Calendar ${engine}: week of ${label} (${found} appts of ${APPOINTMENTS})`;
        rows.push(
          latencyRow(`${name} p99, one connection`, citaLoad.p99, 50, { failed: citaLoad.non2xx }, found === 0),
          report(`${name} p50, one connection`, citaLoad.p50, 'ms', `report (floor ${floorLoad.p50})`),
          report(`${name} floor p99`, floorLoad.p99, 'ms', 'floor'),
          report(`${name} p99 share of floor`, Math.round((citaLoad.p99 / Math.max(floorLoad.p99, 1)) * 100), '%'),
        );
      }
      return rows;
    } finally {
      await floor.app.close();
      await app.close();
      await verifier.close();
    }
  } finally {
    await db.close();
    await target.dispose();
  }
}

/** The calendar rows on PGlite, and on PostgreSQL when `postgresUrl` is set. */
export async function calendarApiRows(postgresUrl: string | undefined): Promise<BenchRow[]> {
  const rows = await engineRows('pglite');
  if (postgresUrl) {
    process.env.TEST_DATABASE_URL = postgresUrl;
    rows.push(...(await engineRows('postgres')));
  } else console.warn('bench: no BENCH_DATABASE_URL or TEST_DATABASE_URL, so no PostgreSQL calendar rows');
  return rows;
}
