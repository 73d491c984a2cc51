// Idempotency across faults: a create retried with the same Idempotency-Key after (a) a client
// timeout, (b) a 5xx and (c) a SIGKILL of the server between the request and its answer gives exactly
// one object, never two, whether or not the first attempt had committed (a customer; and money: a
// checkout with its stock move and payment, and an invoice drafted from it).
// - "Committed, answer lost" is made exact with a proxy that passes the request on and swallows the
//   answer (both engines).
// - "Not committed yet" is made exact on PostgreSQL by a lock that holds the request inside its
//   transaction; the 5xx is the database connection of that request being killed
//   (pg_terminate_backend → 503). PGlite runs inside the server process: it has no connection to
//   kill, and its in-flight case is the durability suite's (every unanswered keyed create is sent
//   again after the restart and must apply once).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/auth/emulator-fixture.ts';
import { pgliteTarget, postgresTarget, type TestTarget } from '../../server/db/test-databases.ts';
import { postgresRequired } from '../postgres-required.ts';
import { Api, createBusiness, seedOwner } from './api.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';
import { tcpProxy, type TcpProxy } from './tcp-proxy.ts';

const engines = (['pglite', 'postgres'] as const).filter((engine) => engine === 'pglite' || process.env.TEST_DATABASE_URL);


