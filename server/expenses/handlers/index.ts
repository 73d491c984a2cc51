import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { ExpenseList, ExpenseScan, ExpenseScanField } from '../../../generated/types.gen.ts';
import { findRegion } from '../../../common/regions.ts';
import type { AssetStorage } from '../../assets/storage.ts';
import { PDF_MIME_TYPE } from '../../assets/images.ts';
import { assertAssetsExist } from '../../assets/references.ts';
import { sessionOf, type HandlerDeps } from '../../kit/context.ts';
import { csvDialect, sendCsv } from '../../kit/csv.ts';
import type { Row } from '../../kit/rows.ts';
import { idempotencyKeyOf, idempotent, staleVersion } from '../../kit/write-rules.ts';
import { HttpProblem, notFound, unprocessable } from '../../problem.ts';
import { authorize } from '../../tenancy/roles.ts';
import { expensesCsv } from '../export.ts';
import { toExpense } from '../mappers.ts';
import { OcrBusy, noText, type OcrReader } from '../ocr.ts';
import { parseReceipt } from '../receipt-parser.ts';
import {
  archiveExpense,
  businessOf,
  duplicatesOfRow,
  expenseTotals,
  findExpense,
  insertExpense,
  listExpenseRows,
  possibleDuplicates,
  updateExpense,
} from '../repository.ts';
import { decodeCursor, encodeCursor, expenseValues, MAX_PERIOD_DAYS, periodDays, yearBefore } from '../rules.ts';

type Handlers = Pick<RouteHandlers, 'createExpense' | 'listExpenses' | 'exportExpenses' | 'scanExpense' | 'getExpense' | 'updateExpense' | 'deleteExpense'>;

function checkTenant(bodyTenantId: string, tenantId: string, field: string) {
  if (bodyTenantId !== tenantId) throw unprocessable(field, 'tenant_mismatch', 'The body names another business than the address.');
}

function checkPeriod(filters: { dateFrom?: string; dateTo?: string } | undefined) {
  if (filters?.dateFrom && filters.dateTo) {
    if (filters.dateTo < filters.dateFrom) throw unprocessable('/filters/dateTo', 'end_before_start', 'The end date must not be before the start date.');
    if (periodDays(filters.dateFrom, filters.dateTo) > MAX_PERIOD_DAYS) {
      throw unprocessable('/filters/dateTo', 'period_too_long', `A period covers at most ${MAX_PERIOD_DAYS} days.`);
    }
  }
}

const withDuplicates = async (tx: Parameters<typeof duplicatesOfRow>[0], tenantId: string, row: Row) => toExpense(row, await duplicatesOfRow(tx, tenantId, row));

