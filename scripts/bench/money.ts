// Money rows of `npm run bench` (BENCH_ONLY=money, issue 17), on PGlite, each against a floor measured
// in the same run:
// - Charging an appointment (POST /sales/{id}: a service line and a product line, the product's stock
//   move, a cash payment) at a fixed 20 requests a second: p99 < 50 ms, and within 2× a bare Fastify
//   route (no auth, no validation, no document arithmetic) doing the same locks and writes, in the
//   same statements, in one transaction on the same database at the same rate.
// - Issuing an invoice of a sale and rendering its PDF (POST the draft, POST issue with the
//   VERI*FACTU record, GET the PDF), sequentially: p99 < 200 ms; the PDF request alone within 1.5× a
//   bare pdfmake render of the same document (p50 over p50).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import pdfmake from 'pdfmake';
import type { Invoice } from '../../generated/types.gen.ts';
import { invoiceDocument } from '../../server/invoices/pdf.ts';
import { startCita } from './catalogue.ts';
import { latencyRow, report, type BenchRow } from './rows.ts';

const RATE = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CHARGES = RATE * SECONDS;
const INVOICE_RUNS = Number(process.env.BENCH_MONEY_INVOICES ?? 40);

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

/** Fires `count` calls at a fixed rate (not waiting for answers, as an open load), each timed from its own start. */
async function atFixedRate(count: number, rate: number, call: (i: number) => Promise<boolean>): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      (async () => {
        const began = performance.now();
        const ok = await call(i).catch(() => false);
        times.push(performance.now() - began);
        if (!ok) failed++;
      })(),
    );
  }
  await Promise.all(pending);
  return { times, failed };
}

