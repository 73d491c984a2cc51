// Expenses (issue 20): record, list with filters and totals, CSV, edit with a version, archive
// (keeping the receipt), possible duplicates, roles (members get 403), other businesses (404), and
// scanning receipt images the test draws (a Spanish invoice and a US receipt) with the real OCR, and
// PDF receipts the test makes with pdfmake (a text layer, a scanned page without one, a damaged file).
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createExpense,
  deleteExpense,
  getAssetContent,
  getExpense,
  listExpenses,
  scanExpense,
  updateExpense,
  updateTenant,
} from '../../../generated/sdk.gen.ts';
import type { Expense, ExpenseInput, Tenant } from '../../../generated/types.gen.ts';
import { fields, join, newTenant, ok, problem, raw, signUp, signUpOwner, type Actor, type TestServer } from '../harness.ts';
import { pdfOf, receiptPdf } from '../../receipts.ts';
import { upload } from './assets.ts';

export { receiptPdf };

const eur = (amount: number) => ({ amount, currency: 'EUR' });
/** Heap growth allowed while streaming 20,000 expenses: a few pages and the garbage between collections, not the year in memory. */
const MEMORY_BOUND = 48 * 1024 * 1024; // measured: about 14 MB on PGlite

const products: ExpenseInput = {
  supplier: 'Distribuciones Capilares Madrid S.L.',
  supplierTaxId: 'B-87654323',
  supplierInvoiceNumber: 'F-2026-1187',
  description: 'Reposición de champús',
  category: 'EXPENSE_CATEGORY_PRODUCTS',
  date: '2026-11-20',
  taxLines: [{ taxPercentage: 21, base: eur(10000), tax: eur(2100) }],
  amount: eur(12100),
  paymentMethod: 'EXPENSE_PAYMENT_CARD',
};
const adviser: ExpenseInput = {
  supplier: 'Gestoría Ruiz y Asociados',
  supplierTaxId: '50123456Q',
  category: 'EXPENSE_CATEGORY_PROFESSIONAL_SERVICES',
  date: '2026-11-05',
  taxLines: [{ taxPercentage: 21, base: eur(8000), tax: eur(1680) }],
  withholdingPercentage: 15,
  withholding: eur(1200),
  amount: eur(8480), // 80,00 + 16,80 − 12,00
  paymentMethod: 'EXPENSE_PAYMENT_TRANSFER',
};
const groceries: ExpenseInput = {
  supplier: 'Mercado Central',
  category: 'EXPENSE_CATEGORY_SUPPLIES',
  date: '2026-10-30',
  taxLines: [
    { taxPercentage: 10, base: eur(573), tax: eur(57) },
    { taxPercentage: 21, base: eur(1000), tax: eur(210) },
  ],
  amount: eur(1840),
  paymentMethod: 'EXPENSE_PAYMENT_CASH',
  notes: '=HYPERLINK("http://evil.example")',
};