export function expenseHandlers({ db }: HandlerDeps, storage: AssetStorage, ocr: OcrReader): Handlers {
  return {
    async createExpense(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'expenses', 'write');
      const { userId } = sessionOf(request);
      const input = request.body.expense;
      const result = await db.withTenant(tenantId, (tx) =>
        idempotent(tx, tenantId, idempotencyKeyOf(request), 'createExpense', request.body, async () => {
          const business = await businessOf(tx, tenantId);
          const values = expenseValues(input, business);
          if (values.receiptAssetId) await assertAssetsExist(tx, tenantId, [{ id: values.receiptAssetId, field: '/expense/receiptAssetId' }], { documents: true });
          const row = await insertExpense(tx, tenantId, userId, values);
          return { status: 201, body: { expense: await withDuplicates(tx, tenantId, row) } };
        }),
      );
      return reply.code(201).send(result.body);
    },

    async listExpenses(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'expenses', 'read');
      const body = request.body;
      checkTenant(body.tenantId, tenantId, '/tenantId');
      checkPeriod(body.filters);
      const after = body.cursor ? decodeCursor(body.cursor) : undefined;
      const limit = Math.trunc(Math.min(request.query?.limit ?? 50, 200));
      const list = await db.withTenant(tenantId, async (tx): Promise<ExpenseList> => {
        const business = await businessOf(tx, tenantId);
        const rows = await listExpenseRows(tx, tenantId, body.filters, limit + 1, after);
        const page = rows.slice(0, limit);
        const totals = await expenseTotals(tx, tenantId, body.filters);
        const items = [];
        for (const row of page) items.push(await withDuplicates(tx, tenantId, row));
        const last = page[page.length - 1];
        const money = (amount: string | number) => ({ amount: Number(amount), currency: business.currency });
        return {
          items,
          total: totals.sums.n,
          ...(rows.length > limit && last ? { nextCursor: encodeCursor({ date: last.date as string, createdAt: last.created_key as string, id: last.id as string }) } : {}),
          totals: {
            count: totals.sums.n,
            amount: money(totals.sums.amount),
            taxAmount: money(totals.sums.tax),
            base: money(totals.sums.base),
            withholding: money(totals.sums.withholding),
            byCategory: totals.byCategory.map((entry) => ({ category: entry.category as never, count: entry.n, amount: money(entry.amount) })),
            byRate: totals.byRate.map((entry) => ({ taxPercentage: Number(entry.rate), base: money(entry.base), tax: money(entry.tax) })),
          },
        };
      });
      return reply.code(200).send(list);
    },

    async exportExpenses(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'expenses', 'read');
      const body = request.body;
      checkTenant(body.tenantId, tenantId, '/tenantId');
      // A year at most: without a start, the year up to the end (today by default).
      const today = await db.withTenant(tenantId, async (tx) => (await businessOf(tx, tenantId)).today);
      const to = body.filters?.dateTo ?? today;
      const filters = { ...body.filters, dateFrom: body.filters?.dateFrom ?? yearBefore(to), dateTo: to };
      checkPeriod(filters);
      const name = `${body.locale === 'es-ES' ? 'gastos' : 'expenses'}-${filters.dateFrom}-${filters.dateTo}.csv`;
      return sendCsv(reply, name, expensesCsv(db, tenantId, filters, body.locale, csvDialect(body.locale)));
    },

    async scanExpense(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'expenses', 'write');
      const { assetId } = request.body;
      checkTenant(request.body.tenant_id, tenantId, '/tenant_id');
      const { storageKey, mimeType, business } = await db.withTenant(tenantId, async (tx) => {
        const { rows } = await tx.query<{ storage_key: string; mime_type: string }>('SELECT storage_key, mime_type FROM assets WHERE tenant_id = $1 AND id = $2', [
          tenantId,
          assetId,
        ]);
        if (!rows[0]) throw notFound('No uploaded receipt of this business has this id.');
        return { storageKey: rows[0].storage_key, mimeType: rows[0].mime_type, business: await businessOf(tx, tenantId) };
      });
      const bytes = await storage.get(storageKey);
      if (!bytes) throw notFound('No uploaded receipt of this business has this id.');
      // The reader's process prepares the file (an image, or a PDF's text layer or rendered first
      // page): this event loop only hands the stored bytes over.
      let result;
      try {
        result = await ocr.read(bytes, mimeType === PDF_MIME_TYPE ? 'pdf' : 'image');
      } catch (error) {
        if (error instanceof OcrBusy) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      const text = result.lines.map((line) => line.text).join('\n').trim();
      // Fewer than a handful of letters and digits is no receipt (a blank or blurred photo).
      if ((text.match(/[\p{L}\d]/gu) ?? []).length < 8) throw noText();
      const region = findRegion(business.country);
      const parsed = parseReceipt(result.lines, { dateOrder: region?.dateOrder ?? 'DMY', currency: business.currency });
      const money = (amount: number) => ({ amount, currency: business.currency });
      const fields: ExpenseScanField[] = Object.entries(parsed.confidence).map(([field, confidence]) => ({
        field: field as ExpenseScanField['field'],
        confidence,
        ...(field === 'supplierTaxId' ? { repaired: parsed.taxIdRepaired ?? false } : {}),
      }));
      const duplicates = await db.withTenant(tenantId, (tx) =>
        possibleDuplicates(tx, tenantId, {
          receiptAssetId: assetId,
          date: parsed.date ?? null,
          amount: parsed.total ?? null,
          supplier: parsed.supplier ?? null,
          supplierTaxId: parsed.supplierTaxId ?? null,
        }),
      );
      const scan: ExpenseScan = {
        receiptAssetId: assetId,
        ...(parsed.supplier ? { supplier: parsed.supplier } : {}),
        ...(parsed.supplierTaxId ? { supplierTaxId: parsed.supplierTaxId } : {}),
        ...(parsed.invoiceNumber ? { supplierInvoiceNumber: parsed.invoiceNumber } : {}),
        ...(parsed.date ? { date: parsed.date } : {}),
        taxLines: parsed.taxLines.slice(0, 12).map((line) => ({ taxPercentage: line.rateMilli / 1000, base: money(line.base), tax: money(line.tax) })),
        ...(parsed.withholdingRateMilli !== undefined ? { withholdingPercentage: parsed.withholdingRateMilli / 1000 } : {}),
        ...(parsed.withholding !== undefined ? { withholding: money(parsed.withholding) } : {}),
        ...(parsed.total !== undefined && parsed.total >= 0 ? { amount: money(parsed.total) } : {}),
        fields,
        confidence: Math.round(Math.max(0, Math.min(100, result.confidence))) / 100,
        possibleDuplicateIds: duplicates,
        rawText: text.slice(0, 20_000),
      };
      return reply.code(200).send({ scan });
    },

    async getExpense(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'expenses', 'read');
      const expense = await db.withTenant(tenantId, async (tx) => withDuplicates(tx, tenantId, await findExpense(tx, tenantId, id)));
      return reply.code(200).send({ expense });
    },

    async updateExpense(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'expenses', 'write');
      const input = request.body.expense;
      const expense = await db.withTenant(tenantId, async (tx) => {
        const current = await findExpense(tx, tenantId, id, true);
        if (current.archived_at) throw new HttpProblem(409, 'This expense is archived; it can no longer be changed.', 'expense_archived');
        const values = expenseValues(input, await businessOf(tx, tenantId));
        if (values.receiptAssetId) await assertAssetsExist(tx, tenantId, [{ id: values.receiptAssetId, field: '/expense/receiptAssetId' }], { documents: true });
        const row = await updateExpense(tx, tenantId, id, input.version, values);
        if (!row) throw staleVersion();
        return withDuplicates(tx, tenantId, row);
      });
      return reply.code(200).send({ expense });
    },

    async deleteExpense(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'expenses', 'delete');
      const found = await db.withTenant(tenantId, (tx) => archiveExpense(tx, tenantId, id));
      if (!found) throw notFound();
      return reply.code(204).send();
    },
  };
}
