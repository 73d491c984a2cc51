// Dependencies down, on the real server process: PostgreSQL unreachable when the server starts and
// lost mid-run (a TCP proxy in front of it that refuses, then cuts, then forwards again), and the
// Auth emulator stopped mid-run. The server answers 503 problem+json with Retry-After, /healthz
// names what is down, and it recovers by itself, without a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, freePortRun } from '../../server/auth/emulator-fixture.ts';
import { createEmulatorUser, signInWithPassword, startAuthEmulator, type AuthEmulator } from '../../scripts/emulator.mjs';
import { postgresTarget, type TestTarget } from '../../server/db/test-databases.ts';
import { postgresRequired } from '../postgres-required.ts';
import { seedOwner } from './api.ts';
import { tcpProxy } from './tcp-proxy.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';


async function call(baseUrl: string, method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

function expectRetryable503(answer: Awaited<ReturnType<typeof call>>, names: RegExp) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(answer.body).toMatchObject({ status: 503, retryable: true, detail: expect.stringMatching(names) });
}

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(adminUrl))('PostgreSQL unreachable at start and mid-run (server process)', () => {
  let target: TestTarget;
  let server: ServerProcess | undefined;
  let dataDir: string;

  beforeAll(async () => {
    target = await postgresTarget(adminUrl!);
    dataDir = mkdtempSync(path.join(tmpdir(), 'cita-faults-deps-'));
  }, 60_000);

  afterAll(async () => {
    await server?.kill();
    await target?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('starts degraded, answers 503 while the database is away, and recovers without a restart', async () => {
    const { token, userId } = await seedOwner(target.options);
    const real = new URL(target.options.url!);
    const proxy = await tcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(real);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);

    // Nothing listens where the server looks for its database.
    server = await startServerProcess({
      port: await freePort(),
      env: { DATA_DIR: dataDir, DATABASE_URL: viaProxy.toString(), FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' },
      ready: 'listening',
    });
    const health = await call(server.baseUrl, 'GET', '/healthz');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', database: 'down', reason: expect.stringMatching(/database/) });
    expectRetryable503(await call(server.baseUrl, 'GET', `/v1/users/${userId}`, { token }), /database/);
    expectRetryable503(await call(server.baseUrl, 'POST', '/v1/tenants', { token, body: { tenant: { businessName: 'Down', email: 'down@example.com' } } }), /database/);

    // The database comes back: the same process connects, migrates and serves.
    await proxy.forward();
    await until('the server to reach its database', async () => ((await call(server!.baseUrl, 'GET', '/healthz')).status === 200 ? true : undefined));
    expect((await call(server.baseUrl, 'GET', `/v1/users/${userId}`, { token })).status).toBe(200);

    // Lost mid-run: open connections dropped, new ones refused.
    await proxy.cut();
    expectRetryable503(await call(server.baseUrl, 'GET', `/v1/users/${userId}`, { token }), /database/);
    expect((await call(server.baseUrl, 'GET', '/healthz')).body).toMatchObject({ database: 'down' });
    await proxy.forward();
    await until('the server to recover', async () => ((await call(server!.baseUrl, 'GET', `/v1/users/${userId}`, { token })).status === 200 ? true : undefined));
    const tenant = await call(server.baseUrl, 'POST', '/v1/tenants', { token, body: { tenant: { businessName: 'Back', email: 'back@example.com' } } });
    expect(tenant.status).toBe(201);
    await proxy.cut();
    await server.kill();
    server = undefined;
  }, 120_000);
});

describe('the Auth emulator stopped mid-run (server process)', () => {
  let emulator: AuthEmulator | undefined;
  let server: ServerProcess | undefined;
  let dataDir: string;
  let emulatorPort: number;
  // Users kept across the stop and the restart; a generous timeout: on a loaded 2-core machine the
  // emulator's start is the slowest thing here.
  const startEmulator = () => startAuthEmulator({ port: emulatorPort, dataDir: path.join(dataDir, 'auth'), quiet: true, timeoutMs: 170_000 });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cita-faults-auth-'));
    emulatorPort = await freePortRun();
    emulator = await startEmulator();
    server = await startServerProcess({ port: await freePort(), env: { DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: emulator.host } });
  }, 240_000);

  afterAll(async () => {
    await server?.kill();
    await emulator?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses sign-ins with 503 naming the identity provider, keeps signed-in users working, and recovers', async () => {
    const base = server!.baseUrl;
    const host = emulator!.host;
    const alice = { email: `alice-${Date.now()}@example.com`, password: 'secret-alice-1' };
    const bob = { email: `bob-${Date.now()}@example.com`, password: 'secret-bob-1' };
    const aliceId = await createEmulatorUser(host, { ...alice, emailVerified: true });
    const registered = await call(base, 'POST', '/v1/users/register', { body: { email: alice.email, firebase_id_token: aliceId.idToken, terms_accepted: true } });
    expect(registered.status).toBe(201);
    const session = registered.body.token as string;
    const userId = registered.body.userId as string;
    // Tokens obtained before the provider goes away (a client mid-sign-in).
    const bobId = await createEmulatorUser(host, { ...bob, emailVerified: true });
    const aliceAgain = await signInWithPassword(host, alice);
    expect((await call(base, 'GET', '/healthz')).body).toEqual({ status: 'ok', database: 'up', identityProvider: 'up' });

    await emulator!.stop();

    expectRetryable503(await call(base, 'POST', '/v1/users/login', { body: { firebase_id_token: aliceAgain.idToken } }), /identity provider/);
    expectRetryable503(
      await call(base, 'POST', '/v1/users/register', { body: { email: bob.email, firebase_id_token: bobId.idToken, terms_accepted: true } }),
      /identity provider/,
    );
    const health = await call(base, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'degraded', database: 'up', identityProvider: 'down', reason: expect.stringContaining(host) });

    // Sessions are our own table: a signed-in user keeps working.
    expect((await call(base, 'GET', `/v1/users/${userId}`, { token: session })).status).toBe(200);
    const tenant = await call(base, 'POST', '/v1/tenants', { token: session, body: { tenant: { businessName: 'Sin Firebase', email: alice.email } } });
    expect(tenant.status).toBe(201);

    // The provider returns (same port, its users kept): signing in works again, no restart.
    emulator = await startEmulator();
    await until('/healthz to say the identity provider is back', async () => {
      const body = (await call(base, 'GET', '/healthz')).body;
      return body.identityProvider === 'up' && body.status === 'ok' ? true : undefined;
    });
    const fresh = await signInWithPassword(host, alice);
    expect((await call(base, 'POST', '/v1/users/login', { body: { firebase_id_token: fresh.idToken } })).status).toBe(200);
    const bobNow = await signInWithPassword(host, bob);
    expect((await call(base, 'POST', '/v1/users/register', { body: { email: bob.email, firebase_id_token: bobNow.idToken, terms_accepted: true } })).status).toBe(201);
  }, 300_000);
});

postgresRequired('the database-unreachable fault tests');