describe.each(engines)('idempotent creates across faults on %s', (engine) => {
  let target: TestTarget;
  let server: ServerProcess | undefined;
  let proxy: TcpProxy;
  let env: Record<string, string>;
  let port: number;
  let dataDir: string;
  let api: Api;
  /** The same caller through the proxy. */
  let viaProxy: Api;
  let tenantId: string;

  const customers = () => `/v1/tenants/${tenantId}/customers`;
  /** Customers of that name, counted through the API. */
  const count = async (name: string) => (await api.listAll(`/v1/tenants/${tenantId}/customers/list`)).filter((c) => c.name === name).length;
  const create = (client: Api, name: string, key: string, timeoutMs?: number) =>
    client.send('POST', customers(), { body: { customer: { name, notes: 'Idempotency across faults' } }, key, ...(timeoutMs ? { timeoutMs } : {}) });

  async function restart() {
    server = await startServerProcess({ port, env });
  }

  beforeAll(async () => {
    target = engine === 'pglite' ? pgliteTarget() : await postgresTarget(process.env.TEST_DATABASE_URL!);
    dataDir = mkdtempSync(path.join(tmpdir(), 'cita-faults-idem-'));
    port = await freePort();
    env =
      engine === 'pglite'
        ? { DATA_DIR: path.dirname(target.options.dataDir!), FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' }
        : { DATA_DIR: dataDir, DATABASE_URL: target.options.url!, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' };
    const { token } = await seedOwner(target.options);
    await restart();
    api = new Api(server!.baseUrl, token);
    proxy = await tcpProxy({ host: '127.0.0.1', port });
    viaProxy = new Api(`http://127.0.0.1:${proxy.port}`, token);
    tenantId = await createBusiness(api, `Idempotency ${engine}`);
  }, 120_000);

  afterAll(async () => {
    await proxy?.cut();
    await server?.kill();
    await target?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('(a) a client timeout after the create committed: the retry answers the same object', async () => {
    const name = `timeout-${randomUUID()}`;
    const key = randomUUID();
    await proxy.forward({ swallowAnswers: true });
    const first = await create(viaProxy, name, key, 1_000);
    expect(first.answer, 'the client gave up').toBeUndefined();
    await until('the first attempt to commit', async () => ((await count(name)) === 1 ? true : undefined));
    await proxy.cut();

    const retry = await create(api, name, key);
    expect(retry.answer?.status).toBe(201);
    const again = await create(api, name, key);
    expect(again.answer?.body.customer.id).toBe(retry.answer?.body.customer.id);
    expect(await count(name)).toBe(1);
  }, 60_000);

  it('(c) a SIGKILL after the create committed, before its answer: after the restart, the retry answers the same object', async () => {
    const name = `killed-${randomUUID()}`;
    const key = randomUUID();
    await proxy.forward({ swallowAnswers: true });
    const first = create(viaProxy, name, key, 30_000);
    await until('the first attempt to commit', async () => ((await count(name)) === 1 ? true : undefined));
    await server!.kill();
    await proxy.cut();
    expect((await first).answer).toBeUndefined();

    await restart();
    const retry = await create(api, name, key);
    expect(retry.answer?.status).toBe(201);
    expect(retry.answer?.body.customer).toMatchObject({ name, notes: 'Idempotency across faults' });
    expect(await count(name)).toBe(1);
  }, 90_000);

  it('(c) money: a checkout and an invoice draft committed, their answers lost, then a SIGKILL: the retries with their keys answer the same sale and invoice, stock and payment counted once', async () => {
    const t = (rest: string) => `/v1/tenants/${tenantId}/${rest}`;
    const methods = (await api.ok('GET', t('payment-methods'), 200)).items as Array<{ id: string; kind: string }>;
    const card = methods.find((method) => method.kind === 'PAYMENT_METHOD_KIND_CARD')!.id;
    const item = (await api.ok('POST', t('inventory'), 201, { body: { inventoryItem: { name: `Champú ${randomUUID()}`, quantity: 5 } } })).inventoryItem;
    const saleId = randomUUID();
    // 2 × 12.50 + 30.00 = 55.00, 20.00 paid by card.
    const sale = {
      operationType: 'OPERATION_TYPE_PRODUCT_SALE',
      lines: [
        { kind: 'SALE_LINE_KIND_PRODUCT', itemId: item.id, name: 'Champú', quantity: 2, unitPrice: { amount: 1250, currency: 'EUR' }, taxPercentage: 21 },
        { kind: 'SALE_LINE_KIND_SERVICE', name: 'Peinado', quantity: 1, unitPrice: { amount: 3000, currency: 'EUR' }, taxPercentage: 21 },
      ],
      payments: [{ paymentMethodId: card, amount: { amount: 2000, currency: 'EUR' } }],
    };
    const invoice = { kind: 'INVOICE_KIND_SIMPLIFIED', customer: { name: 'Cliente' }, saleId };
    const saleKey = `sale-${randomUUID()}`;
    const invoiceKey = `invoice-${randomUUID()}`;
    const exists = (path: string) => async () => ((await api.send('GET', path)).answer?.status === 200 ? true : undefined);

    await proxy.forward({ swallowAnswers: true });
    const first = viaProxy.send('POST', t(`sales/${saleId}`), { body: { sale }, key: saleKey, timeoutMs: 30_000 });
    await until('the checkout to commit', exists(t(`sales/${saleId}`)));
    const firstInvoice = viaProxy.send('POST', t('invoices'), { body: { invoice }, key: invoiceKey, timeoutMs: 30_000 });
    await until('the draft to commit', async () => ((await api.ok('GET', t(`sales/${saleId}`), 200)).sale.invoiceId ? true : undefined));
    await server!.kill();
    await proxy.cut();
    expect((await first).answer).toBeUndefined();
    expect((await firstInvoice).answer).toBeUndefined();

    await restart();
    const retried = await api.ok('POST', t(`sales/${saleId}`), 201, { body: { sale }, key: saleKey });
    expect(retried.sale).toMatchObject({ id: saleId, totals: { total: { amount: 5500 } }, paidAmount: { amount: 2000 }, outstandingAmount: { amount: 3500 } });
    const draft = await api.ok('POST', t('invoices'), 201, { body: { invoice }, key: invoiceKey });
    expect(draft.invoice).toMatchObject({ saleId, status: 'INVOICE_STATUS_DRAFT', totals: { total: { amount: 5500 } } });
    expect(retried.sale.invoiceId).toBe(draft.invoice.id);

    // Once: 5 − 2 in stock, two movements (the first stock, the sale), one payment, one invoice of the sale.
    expect((await api.ok('GET', t(`inventory/${item.id}`), 200)).inventoryItem.quantity).toBe(3);
    expect((await api.listAll(t(`inventory/${item.id}/movements`))).map((movement) => movement.delta).sort()).toEqual([-2, 5]);
    const payments = await api.listAll(t(`payments/transactions?referenceId=${saleId}&operationType=OPERATION_TYPE_PRODUCT_SALE`));
    expect(payments.map((payment) => payment.amount.amount)).toEqual([2000]);
    expect((await api.listAll(t('invoices/list'))).filter((listed) => listed.saleId === saleId).map((listed) => listed.id)).toEqual([draft.invoice.id]);
  }, 90_000);

  describe.runIf(engine === 'postgres')('with the request held inside its transaction (PostgreSQL)', () => {
    /** Outside any transaction (pg_stat_activity is a snapshot per transaction). */
    let monitor: pg.Client;
    let releases: Array<() => Promise<void>> = [];
    const database = () => new URL(target.options.url!).pathname.slice(1);
    const connectAdmin = async () => {
      const client = new pg.Client({ connectionString: target.options.url! });
      client.on('error', () => {}); // the database is dropped with its connections at the end
      await client.connect();
      return client;
    };

    beforeAll(async () => {
      monitor = await connectAdmin();
    });

    afterEach(async () => {
      for (const release of releases) await release().catch(() => {});
      releases = [];
    });

    afterAll(async () => {
      await monitor?.end().catch(() => {});
    });

    /** Holds an exclusive lock on customers: a create waits inside its transaction, uncommitted. */
    async function holdCustomers() {
      const holder = await connectAdmin();
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE customers IN EXCLUSIVE MODE');
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        await holder.query('COMMIT');
        await holder.end();
      };
      releases.push(release);
      return release;
    }

    /** The server's connections waiting on a lock. */
    async function waiting(): Promise<number[]> {
      const { rows } = await monitor.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'cita-api' AND wait_event_type = 'Lock'`,
        [database()],
      );
      return rows.map((row) => row.pid);
    }

    it('(a) a client timeout before the create committed: a retry waits for it and answers the same object, once', async () => {
      const name = `timeout-held-${randomUUID()}`;
      const key = randomUUID();
      const release = await holdCustomers();
      const first = await create(api, name, key, 500);
      expect(first.answer, 'the client gave up').toBeUndefined();
      expect(await waiting()).toHaveLength(1);
      const retry = create(api, name, key, 30_000);
      await until('the retry to wait behind the first', async () => ((await waiting()).length === 2 ? true : undefined));
      await release();

      const answered = await retry;
      expect(answered.answer?.status).toBe(201);
      expect(await count(name)).toBe(1);
      expect((await create(api, name, key)).answer?.body.customer.id).toBe(answered.answer?.body.customer.id);
    }, 60_000);

    it('(b) a 503 (its database connection killed): the retry creates it, once', async () => {
      const name = `killed-connection-${randomUUID()}`;
      const key = randomUUID();
      const release = await holdCustomers();
      const first = create(api, name, key, 30_000);
      const [pid] = await until('the create to wait on the lock', async () => {
        const pids = await waiting();
        return pids.length === 1 ? pids : undefined;
      });
      await monitor.query('SELECT pg_terminate_backend($1)', [pid]);
      const answer = (await first).answer!;
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body).toMatchObject({ status: 503, retryable: true });
      await release();
      expect(await count(name)).toBe(0);

      const retry = await create(api, name, key);
      expect(retry.answer?.status).toBe(201);
      expect((await create(api, name, key)).answer?.body.customer.id).toBe(retry.answer?.body.customer.id);
      expect(await count(name)).toBe(1);
    }, 60_000);

    it('(c) a SIGKILL before the create committed: after the restart, the retry creates it, once', async () => {
      const name = `killed-held-${randomUUID()}`;
      const key = randomUUID();
      const release = await holdCustomers();
      const first = create(api, name, key, 30_000);
      await until('the create to wait on the lock', async () => ((await waiting()).length === 1 ? true : undefined));
      await server!.kill();
      expect((await first).answer).toBeUndefined();
      await release();

      await restart();
      expect(await count(name)).toBe(0);
      const retry = await create(api, name, key);
      expect(retry.answer?.status).toBe(201);
      expect((await create(api, name, key)).answer?.body.customer.id).toBe(retry.answer?.body.customer.id);
      expect(await count(name)).toBe(1);
    }, 90_000);
  });
});

postgresRequired('the idempotency fault tests');
