// Cita on several instances (the README's scale-out section, proven): two API processes on one
// PostgreSQL behind a round-robin load balancer (balancer.ts), sharing S3-compatible image storage
// (the tests' fake S3), Redis rate limits (TEST_REDIS_URL), one SMTP server and the leased outbox.
// - every request alternates instances, and a flow that lands on the other instance mid-way works:
//   an image uploaded on one is served by the other, an invitation sent on one is accepted on the
//   other, a customer written on one is read and changed on the other;
// - the outbox sends each message once, whichever instance's worker leases it;
// - a rate limit counts the caller's requests on both instances together (Redis);
// - the asset cleaner runs once per period between both instances (periodic_runs), deletes an old
//   orphan from the shared bucket, and no instance vacuums (PostgreSQL's autovacuum does);
// - SIGKILL of one instance under a write load loses no acknowledged write, the other keeps serving,
//   and an unanswered create sent again with its Idempotency-Key applies once; the survivor then
//   runs the cleaner's periods alone.
// Needs TEST_DATABASE_URL (skipped without it; a failure in CI, like the other PostgreSQL suites).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/auth/emulator-fixture.ts';
import { postgresTarget, type TestTarget } from '../../server/db/test-databases.ts';
import { postgresRequired } from '../postgres-required.ts';
import { fakeS3Env, startFakeS3, type FakeS3 } from '../server/fake-s3.ts';
import { startTestSmtp, type TestSmtp } from '../server/mail.ts';
import { Api, createBusiness, seedOwner } from './api.ts';
import { startBalancer, type Balancer } from './balancer.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const IMPORT_LIMIT = 2;
/** The asset cleaner's period on both instances (ASSET_CLEANUP_INTERVAL_MS). */
const CLEANER_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(adminUrl)('two instances behind a load balancer', () => {
  let target: TestTarget;
  let s3: FakeS3;
  let smtp: TestSmtp;
  let balancer: Balancer;
  const instances: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let owner: { token: string; userId: string };
  /** The owner through the balancer, and straight to each instance. */
  let api: Api;
  let onA: Api;
  let onB: Api;
  let tenantId: string;
  /** One statement on the test database as its owner (what no API call shows). */
  const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: target.options.url });
    await client.connect();
    try {
      return (await client.query<T>(text, params)).rows;
    } finally {
      await client.end();
    }
  };
  const cleanerRuns = async () => (await sql<{ runs: string; last_run_by: string }>(`SELECT runs, last_run_by FROM periodic_runs WHERE job = 'asset-cleaner'`))[0];
  /** periodic_runs.last_run_by of an instance (server/periodic.ts INSTANCE_NAME). */
  const instanceName = (instance: ServerProcess) => `${hostname()}/${instance.pid}`;

  beforeAll(async () => {
    target = await postgresTarget(adminUrl!);
    s3 = await startFakeS3();
    smtp = await startTestSmtp();
    owner = await seedOwner(target.options);
    const env = {
      DATABASE_URL: target.options.url!,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1',
      ...fakeS3Env(s3),
      SMTP_URL: smtp.url,
      OUTBOX_POLL_MS: '200',
      IMPORT_RATE_LIMIT: String(IMPORT_LIMIT),
      ASSET_CLEANUP_INTERVAL_MS: String(CLEANER_MS),
      ...(redisUrl ? { REDIS_URL: redisUrl, RATE_LIMIT_NAMESPACE: `cita-scale-${randomUUID()}:` } : {}),
    };
    // The first instance migrates the new database; the second starts on it.
    for (let i = 0; i < 2; i += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `cita-scale-${i}-`));
      dataDirs.push(dataDir);
      instances.push(await startServerProcess({ port: await freePort(), env: { ...env, DATA_DIR: dataDir } }));
    }
    balancer = await startBalancer(instances.map((instance) => ({ host: '127.0.0.1', port: Number(new URL(instance.baseUrl).port) })));
    api = new Api(balancer.url, owner.token);
    onA = new Api(instances[0]!.baseUrl, owner.token);
    onB = new Api(instances[1]!.baseUrl, owner.token);
    tenantId = await createBusiness(api, 'Scale-out Studio');
  }, 240_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await smtp?.close();
    await s3?.close();
    await target?.dispose();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('sends requests to both instances in turn, and a record written on one is read and changed on the other', async () => {
    const before = [...balancer.served];
    for (let i = 0; i < 6; i += 1) await api.ok('GET', `/v1/tenants/${tenantId}`, 200);
    expect(balancer.served[0]! - before[0]!).toBe(3);
    expect(balancer.served[1]! - before[1]!).toBe(3);

    const { customer } = await onA.ok('POST', `/v1/tenants/${tenantId}/customers`, 201, { body: { customer: { name: 'Ana', lastName: 'García' } } });
    const read = await onB.ok('GET', `/v1/tenants/${tenantId}/customers/${customer.id}`, 200);
    expect(read.customer).toMatchObject({ name: 'Ana', lastName: 'García', version: customer.version });
    const changed = await onB.ok('PUT', `/v1/tenants/${tenantId}/customers/${customer.id}`, 200, { body: { customer: { name: 'Ana', lastName: 'Gómez', version: customer.version } } });
    // The first instance sees the change, and refuses a save over the version it replaced.
    expect((await onA.ok('GET', `/v1/tenants/${tenantId}/customers/${customer.id}`, 200)).customer.lastName).toBe('Gómez');
    const stale = await onA.send('PUT', `/v1/tenants/${tenantId}/customers/${customer.id}`, { body: { customer: { name: 'Ana', lastName: 'Pérez', version: customer.version } } });
    expect(stale.answer?.status).toBe(409);
    expect(changed.customer.version).toBeGreaterThan(customer.version);
  });

  it('serves an image uploaded on one instance from the other (one bucket, no shared disk)', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0ffee' } }).jpeg().toBuffer();
    const { asset } = await onA.ok('POST', '/v1/assets', 201, { body: { tenantId, payload: jpeg.toString('base64'), mimeType: 'image/jpeg', fileName: 'front.jpg' } });
    const fetchBytes = async (baseUrl: string) => {
      const response = await fetch(`${baseUrl}/v1/tenants/${tenantId}/assets/${asset.id}`, { headers: { authorization: `Bearer ${owner.token}` } });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    const [fromA, fromB] = [await fetchBytes(instances[0]!.baseUrl), await fetchBytes(instances[1]!.baseUrl)];
    expect(fromB.length).toBeGreaterThan(0);
    expect(fromB.equals(fromA)).toBe(true);
    expect([...s3.objects.keys()].some((key) => key.includes(asset.id))).toBe(true);
  });

  it('accepts on one instance an invitation sent from the other', async () => {
    const email = `scale-invitee-${randomUUID().slice(0, 8)}@example.com`;
    const { items } = await onA.ok('POST', `/v1/tenants/${tenantId}/invite`, 201, { body: { subjects: [email], role: 'TEAM_ROLE_MEMBER' } });
    const invitee = await seedOwner(target.options, email);
    const inviteeOnB = new Api(instances[1]!.baseUrl, invitee.token);
    await inviteeOnB.ok('GET', `/v1/users/${invitee.userId}/invitations/${items[0].id}/accept`, 200);
    // The new member reads the business on the first instance.
    const asMember = new Api(instances[0]!.baseUrl, invitee.token);
    expect((await asMember.ok('GET', `/v1/tenants/${tenantId}`, 200)).tenant.id).toBe(tenantId);
    const team = await onA.ok('GET', `/v1/tenants/${tenantId}/team`, 200);
    expect(JSON.stringify(team)).toContain(email);
  });

  it('sends each outbox message once, whichever instance leases it', async () => {
    const email = `scale-customer-${randomUUID().slice(0, 8)}@example.com`;
    const { service } = await api.ok('POST', `/v1/tenants/${tenantId}/services`, 201, {
      body: { service: { name: 'Corte', durationMinutes: 30, price: { amount: 2000, currency: 'EUR' }, color: '#228be6', active: true } },
    });
    const { customer } = await api.ok('POST', `/v1/tenants/${tenantId}/customers`, 201, { body: { customer: { name: 'Eva', email } } });
    const at = (hours: number) => ({ year: 2027, month: 6, day: 7, hours, minutes: 0 });
    await api.ok('POST', `/v1/tenants/${tenantId}/users/${owner.userId}/appointments`, 201, {
      body: { appointment: { customerId: customer.id, services: [{ id: service.id }], startDate: at(10), endDate: at(11), reminders: [], allowOutsideHours: true } },
    });
    const mine = () => smtp.received.filter((mail) => mail.envelopeTo.includes(email));
    await until('the confirmation e-mail', async () => (mine().length > 0 ? true : undefined));
    // Both workers poll every 200 ms: several more rounds, and still one message.
    await sleep(2_000);
    expect(mine()).toHaveLength(1);
  });

  it.runIf(redisUrl)('counts a rate limit over both instances together (Redis)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= IMPORT_LIMIT; i += 1) {
      const record = await api.send('POST', `/v1/tenants/${tenantId}/customers/import`, { body: { rows: [{ name: `Imported ${i}` }] } });
      statuses.push(record.answer?.status ?? 0);
    }
    // Alternating instances, the third import is the caller's third in the hour: refused wherever it lands.
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('runs the asset cleaner once per period between both instances, on the shared bucket; neither vacuums', async () => {
    // Both instances' cleaners ask for a period every CLEANER_MS: the claims they win, counted over a
    // few seconds, are one per period between them (two loops on their own would make twice as many).
    await until('a first cleaner pass', async () => (await cleanerRuns()) ?? undefined);
    const startedAt = Date.now();
    const first = (await cleanerRuns())!;
    const runners = new Set<string>();
    while (Date.now() - startedAt < 8_000) {
      runners.add((await cleanerRuns())!.last_run_by);
      await sleep(100);
    }
    const last = (await cleanerRuns())!;
    const elapsed = Date.now() - startedAt;
    // Claims are at least a period apart (each moves due_at a period past its own time): at most one
    // at the window's start and one per whole period in it.
    const passes = Number(last.runs) - Number(first.runs);
    expect(passes).toBeGreaterThanOrEqual(1);
    expect(passes).toBeLessThanOrEqual(Math.floor(elapsed / CLEANER_MS) + 1);
    // Whichever instance won a period, it is one of the two.
    for (const runner of runners) expect(instances.map(instanceName)).toContain(runner);

    // The passes do the cleaner's work: an image nothing shows, older than the grace period (a day),
    // leaves the database and the bucket.
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#abcdef' } }).jpeg().toBuffer();
    const { asset } = await api.ok('POST', '/v1/assets', 201, { body: { tenantId, payload: jpeg.toString('base64'), mimeType: 'image/jpeg', fileName: 'orphan.jpg' } });
    expect([...s3.objects.keys()].some((key) => key.includes(asset.id))).toBe(true);
    await sql(`UPDATE assets SET created_at = now() - interval '2 days' WHERE tenant_id = $1 AND id = $2`, [tenantId, asset.id]);
    await until('the orphan gone from the bucket', async () => ([...s3.objects.keys()].some((key) => key.includes(asset.id)) ? undefined : true), { timeoutMs: 15_000 });
    expect(await sql(`SELECT 1 FROM assets WHERE id = $1`, [asset.id])).toHaveLength(0);

    // The vacuum is PGlite's (one process): on PostgreSQL no instance runs VACUUM, autovacuum does.
    expect(await sql(`SELECT relname FROM pg_stat_user_tables WHERE last_vacuum IS NOT NULL`)).toEqual([]);
    expect(await sql(`SELECT job FROM periodic_runs WHERE job <> 'asset-cleaner'`)).toEqual([]);
  }, 60_000);

  it('loses no acknowledged write when one instance is killed under load, and the other keeps serving', async () => {
    const started = Date.now();
    let killedAt = Number.POSITIVE_INFINITY;
    const sent: Array<{ name: string; key: string; status?: number; at: number }> = [];
    const writer = async (w: number) => {
      for (let n = 0; Date.now() - started < 6_000; n += 1) {
        const name = `load-${w}-${n}`;
        const key = `scale-${randomUUID()}`;
        const record = await api.send('POST', `/v1/tenants/${tenantId}/customers`, { body: { customer: { name } }, key, timeoutMs: 10_000 });
        sent.push({ name, key, status: record.answer?.status, at: Date.now() });
      }
    };
    const kill = (async () => {
      await sleep(2_000);
      killedAt = Date.now();
      await instances[0]!.kill();
    })();
    await Promise.all([writer(1), writer(2), writer(3), writer(4), kill]);

    // The survivor answered writes after the kill.
    const afterKill = sent.filter((s) => s.at > killedAt + 500);
    expect(afterKill.length).toBeGreaterThan(0);
    expect(afterKill.every((s) => s.status === 201)).toBe(true);

    // Each create without an answer (or with the balancer's 502) is sent again with its key: it applies once.
    for (const s of sent.filter((s) => s.status !== 201)) {
      const retried = await onB.send('POST', `/v1/tenants/${tenantId}/customers`, { body: { customer: { name: s.name } }, key: s.key });
      expect([200, 201]).toContain(retried.answer?.status);
    }
    const names = (await onB.listAll(`/v1/tenants/${tenantId}/customers/list`)).map((c) => c.name as string);
    for (const s of sent) expect(names.filter((name) => name === s.name), s.name).toHaveLength(1);
    expect(sent.filter((s) => s.status === 201).length).toBeGreaterThan(10);
  }, 120_000);

  it('runs the cleaner\'s periods on the surviving instance once the other is gone', async () => {
    // (After the SIGKILL above.) The dead instance's last period ends; the survivor claims the next ones.
    const before = Number((await cleanerRuns())!.runs);
    const survivor = instanceName(instances[1]!);
    await until('two periods claimed by the survivor', async () => {
      const now = (await cleanerRuns())!;
      return Number(now.runs) >= before + 2 && now.last_run_by === survivor ? true : undefined;
    }, { timeoutMs: 15_000 });
  }, 30_000);
});

postgresRequired('two instances behind a load balancer');