/** A receipt as a photo would show it: dark text on white, drawn with sharp from an SVG. */
export async function receiptImage(lines: string[], width = 1000): Promise<Buffer> {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const height = 120 + lines.length * 70;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fbfbf7"/>
    <g font-family="DejaVu Sans Mono, monospace" font-size="34" fill="#111">${lines.map((line, i) => `<text x="50" y="${90 + i * 70}">${escape(line)}</text>`).join('')}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A scanned receipt as a PDF: one page holding only a picture of the ticket (no text layer). */
export const scannedPdf = async (lines: string[]) =>
  pdfOf({ pageMargins: 20, content: [{ image: `data:image/png;base64,${(await sharp(await receiptImage(lines)).png().toBuffer()).toString('base64')}`, width: 555 }] });

export const SPANISH_TICKET = [
  'PELUQUERIA SUMINISTROS S.L.',
  'CIF: B87654323',
  'FACTURA F-2026-0457',
  'Fecha: 03/11/2026',
  'CHAMPU REPARADOR 51,00',
  'MASCARILLA 49,00',
  'BASE IMPONIBLE 100,00',
  'IVA 21% 21,00',
  'TOTAL 121,00 EUR',
];
/** What SPANISH_TICKET says, read by hand: 51,00 + 49,00 = 100,00 base, 21 % of it 21,00, 121,00 in all; 3 November (day first). */
const SPANISH_TICKET_READ = {
  supplierTaxId: 'B87654323',
  supplierInvoiceNumber: 'F-2026-0457',
  date: '2026-11-03',
  taxLines: [{ taxPercentage: 21, base: eur(10000), tax: eur(2100) }],
  amount: eur(12100),
};
export const US_RECEIPT = ['BEAUTY SUPPLY CO', 'Receipt #A-20931', 'Date 11/05/2026', 'Nail polish 12.50', 'Cotton pads 7.50', 'Subtotal 20.00', 'Sales Tax 8.5% 1.70', 'Total 21.70'];

export function expensesSuite(server: () => TestServer) {
  describe('expenses', () => {
    let owner: Actor;
    let tenant: Tenant;
    let admin: Actor;
    let member: Actor;
    let stranger: { owner: Actor; tenant: Tenant };

    const path = () => ({ tenantId: tenant.id });
    const create = (actor: Actor, input: ExpenseInput, headers?: Record<string, string>) =>
      createExpense({ client: actor.client, path: path(), body: { expense: input }, ...(headers ? { headers } : {}) });
    const list = (actor: Actor, filters: Parameters<typeof listExpenses>[0]['body']['filters'] = {}, extra: { cursor?: string; limit?: number } = {}) =>
      listExpenses({
        client: actor.client,
        path: path(),
        ...(extra.limit ? { query: { limit: extra.limit } } : {}),
        body: { tenantId: tenant.id, filters, ...(extra.cursor ? { cursor: extra.cursor } : {}) },
      });

    beforeAll(async () => {
      const s = server();
      owner = await signUp(s, 'books-owner');
      tenant = await newTenant(owner, { country: 'ES', currency: { currencyCode: 'EUR' }, timeZone: 'Europe/Madrid' });
      admin = await join(s, owner, tenant, 'TEAM_ROLE_ADMIN', 'books-admin');
      member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'books-member');
      stranger = await signUpOwner(s, 'books-stranger');
    }, 60_000);

    it('records an expense with its tax lines and withholding, reads, edits it with its version and archives it', async () => {
      const { expense } = await ok(create(owner, adviser), 201);
      expect(expense).toMatchObject({
        supplier: 'Gestoría Ruiz y Asociados',
        supplierTaxId: '50123456Q',
        base: eur(8000),
        taxAmount: eur(1680),
        withholding: eur(1200),
        withholdingPercentage: 15,
        amount: eur(8480),
        archived: false,
        version: 1,
        possibleDuplicateIds: [],
      });
      const { expense: read } = await ok(getExpense({ client: admin.client, path: { tenantId: tenant.id, id: expense.id } }));
      expect(read).toEqual(expense);

      const changed = { ...adviser, description: 'Asesoría fiscal, noviembre', version: 1 };
      const { expense: updated } = await ok(updateExpense({ client: admin.client, path: { tenantId: tenant.id, id: expense.id }, body: { expense: changed } }));
      expect(updated).toMatchObject({ description: 'Asesoría fiscal, noviembre', version: 2 });
      // The same stale version again: someone else changed it meanwhile.
      const stale = await problem(updateExpense({ client: owner.client, path: { tenantId: tenant.id, id: expense.id }, body: { expense: changed } }), 409);
      expect(stale.code).toBe('stale_version');

      expect((await deleteExpense({ client: owner.client, path: { tenantId: tenant.id, id: expense.id } })).response.status).toBe(204);
      const { expense: archived } = await ok(getExpense({ client: owner.client, path: { tenantId: tenant.id, id: expense.id } }));
      expect(archived.archived).toBe(true);
      expect(archived.archivedAt).toBeTruthy();
      const refused = await problem(
        updateExpense({ client: owner.client, path: { tenantId: tenant.id, id: expense.id }, body: { expense: { ...changed, version: archived.version } } }),
        409,
      );
      expect(refused.code).toBe('expense_archived');
    });

    it('refuses totals that do not add up, a NIF with a wrong check letter and another currency, naming the field', async () => {
      const mismatch = await problem(create(owner, { ...products, amount: eur(12000) }), 422);
      expect(mismatch.errors?.[0]).toMatchObject({ field: '/expense/amount', code: 'totals_mismatch' });
      const badNif = await problem(create(owner, { ...products, supplierTaxId: '50123456A' }), 422);
      expect(badNif.errors?.[0]).toMatchObject({ field: '/expense/supplierTaxId', code: 'invalid_tax_id' });
      const dollars = await problem(create(owner, { ...products, amount: { amount: 12100, currency: 'USD' } }), 422);
      expect(fields(dollars)).toEqual(['/expense/amount/currency']);
      const twice = await problem(create(owner, { ...products, taxLines: [products.taxLines[0]!, products.taxLines[0]!], amount: eur(24200) }), 422);
      expect(twice.errors?.[0]).toMatchObject({ field: '/expense/taxLines/1/taxPercentage', code: 'duplicate_rate' });
      const foreignAsset = await upload(stranger.owner.client, stranger.tenant.id, await receiptImage(['x']));
      const asset = await problem(create(owner, { ...products, receiptAssetId: foreignAsset.id }), 422);
      expect(asset.errors?.[0]).toMatchObject({ field: '/expense/receiptAssetId', code: 'unknown_asset' });
    });

    it('makes a double submit with one Idempotency-Key one expense, and flags the same supplier, date and total as a possible duplicate', async () => {
      const key = randomUUID();
      const input = { ...products, supplierInvoiceNumber: 'DUP-1', date: '2026-09-01' };
      const first = await ok(create(owner, input, { 'idempotency-key': key }), 201);
      const again = await ok(create(owner, input, { 'idempotency-key': key }), 201);
      expect(again.expense.id).toBe(first.expense.id);
      const copy = await ok(create(owner, { ...input, supplierTaxId: undefined, supplier: 'distribuciones capilares madrid s.l.' }), 201);
      expect(copy.expense.possibleDuplicateIds).toEqual([first.expense.id]);
      const { expense: original } = await ok(getExpense({ client: owner.client, path: { tenantId: tenant.id, id: first.expense.id } }));
      expect(original.possibleDuplicateIds).toEqual([copy.expense.id]);
    });

    it('lists a period with filters, keyset pages and totals per category and per rate', async () => {
      const a = await ok(create(owner, { ...products, date: '2026-08-10' }), 201);
      const b = await ok(create(owner, { ...adviser, date: '2026-08-05' }), 201);
      const c = await ok(create(owner, { ...groceries, date: '2026-08-01' }), 201);
      const august = { dateFrom: '2026-08-01', dateTo: '2026-08-31' };
      const all = await ok(list(owner, august));
      expect(all.items.map((e) => e.id)).toEqual([a.expense.id, b.expense.id, c.expense.id]);
      expect(all.total).toBe(3);
      // Worked by hand: totals 121,00 + 84,80 + 18,40 = 224,20; bases 100 + 80 + 15,73; taxes 21 + 16,80 + 2,67.
      expect(all.totals).toEqual({
        count: 3,
        amount: eur(22420),
        base: eur(19573),
        taxAmount: eur(4047),
        withholding: eur(1200),
        byCategory: [
          { category: 'EXPENSE_CATEGORY_PRODUCTS', count: 1, amount: eur(12100) },
          { category: 'EXPENSE_CATEGORY_PROFESSIONAL_SERVICES', count: 1, amount: eur(8480) },
          { category: 'EXPENSE_CATEGORY_SUPPLIES', count: 1, amount: eur(1840) },
        ],
        byRate: [
          { taxPercentage: 21, base: eur(19000), tax: eur(3990) },
          { taxPercentage: 10, base: eur(573), tax: eur(57) },
        ],
      });
      const page1 = await ok(list(owner, august, { limit: 2 }));
      expect(page1.items.map((e) => e.id)).toEqual([a.expense.id, b.expense.id]);
      expect(page1.nextCursor).toBeTruthy();
      const page2 = await ok(list(owner, august, { limit: 2, cursor: page1.nextCursor! }));
      expect(page2.items.map((e) => e.id)).toEqual([c.expense.id]);
      expect(page2.nextCursor).toBeUndefined();

      expect((await ok(list(owner, { ...august, category: 'EXPENSE_CATEGORY_SUPPLIES' }))).items.map((e) => e.id)).toEqual([c.expense.id]);
      expect((await ok(list(owner, { ...august, supplier: 'gestoría' }))).items.map((e) => e.id)).toEqual([b.expense.id]);
      expect((await ok(list(owner, { ...august, paymentMethod: 'EXPENSE_PAYMENT_CARD' }))).items.map((e) => e.id)).toEqual([a.expense.id]);
      expect((await ok(list(owner, { ...august, text: 'champús' }))).items.map((e) => e.id)).toEqual([a.expense.id]);

      const backwards = await problem(list(owner, { dateFrom: '2026-08-31', dateTo: '2026-08-01' }), 422);
      expect(fields(backwards)).toEqual(['/filters/dateTo']);
      const tooLong = await problem(list(owner, { dateFrom: '2025-01-01', dateTo: '2026-08-01' }), 422);
      expect(tooLong.errors?.[0]?.code).toBe('period_too_long');
      const badCursor = await problem(list(owner, august, { cursor: 'bm90LWEtY3Vyc29y' }), 422);
      expect(fields(badCursor)).toEqual(['/cursor']);
      // Archived ones leave the list and the totals, and can be listed on their own.
      await deleteExpense({ client: owner.client, path: { tenantId: tenant.id, id: c.expense.id } });
      expect((await ok(list(owner, august))).totals.amount).toEqual(eur(20580));
      expect((await ok(list(owner, { ...august, archived: true }))).items.map((e) => e.id)).toEqual([c.expense.id]);
    });

    /** The export as the browser asks for it: the streamed file, raw. */
    const exportCsv = (actor: Actor, tenantId: string, locale: 'es-ES' | 'en-US', filters: Record<string, unknown>) =>
      fetch(`${server().baseUrl}/v1/tenants/${tenantId}/expenses/export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${actor.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tenantId, locale, filters }),
      });

    it('exports CSV as a spreadsheet reads it: ; and decimal comma in Spanish, commas and points in English, a BOM, no formula cell', async () => {
      await ok(create(owner, { ...groceries, date: '2026-07-15' }), 201);
      const july = { dateFrom: '2026-07-01', dateTo: '2026-07-31' };
      const spanish = await exportCsv(owner, tenant.id, 'es-ES', july);
      expect(spanish.status).toBe(200);
      expect(spanish.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      expect(spanish.headers.get('content-disposition')).toBe('attachment; filename="gastos-2026-07-01-2026-07-31.csv"');
      const bytes = new Uint8Array(await spanish.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const es = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
      const esRows = es.trimEnd().split('\r\n');
      expect(esRows[0]).toBe('"Fecha";"Proveedor";"NIF proveedor";"N.º factura";"Categoría";"Descripción";"Forma de pago";"Tipo IVA %";"Base";"IVA";"Retención";"Total";"Moneda"');
      // One row per rate: 10 % first as entered, the total on the first row.
      expect(esRows[1]).toBe('"2026-07-15";"Mercado Central";"";"";"Consumibles";"";"Efectivo";"10";"5,73";"0,57";"0,00";"18,40";"EUR"');
      expect(esRows[2]).toBe('"2026-07-15";"Mercado Central";"";"";"Consumibles";"";"Efectivo";"21";"10,00";"2,10";"";"";"EUR"');
      expect(esRows).toHaveLength(3);
      const english = await exportCsv(owner, tenant.id, 'en-US', july);
      expect(english.headers.get('content-disposition')).toBe('attachment; filename="expenses-2026-07-01-2026-07-31.csv"');
      const en = (await english.text()).replace(/^\uFEFF/, '');
      expect(en.split('\r\n')[1]).toBe('"2026-07-15","Mercado Central","","","Supplies","","Cash","10","5.73","0.57","0.00","18.40","EUR"');
      // The notes are not exported; no cell of either file starts with a formula character.
      for (const csv of [es, en]) {
        for (const cell of csv.split(/[;,\r\n]+/)) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+@]/);
      }
      // A year at most: a longer period is refused before any byte; without a start, the year up to the end.
      const tooLong = await exportCsv(owner, tenant.id, 'es-ES', { dateFrom: '2025-01-01', dateTo: '2026-07-31' });
      expect(tooLong.status).toBe(422);
      expect(((await tooLong.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('period_too_long');
      const year = await exportCsv(owner, tenant.id, 'en-US', { dateTo: '2026-07-31' });
      expect(year.headers.get('content-disposition')).toBe('attachment; filename="expenses-2025-07-31-2026-07-31.csv"');
      expect((await year.text()).split('\r\n')[1]).toMatch(/^"2026-07-15","Mercado Central"/);
    });

    it('streams a year of 20,000 expenses page by page: every row, oldest first, with constant server memory', async () => {
      const busy = await signUpOwner(server(), 'books-busy');
      // 20,000 expenses seeded by SQL over 2026 (12.10 each: 10.00 + 21 %); one in a thousand has a formula for a description.
      await server().db.withTenant(busy.tenant.id, (tx) =>
        tx.query(
          `INSERT INTO expenses (tenant_id, created_by, supplier, description, category, expense_date, tax_lines, base, tax, amount, currency, payment_method)
           SELECT $1, $2, 'Proveedor ' || i, CASE WHEN i % 1000 = 0 THEN '=cmd|'' /C calc''!A0' END, 'EXPENSE_CATEGORY_SUPPLIES',
                  date '2026-01-01' + (i % 365), '[{"taxPercentage": 21, "base": 1000, "tax": 210}]'::jsonb, 1000, 210, 1210, 'EUR', 'EXPENSE_PAYMENT_CARD'
             FROM generate_series(1, 20000) AS i`,
          [busy.tenant.id, busy.owner.userId],
        ),
      );
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      const response = await exportCsv(busy.owner, busy.tenant.id, 'es-ES', { dateFrom: '2026-01-01', dateTo: '2026-12-31' });
      expect(response.status).toBe(200);
      // Streamed: sent in chunks as written, never as one body of a known length.
      expect(response.headers.get('content-length')).toBeNull();
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      // Read as it arrives, keeping only counts (the test holds no more of the file than the server should); the BOM kept to be seen.
      const reader = response.body!.pipeThrough(new TextDecoderStream('utf-8', { ignoreBOM: true })).getReader();
      let rest = '';
      let records = 0;
      let chunks = 0;
      let cents = 0;
      let formulas = 0;
      let previousDate = '';
      let ordered = true;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks += 1;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
        const lines = (rest + value).split('\r\n');
        rest = lines.pop()!;
        for (const line of lines) {
          records += 1;
          if (records === 1) {
            expect(line.startsWith('\uFEFF"Fecha";"Proveedor"')).toBe(true);
            continue;
          }
          const cells = line.slice(1, -1).split('";"');
          if (cells[0]! < previousDate) ordered = false;
          previousDate = cells[0]!;
          cents += Math.round(Number(cells[11]!.replace(',', '.')) * 100);
          if (cells[5]!.startsWith("'=")) formulas += 1;
        }
      }
      expect(rest).toBe('');
      expect(records).toBe(20_001);
      expect(ordered).toBe(true);
      // Σ Total = 20,000 × 12.10 by hand; the 20 formula descriptions are text.
      expect(cents).toBe(24_200_000);
      expect(formulas).toBe(20);
      expect(chunks).toBeGreaterThan(1);
      // The server holds a page of rows at a time, not the year: the heap grows by far less than the file's objects would take.
      expect(peak - baseline).toBeLessThan(MEMORY_BOUND);
    }, 120_000);

    it('keeps the business to owners and administrators: a member gets 403, another business 404, nobody 401', async () => {
      const { expense } = await ok(create(admin, products), 201);
      expect((await problem(list(member), 403)).status).toBe(403);
      await problem(getExpense({ client: member.client, path: { tenantId: tenant.id, id: expense.id } }), 403);
      await problem(create(member, products), 403);
      await problem(scanExpense({ client: member.client, path: path(), body: { tenant_id: tenant.id, assetId: randomUUID() } }), 403);
      await problem(getExpense({ client: stranger.owner.client, path: { tenantId: tenant.id, id: expense.id } }), 404);
      await problem(getExpense({ client: stranger.owner.client, path: { tenantId: stranger.tenant.id, id: expense.id } }), 404);
      await problem(deleteExpense({ client: stranger.owner.client, path: { tenantId: stranger.tenant.id, id: expense.id } }), 404);
      await problem(raw(server().baseUrl, 'POST', `/v1/tenants/${tenant.id}/expenses/list`, { body: { tenantId: tenant.id } }), 401);
    });

    describe('scanning receipts', () => {
      it('reads a Spanish invoice drawn by the test, keeps the image and flags a second scan of it', async () => {
        const asset = await upload(owner.client, tenant.id, await receiptImage(SPANISH_TICKET), 'ticket.jpg');
        // /healthz answers while the scan runs: the OCR is off the request thread.
        const scanning = scanExpense({ client: owner.client, path: path(), body: { tenant_id: tenant.id, assetId: asset.id } });
        let scanDone = false;
        void scanning.then(() => (scanDone = true));
        const health = await fetch(`${server().baseUrl}/healthz`);
        expect(health.status).toBe(200);
        const { scan } = await ok(scanning);
        expect(scanDone).toBe(true);
        expect(scan).toMatchObject({ receiptAssetId: asset.id, supplier: 'PELUQUERIA SUMINISTROS S.L.', ...SPANISH_TICKET_READ, possibleDuplicateIds: [] });
        expect(scan.fields.find((f) => f.field === 'amount')?.confidence).toBeGreaterThanOrEqual(0.9);

        // Saved with its receipt; the receipt stays downloadable after archiving.
        const { expense } = await ok(
          create(owner, { category: 'EXPENSE_CATEGORY_PRODUCTS', date: scan.date!, taxLines: scan.taxLines, amount: scan.amount!, supplier: scan.supplier, supplierTaxId: scan.supplierTaxId, receiptAssetId: asset.id }),
          201,
        );
        expect(expense.receiptUrl).toBe(`/v1/tenants/${tenant.id}/assets/${asset.id}`);
        const { scan: second } = await ok(scanExpense({ client: owner.client, path: path(), body: { tenant_id: tenant.id, assetId: asset.id } }));
        expect(second.possibleDuplicateIds).toEqual([expense.id]);
        await deleteExpense({ client: owner.client, path: { tenantId: tenant.id, id: expense.id } });
        const image = await getAssetContent({ client: owner.client, path: { tenantId: tenant.id, id: asset.id } });
        expect(image.response.status).toBe(200);
      }, 120_000);

      it('reads a US receipt month first in a US business', async () => {
        const us = await newTenant(owner, { country: 'US', currency: { currencyCode: 'USD' }, timeZone: 'America/New_York' });
        const asset = await upload(owner.client, us.id, await receiptImage(US_RECEIPT), 'receipt.jpg');
        const { scan } = await ok(scanExpense({ client: owner.client, path: { tenantId: us.id }, body: { tenant_id: us.id, assetId: asset.id } }));
        const usd = (amount: number) => ({ amount, currency: 'USD' });
        expect(scan).toMatchObject({
          supplier: 'BEAUTY SUPPLY CO',
          supplierInvoiceNumber: 'A-20931',
          date: '2026-11-05',
          taxLines: [{ taxPercentage: 8.5, base: usd(2000), tax: usd(170) }],
          amount: usd(2170),
        });
        expect(scan.supplierTaxId).toBeUndefined();
      }, 120_000);

      it('reads a PDF receipt from its text layer, keeps the PDF with the expense, and never takes it as an image', async () => {
        const pdf = await receiptPdf([
          'PELUQUERÍA SUMINISTROS NORTE S.L.',
          'CIF: B87654323',
          'FACTURA F-2026-0871',
          'Fecha: 14/11/2026',
          'Tinte rubio 4 x 7,50 30,00',
          'Guantes nitrilo 20,00',
          'BASE IMPONIBLE 50,00',
          'IVA 21% 10,50',
          'TOTAL 60,50 €',
        ]);
        const asset = await upload(owner.client, tenant.id, pdf, 'factura.pdf', 'application/pdf');
        expect(asset).toMatchObject({ mimeType: 'application/pdf', size: pdf.length, fileName: 'factura.pdf' });
        expect(asset.width).toBeUndefined();
        const { scan } = await ok(scanExpense({ client: owner.client, path: path(), body: { tenant_id: tenant.id, assetId: asset.id } }));
        // 30,00 + 20,00 = 50,00 base; 21 % of it 10,50; 60,50 in all; 14 November (day first in Spain).
        expect(scan).toMatchObject({
          receiptAssetId: asset.id,
          supplier: 'PELUQUERÍA SUMINISTROS NORTE S.L.',
          supplierTaxId: 'B87654323',
          supplierInvoiceNumber: 'F-2026-0871',
          date: '2026-11-14',
          taxLines: [{ taxPercentage: 21, base: eur(5000), tax: eur(1050) }],
          amount: eur(6050),
        });
        expect(scan.rawText).toContain('Tinte rubio 4 x 7,50 30,00');

        const { expense } = await ok(
          create(owner, { category: 'EXPENSE_CATEGORY_SUPPLIES', date: scan.date!, taxLines: scan.taxLines, amount: scan.amount!, supplier: scan.supplier, receiptAssetId: asset.id }),
          201,
        );
        expect(expense.receiptAssetId).toBe(asset.id);
        const kept = await getAssetContent({ client: owner.client, path: { tenantId: tenant.id, id: asset.id } });
        expect(kept.response.headers.get('content-type')).toBe('application/pdf');
        expect(Buffer.from(await (kept.data as Blob).arrayBuffer()).equals(pdf)).toBe(true);
        // Where an image is shown, a PDF is no image.
        const logo = await problem(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { logoAssetId: asset.id } } }), 422);
        expect(logo.errors).toEqual([expect.objectContaining({ field: '/tenant/logoAssetId', code: 'unknown_asset' })]);
      }, 120_000);

      it('reads a scanned PDF (a page without text layer) by rendering its first page, and refuses a damaged PDF with 422 unreadable_pdf', async () => {
        const asset = await upload(owner.client, tenant.id, await scannedPdf(SPANISH_TICKET), 'escaneo.pdf', 'application/pdf');
        const { scan } = await ok(scanExpense({ client: owner.client, path: path(), body: { tenant_id: tenant.id, assetId: asset.id } }));
        // Only OCR of the rendered page can have read these: the PDF holds no text.
        expect(scan).toMatchObject(SPANISH_TICKET_READ);

        const damaged = await upload(owner.client, tenant.id, Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer <<>>\n%%EOF\n'), 'roto.pdf', 'application/pdf');
        const refused = await problem(scanExpense({ client: owner.client, path: path(), body: { tenant_id: tenant.id, assetId: damaged.id } }), 422);
        expect(refused.errors?.[0]).toMatchObject({ field: '/assetId', code: 'unreadable_pdf' });
      }, 180_000);

      it('answers 422 no_text for a blank image and 404 for an image of another business', async () => {
        const blank = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#ffffff' } }).png().toBuffer();
        const asset = await upload(owner.client, tenant.id, blank, 'blank.png', 'image/png');
        const none = await problem(scanExpense({ client: owner.client, path: path(), body: { tenant_id: tenant.id, assetId: asset.id } }), 422);
        expect(none.errors?.[0]).toMatchObject({ field: '/assetId', code: 'no_text' });
        const theirs = await upload(stranger.owner.client, stranger.tenant.id, blank, 'blank.png', 'image/png');
        await problem(scanExpense({ client: owner.client, path: path(), body: { tenant_id: tenant.id, assetId: theirs.id } }), 404);
        const mismatch = await problem(scanExpense({ client: owner.client, path: path(), body: { tenant_id: stranger.tenant.id, assetId: asset.id } }), 422);
        expect(fields(mismatch)).toEqual(['/tenant_id']);
      }, 120_000);
    });
  });
}

export type { Expense };
