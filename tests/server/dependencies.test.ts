// Dependencies down (issue: proof under faults): with PostgreSQL unreachable mid-run, the API answers
// 503 problem+json (retryable) and /healthz says why; once the database is back, it recovers without
// a restart. PostgreSQL only (TEST_DATABASE_URL): PGlite lives in the server's own process.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createIdTokenVerifier, type IdTokenVerifier } from '../../server/auth/firebase.ts';
import { newSessionToken } from '../../server/auth/session-token.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { postgresTarget, type TestTarget } from '../../server/db/test-databases.ts';
import { postgresRequired } from '../postgres-required.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.runIf(Boolean(adminUrl))('PostgreSQL unreachable mid-run', () => {
  let target: TestTarget;
  let db: Database;
  let verifier: IdTokenVerifier;
  let app: FastifyInstance;
  let token: string;
  let userId: string;
  let name: string;

  beforeAll(async () => {
    target = await postgresTarget(adminUrl!);
    name = new URL(target.options.url!).pathname.slice(1);
    db = await openDatabase(target.options);
    verifier = createIdTokenVerifier({ projectId: 'demo-cita', emulatorHost: '127.0.0.1:1', production: false });
    app = await buildApp({ config: loadConfig({ FIREBASE_PROJECT_ID: 'demo-cita', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' }), db, verifier, logger: false });
    const session = newSessionToken();
    token = session.token;
    userId = await db.withSystem(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(`INSERT INTO users (email, status) VALUES ($1, 'USER_STATUS_ACTIVE') RETURNING id`, [`down-${randomUUID()}@example.com`]);
      await tx.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [session.hash, rows[0]!.id]);
      return rows[0]!.id;
    });
  }, 60_000);

  afterAll(async () => {
    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => {});
    await app?.close();
    await verifier?.close();
    await db?.close().catch(() => {});
    await target?.dispose();
  }, 60_000);

  it('answers 503 while the database is gone and recovers by itself when it is back', async () => {
    const getUser = () => app.inject({ url: `/v1/users/${userId}`, headers: { authorization: `Bearer ${token}` } });
    expect((await getUser()).statusCode).toBe(200);

    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);

    const down = await getUser();
    expect(down.statusCode).toBe(503);
    expect(down.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(down.json()).toMatchObject({ status: 503, retryable: true });
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down' });

    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    // The database is up again (this app's identity provider is a dead address: 'degraded', still 200).
    const healthy = await app.inject({ url: '/healthz' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toMatchObject({ database: 'up', identityProvider: 'down' });
    expect((await getUser()).statusCode).toBe(200);
  }, 60_000);
});

postgresRequired('the database-unreachable tests');
