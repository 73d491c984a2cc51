// The durability suite of one engine (durability-pglite.test.ts, durability-postgres.test.ts: two files
// so that they run side by side). FAULTS_SEED chooses the writes and the kill moments; FAULTS_KILLS the
// number of kills per engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/auth/emulator-fixture.ts';
import { pgliteTarget, postgresTarget, type TestTarget } from '../../server/db/test-databases.ts';
import { Api, createBusiness, seedOwner } from './api.ts';
import { Campaign, checkDatabase, lockHolder } from './durability.ts';
import { SPANISH_SALON } from './money.ts';
import { FAULTS_SEED, prng, startServerProcess, type ServerProcess } from './server-process.ts';

const KILLS = Number(process.env.FAULTS_KILLS ?? 20);
const WORKERS = 6;
/** The server is killed this long after the load starts: 150 ms to 1.35 s, seeded. */
const killDelayMs = (random: () => number) => 150 + Math.floor(random() * 1200);
/** PGlite is opened directly (lock takeover, WAL recovery, SQL checks) after every this many kills. */
const DIRECT_CHECK_EVERY = 4;

export function describeDurability(engine: 'pglite' | 'postgres') {
  describe.runIf(engine === 'pglite' || Boolean(process.env.TEST_DATABASE_URL))(`durability under SIGKILL on ${engine}`, () => {
    let target: TestTarget;
    let server: ServerProcess | undefined;
    let dataDir: string;
    let env: Record<string, string>;
    let port: number;

    beforeAll(async () => {
      target = engine === 'pglite' ? pgliteTarget() : await postgresTarget(process.env.TEST_DATABASE_URL!);
      dataDir = mkdtempSync(path.join(tmpdir(), 'cita-faults-'));
      port = await freePort();
      env =
        engine === 'pglite'
          ? { DATA_DIR: path.dirname(target.options.dataDir!), FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' }
          : { DATA_DIR: dataDir, DATABASE_URL: target.options.url!, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' };
    }, 60_000);

    afterAll(async () => {
      await server?.kill();
      await target?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it(`keeps every acknowledged write, and no unacknowledged one in part, through ${KILLS} kills`, async () => {
      const { token, userId } = await seedOwner(target.options);
      server = await startServerProcess({ port, env });
      const api = new Api(server.baseUrl, token);
      // A Spanish salon: its invoices chain VERI*FACTU records (money.ts).
      const tenantId = await createBusiness(api, `Durability ${engine}`, SPANISH_SALON);
      const tagIds: string[] = [];
      for (const name of ['VIP', 'Nuevo', 'Alergia', 'Tarde']) {
        tagIds.push((await api.ok('POST', `/v1/tenants/${tenantId}/customers/tags`, 201, { body: { tag: { name } } })).tag.id);
      }
      const campaign = new Campaign(api, tenantId, tagIds, FAULTS_SEED, userId);
      await campaign.till.setUp();
      await campaign.stockUp(WORKERS);
      const random = prng(FAULTS_SEED + (engine === 'pglite' ? 1 : 2));

      for (let round = 1; round <= KILLS; round += 1) {
        const running: ServerProcess = server!;
        const delay = killDelayMs(random);
        await campaign.load(round, WORKERS, async () => {
          await new Promise((resolve) => setTimeout(resolve, delay));
          await running.kill();
        });
        expect(await running.exited, `round ${round}: the server died by the kill`).toBe('SIGKILL');
        server = undefined;

        if (engine === 'postgres' || round % DIRECT_CHECK_EVERY === 0 || round === KILLS) {
          if (engine === 'pglite') {
            // The killed process's lock is still there: the next open must take it over, then recover.
            expect(lockHolder(target.options.dataDir!), `round ${round}: the killed server's lock file`).toBe(running.pid);
          }
          await checkDatabase(target.options, tenantId);
        }

        const startedAt = Date.now();
        server = await startServerProcess({ port, env });
        campaign.stats.restartsMs.push(Date.now() - startedAt);
        api.baseUrl = server.baseUrl;
        await campaign.resolve();
        await campaign.verify();
      }

      await campaign.verify(true);
      await server!.stop();
      server = undefined;
      const counts = await checkDatabase(target.options, tenantId);
      const known = (kind: string) => [...campaign.objects.values()].filter((obj) => obj.kind === kind).length;
      const money = campaign.till.counts();
      expect(counts).toEqual({
        customers: known('customer'),
        services: known('service'),
        items: known('item'),
        appointments: known('appointment'),
        sales: money.sales + money.refunds,
        issued: money.issued,
      });

      const { acknowledged, unanswered, appliedUnanswered, retriedWithKey, restartsMs } = campaign.stats;
      const meanRestart = Math.round(restartsMs.reduce((a, b) => a + b, 0) / restartsMs.length);
      console.log(
        `[faults] ${engine}: ${KILLS} kills (seed ${FAULTS_SEED}), ${acknowledged} acknowledged writes (${known('appointment')} appointments, ${money.sales} sales, ${money.payments} payments, ${money.refunds} refunds, ` +
          `${money.issued} invoices issued in ${money.series} series), ${unanswered} unanswered ` +
          `(${appliedUnanswered} found applied, ${retriedWithKey} retried with their key), restart ${meanRestart} ms on average`,
      );
      expect(restartsMs).toHaveLength(KILLS);
      expect(known('appointment'), 'appointments were part of the load').toBeGreaterThan(KILLS);
      expect(money.sales, 'checkouts were part of the load').toBeGreaterThan(0);
      expect(money.issued, 'invoices were issued').toBeGreaterThan(0);
      expect(acknowledged).toBeGreaterThan(KILLS * 5);
      expect(unanswered).toBeGreaterThan(0);
    }, 15 * 60_000);
  });
}
