// API rows of `npm run bench`: throughput and latency of a tenant list operation (GET
// /v1/tenants/{id}/team) and of the session check (GET /v1/users/{id}), each against its floor
// measured in the same run on the same database: a bare Fastify route running the same query in one
// transaction. On PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../server/app.ts';
import { newSessionToken } from '../../server/auth/session-token.ts';
import { createIdTokenVerifier } from '../../server/auth/firebase.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { testTarget } from '../../server/db/test-databases.ts';
import { load as runLoad } from './load.ts';
import { latencyRow, report, type BenchRow } from './rows.ts';

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** The load comes from another process (scripts/bench/load.ts), for Cita and for the floor alike. */
async function load(url: string, headers: Record<string, string>, rate?: number): Promise<Load> {
  return runLoad({ url, headers, connections: rate ? 10 : CONNECTIONS, duration: DURATION_S, ...(rate ? { overallRate: rate } : {}) });
}

/** One business with its owner, three members and a session for the owner, written straight to the database. */
export async function arrange(db: Database) {
  return db.withSystem(async (tx) => {
    const users: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { rows } = await tx.query<{ id: string }>(`INSERT INTO users (email, status, name, email_verified) VALUES ($1, 'USER_STATUS_ACTIVE', $2, true) RETURNING id`, [
        `bench-${i}-${randomUUID().slice(0, 8)}@example.com`,
        `Person ${i}`,
      ]);
      users.push(rows[0]!.id);
    }
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO tenants (business_name, email, status, owner_user_id) VALUES ('Bench salon', 'bench@example.com', 'TENANT_STATUS_ACTIVE', $1) RETURNING id`,
      [users[0]],
    );
    const tenantId = rows[0]!.id;
    for (const [i, userId] of users.entries()) {
      await tx.query('INSERT INTO memberships (tenant_id, user_id, role) VALUES ($1, $2, $3)', [tenantId, userId, i === 0 ? 'TEAM_ROLE_OWNER' : 'TEAM_ROLE_MEMBER']);
    }
    const { token, hash } = newSessionToken();
    await tx.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [hash, users[0]]);
    return { tenantId, userId: users[0]!, token, hash };
  });
}

/** The floor: the same reads in one transaction behind a bare Fastify route, no auth layers, no validation. */
async function floorServer(db: Database, hash: string) {
  const app = Fastify({ logger: false });
  app.get('/team/:tenantId', async (request) => {
    const { tenantId } = request.params as { tenantId: string };
    // The session is identity, not tenant data: read outside the tenant's role, as Cita does (the
    // application role may not read sessions, so reading it inside withTenant would measure an error).
    await db.withSystem((tx) => tx.query('SELECT s.user_id FROM sessions s WHERE s.token_hash = $1', [hash]));
    return db.withTenant(tenantId, async (tx) => {
      const members = await tx.query(
        `SELECT m.tenant_id, m.user_id, m.role, m.joined_at FROM memberships m WHERE m.tenant_id = $1 ORDER BY m.joined_at LIMIT 50`,
        [tenantId],
      );
      const invitations = await tx.query(`SELECT * FROM invitations WHERE tenant_id = $1 AND status = 'INVITATION_STATUS_PENDING'`, [tenantId]);
      return { items: members.rows, invitations: invitations.rows };
    });
  });
  app.get('/session', async () =>
    db.withSystem(async (tx) => (await tx.query('SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1', [hash])).rows[0]),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}

/** PGlite, then PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. */
export async function apiRows(): Promise<BenchRow[]> {
  const rows = await engineRows('pglite');
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!postgresUrl) {
    console.warn('bench: no BENCH_DATABASE_URL or TEST_DATABASE_URL, so no PostgreSQL rows');
    return rows;
  }
  process.env.TEST_DATABASE_URL = postgresUrl;
  return [...rows, ...(await engineRows('postgres'))];
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
    const { tenantId, userId, token, hash } = await arrange(db);
    const floor = await floorServer(db, hash);
    const auth = { authorization: `Bearer ${token}` };
    try {
      const rows: BenchRow[] = [];
      const fixedRate = engine === 'postgres' ? 200 : 100;
      for (const [name, citaUrl, floorUrl] of [
        ['team list', `${cita}/v1/tenants/${tenantId}/team`, `${floor.baseUrl}/team/${tenantId}`],
        ['session check', `${cita}/v1/users/${userId}`, `${floor.baseUrl}/session`],
      ] as const) {
        // A floor or a Cita answering errors would measure the error path: both must answer 200.
        for (const url of [citaUrl, floorUrl]) {
          const probe = await fetch(url, { headers: auth });
          if (probe.status !== 200) throw new Error(`bench: ${url} answered ${probe.status}, not 200`);
        }
        // Both warmed up the same way (JIT, prepared plans) before either is measured.
        await load(citaUrl, auth);
        await load(floorUrl, {});
        const floorLoad = await load(floorUrl, {});
        const citaLoad = await load(citaUrl, auth);
        if (floorLoad.non2xx > 0) throw new Error(`${name} floor: ${floorLoad.non2xx} requests failed during the bench`);
        const share = citaLoad.rps / floorLoad.rps;
        const failed = citaLoad.non2xx > 0 ? { note: `${citaLoad.non2xx} requests failed or timed out` } : {};
        rows.push(
          {
            name: `API ${engine}: ${name} throughput (${CONNECTIONS} connections)`,
            value: Math.round(citaLoad.rps),
            unit: 'req/s',
            target: `≥ 50 % of floor (${Math.round(floorLoad.rps)})`,
            met: share >= 0.5 && citaLoad.non2xx === 0,
            ...failed,
          },
          { name: `API ${engine}: ${name} share of floor`, value: Math.round(share * 100), unit: '%', target: '≥ 50', met: share >= 0.5 && citaLoad.non2xx === 0, ...failed },
        );
        const fixed = await load(citaUrl, auth, fixedRate);
        rows.push(latencyRow(`API ${engine}: ${name} p99 at ${fixedRate} req/s`, fixed.p99, 50, { failed: fixed.non2xx }));
        rows.push(report(`API ${engine}: ${name} p50 at ${fixedRate} req/s`, fixed.p50, 'ms'));
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