export async function moneyRows(): Promise<BenchRow[]> {
  const cita = await startCita('pglite');
  const floor = Fastify({ logger: false });
  const out: BenchRow[] = [];
  const rows = (...more: BenchRow[]) => void out.push(...more);
  try {
    const { tenantId, userId } = cita;
    const auth = { authorization: `Bearer ${cita.token}`, 'content-type': 'application/json' };
    const base = `${cita.baseUrl}/v1/tenants/${tenantId}`;
    const call = (method: string, path: string, body?: unknown) => fetch(`${base}${path}`, { method, headers: auth, ...(body ? { body: JSON.stringify(body) } : {}) });

    // A cash method, a product with plenty of stock, and done appointments on their own half hours
    // (warm-up, measured and floor charges each get their own).
    const needed = 2 * (CHARGES + 40);
    const seeded = await cita.db.withSystem(async (tx) => {
      await tx.query('SET LOCAL statement_timeout = 0');
      const cash = (
        await tx.query<{ id: string }>(`INSERT INTO payment_methods (tenant_id, name, kind, commission_percentage) VALUES ($1, 'Efectivo bench', 'PAYMENT_METHOD_KIND_CASH', 0) RETURNING id`, [tenantId])
      ).rows[0]!.id;
      const customer = (await tx.query<{ id: string }>('SELECT id FROM customers WHERE tenant_id = $1 LIMIT 1', [tenantId])).rows[0]!.id;
      const appointments = await tx.query<{ id: string }>(
        `INSERT INTO appointments (tenant_id, user_id, customer_id, customer_snapshot, start_at, end_at, start_local, end_local, status, total_amount, total_currency)
         SELECT $1, $2, $3, '{"name":"Lucía García"}'::jsonb, t AT TIME ZONE 'Europe/Madrid', (t + interval '30 minutes') AT TIME ZONE 'Europe/Madrid', t, t + interval '30 minutes',
                'APPOINTMENT_STATUS_DONE', 2500, 'EUR'
           FROM generate_series(1, $4) AS i, LATERAL (SELECT timestamp '2025-01-06 09:00' + (i / 16) * interval '1 day' + (i % 16) * interval '30 minutes' AS t) x
         RETURNING id`,
        [tenantId, userId, customer, needed],
      );
      return { cash, appointments: appointments.rows.map((row) => row.id) };
    });
    const created = await call('POST', '/inventory', {
      inventoryItem: { name: 'Champú reparador 500 ml', sku: `BENCH-${randomUUID().slice(0, 8)}`, unit: 'INVENTORY_UNIT_PIECE', quantity: 1_000_000, price: { amount: 1895, currency: 'EUR' }, taxPercentage: 21 },
    });
    if (created.status !== 201) throw new Error(`bench money: the product was not created (${created.status} ${await created.text()})`);
    const itemId = ((await created.json()) as { inventoryItem: { id: string } }).inventoryItem.id;
    const appointments = [...seeded.appointments];
    const saleIds: string[] = [];

    // 1. Charging an appointment through the API.
    const charge = async () => {
      const response = await call('POST', `/sales/${randomUUID()}`, {
        sale: {
          operationType: 'OPERATION_TYPE_APPOINTMENT_SALE',
          appointmentId: appointments.pop()!,
          lines: [
            { kind: 'SALE_LINE_KIND_SERVICE', name: 'Corte', quantity: 1, unitPrice: { amount: 2500, currency: 'EUR' }, taxPercentage: 21 },
            { kind: 'SALE_LINE_KIND_PRODUCT', itemId, name: 'Champú reparador 500 ml', quantity: 1, unitPrice: { amount: 1895, currency: 'EUR' }, taxPercentage: 21 },
          ],
          payments: [{ paymentMethodId: seeded.cash, amount: { amount: 4395, currency: 'EUR' } }],
        },
      });
      const body = (await response.json()) as { sale?: { id: string } };
      if (response.status === 201 && body.sale) saleIds.push(body.sale.id);
      return response.status === 201;
    };

    // The floor: the same locks and writes as a charge, in the same statements (the appointment's
    // lock, the product's lock, the stock move with its movement, the sale with its lines and its
    // payment and their figures), in one transaction, behind a bare Fastify route: what a charge
    // costs without the session check, the idempotency record, validation, its checks and its answer.
    floor.post<{ Params: { id: string } }>('/floor/:id', async (request) => {
      const saleId = request.params.id;
      const appointmentId = appointments.pop()!;
      await cita.db.withTenant(tenantId, async (tx) => {
        await tx.query('SELECT id FROM appointments WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, appointmentId]);
        await tx.query('SELECT id FROM inventory_items WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, itemId]);
        await tx.query(
          `WITH moved AS (UPDATE inventory_items SET quantity = quantity - 1 WHERE tenant_id = $1 AND id = $2 AND quantity - 1 >= 0 RETURNING quantity)
           INSERT INTO inventory_movements (tenant_id, item_id, delta, quantity_after, reason, created_by_user_id, sale_id)
           SELECT $1, $2, -1, quantity, 'INVENTORY_MOVEMENT_REASON_SOLD', $3, $4 FROM moved`,
          [tenantId, itemId, userId, saleId],
        );
        await tx.query(
          `WITH sale AS (
             INSERT INTO sales (tenant_id, id, operation_type, appointment_id, user_id, sold_at, sold_on, currency, subtotal, discount, tax, total, tax_breakdown, search, payment_status, paid, line_count)
             VALUES ($1, $2, 'OPERATION_TYPE_APPOINTMENT_SALE', $3, $4, now(), current_date, 'EUR', 3632, 0, 763, 4395, '[{"taxPercentage":21,"base":3632,"tax":763}]', '', 'SALE_STATUS_PAID', 4395, 2)),
           lines AS (
             INSERT INTO sale_lines (tenant_id, sale_id, position, kind, item_id, name, quantity, unit_price, tax_percentage, discount_percentage, amount, discount, base, tax, total, stock_moved, sold_on)
             VALUES ($1, $2, 0, 'SALE_LINE_KIND_SERVICE', NULL, 'Corte', 1, 2500, 21, 0, 2500, 0, 2066, 434, 2500, false, current_date),
                    ($1, $2, 1, 'SALE_LINE_KIND_PRODUCT', $5, 'Champú reparador 500 ml', 1, 1895, 21, 0, 1895, 0, 1566, 329, 1895, true, current_date))
           INSERT INTO payment_transactions (tenant_id, id, sale_id, kind, amount, tip_amount, currency, payment_method_id, commission_percentage, commission, status, paid_at, user_id)
           VALUES ($1, $6, $2, 'PAYMENT_TRANSACTION_KIND_PAYMENT', 4395, 0, 'EUR', $7, 0, 0, 'PAYMENT_TRANSACTION_STATUS_COMPLETED', now(), $4)`,
          [tenantId, saleId, appointmentId, userId, itemId, randomUUID(), seeded.cash],
        );
      });
      return { id: saleId };
    });
    await floor.listen({ host: '127.0.0.1', port: 0 });
    const floorUrl = `http://127.0.0.1:${(floor.server.address() as { port: number }).port}`;
    const bare = async () => (await fetch(`${floorUrl}/floor/${randomUUID()}`, { method: 'POST' })).status === 200;

    for (let i = 0; i < 10; i++) await charge(); // warm-up (JIT, plans, caches)
    for (let i = 0; i < 10; i++) await bare();
    // One at a time first (the service time: above 50 ms, a fixed 20/s queues up on PGlite's one connection).
    const oneByOne = async (run: () => Promise<boolean>) => {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const began = performance.now();
        await run();
        times.push(performance.now() - began);
      }
      return p(times, 0.5);
    };
    const chargeService = await oneByOne(charge);
    const floorService = await oneByOne(bare);
    const charged = await atFixedRate(CHARGES, RATE, charge);
    const floorRun = await atFixedRate(CHARGES, RATE, bare);
    const label = `money PGlite: charge an appointment (2 lines, stock move, payment) at ${RATE}/s`;
    rows(
      latencyRow(`${label} p99`, p(charged.times, 0.99), 50, { failed: charged.failed }),
      report(`${label} p50`, p(charged.times, 0.5), 'ms'),
      report('money PGlite: charge an appointment, one at a time p50', chargeService, 'ms'),
      report('money PGlite: floor, bare route one at a time p50', floorService, 'ms'),
      report(`money PGlite: floor, bare Fastify route doing the same inserts at ${RATE}/s p99`, p(floorRun.times, 0.99), 'ms', floorRun.failed ? `${floorRun.failed} failed` : 'report'),
      {
        name: 'money PGlite: charge p99 ÷ bare route p99',
        value: ratio(p(charged.times, 0.99), p(floorRun.times, 0.99)),
        unit: 'x',
        target: '≤ 2',
        met: p(charged.times, 0.99) / p(floorRun.times, 0.99) <= 2,
      },
    );

    // 2. Issuing an invoice of a sale and its PDF. The business invoices as a Spanish one (VERI*FACTU chain).
    const settings = (await (await call('GET', '/invoice-settings')).json()) as { invoiceSettings: { version: number } };
    const updated = await call('PUT', '/invoice-settings', {
      legalName: 'Ana Martín Ruiz',
      taxId: '50123456Q',
      address: { line1: 'Calle Mayor 12', city: 'Madrid', postalCode: '28013', country: 'ES' },
      version: settings.invoiceSettings.version,
    });
    if (updated.status !== 200) throw new Error(`bench money: invoice settings refused (${updated.status} ${await updated.text()})`);
    let invoiceFailed = 0;
    const issued: Invoice[] = [];
    const issue = async () => {
      const saleId = saleIds.pop()!;
      const draft = await call('POST', '/invoices', { invoice: { kind: 'INVOICE_KIND_SIMPLIFIED', customer: { name: 'Lucía García' }, saleId } });
      const { invoice } = (await draft.json()) as { invoice: Invoice };
      const done = await call('POST', `/invoices/${invoice.id}/issue`, { version: invoice.version });
      const pdf = await call('GET', `/invoices/${invoice.id}/pdf`);
      const bytes = await pdf.arrayBuffer();
      if (draft.status !== 201 || done.status !== 200 || pdf.status !== 200 || bytes.byteLength < 1000) invoiceFailed++;
      else issued.push(((await done.json()) as { invoice: Invoice }).invoice);
    };
    for (let i = 0; i < 5; i++) await issue();
    invoiceFailed = 0;
    const issueTimes: number[] = [];
    for (let i = 0; i < INVOICE_RUNS && saleIds.length > 0; i++) {
      const began = performance.now();
      await issue();
      issueTimes.push(performance.now() - began);
    }
    rows(latencyRow('money PGlite: issue an invoice of a sale + its PDF (draft, issue, PDF) p99', p(issueTimes, 0.99), 200, { failed: invoiceFailed }, issued.length === 0));

    // The PDF alone against pdfmake rendering the same document (the server's pdfmake, fonts and policies).
    const sample = issued.at(-1)!;
    const renderer = pdfmake as unknown as { createPdf(doc: object): { getBuffer(): Promise<Buffer> } };
    const pdfTimes: number[] = [];
    const bareTimes: number[] = [];
    let pdfFailed = 0;
    for (let i = 0; i < INVOICE_RUNS + 5; i++) {
      let began = performance.now();
      const response = await call('GET', `/invoices/${sample.id}/pdf`);
      await response.arrayBuffer();
      if (response.status !== 200) pdfFailed++;
      if (i >= 5) pdfTimes.push(performance.now() - began);
      began = performance.now();
      await renderer.createPdf(invoiceDocument(sample)).getBuffer();
      if (i >= 5) bareTimes.push(performance.now() - began);
    }
    rows(
      report('money PGlite: invoice PDF request p99', p(pdfTimes, 0.99), 'ms', pdfFailed ? `${pdfFailed} failed` : 'report'),
      report('money PGlite: floor, bare pdfmake render of the same document p99', p(bareTimes, 0.99), 'ms'),
      {
        name: 'money PGlite: invoice PDF request p50 ÷ bare pdfmake p50',
        value: ratio(p(pdfTimes, 0.5), p(bareTimes, 0.5)),
        unit: 'x',
        target: '≤ 1.5',
        met: p(pdfTimes, 0.5) / p(bareTimes, 0.5) <= 1.5,
      },
    );
    return out;
  } finally {
    await floor.close();
    await cita.close();
  }
}
