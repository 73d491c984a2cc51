import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { InvoiceCustomer, InvoiceInput } from '../../../generated/types.gen.ts';
import type { Queryable } from '../../db/database.ts';
import type { ComputedDocument } from '../../../common/money/index.ts';
import type { FastifyRequest } from 'fastify';
import { sessionOf, type HandlerDeps, type TeamRole } from '../../kit/context.ts';
import { json } from '../../kit/rows.ts';
import { idempotencyKeyOf, idempotent, staleVersion } from '../../kit/write-rules.ts';
import { isUniqueViolation, violatedConstraint } from '../../db/errors.ts';
import { conflict, notFound, unprocessable } from '../../problem.ts';
import { assertInvoiceVisible, assertSaleVisible, moneyScopeOf } from '../../sales/visibility.ts';
import { authorize } from '../../tenancy/roles.ts';
import { issuerOf, toInvoice, toInvoiceSettings } from '../mappers.ts';
import { insertRectification, issueLocked } from '../issuing.ts';
import { invoicePdf } from '../pdf.ts';
import {
  appendFiscalRecord,
  bumpVersion,
  collectedAgainst,
  customerParty,
  linkSale,
  saleToInvoice,
  unlinkSale,
  deleteDraft,
  fiscalChain,
  insertDraft,
  invoicePage,
  loadInvoice,
  loadSettings,
  markVoided,
  nextNumbers,
  queueInvoiceMail,
  updateDraft,
  updateSettings,
  type DraftValues,
  type Settings,
} from '../repository.ts';
import {
  checkCustomerTaxId,
  computeInvoice,
  firstBrokenLink,
  invoiceFromSale,
  KIND,
  creditOfInvoice,
  offsetDateTime,
  STATUS,
} from '../rules.ts';
import { isValidSpanishTaxId, normalizeTaxId } from '../tax-id.ts';

type Handlers = Pick<
  RouteHandlers,
  | 'createInvoice'
  | 'listInvoices'
  | 'getInvoice'
  | 'updateInvoice'
  | 'deleteInvoice'
  | 'issueInvoice'
  | 'rectifyInvoice'
  | 'voidInvoice'
  | 'sendInvoice'
  | 'getInvoicePdf'
  | 'verifyInvoiceChain'
  | 'getInvoiceSettings'
  | 'updateInvoiceSettings'
>;

const notDraft = () => conflict('Only a draft can be changed or deleted; correct an issued invoice with a rectifying invoice.', 'invoice_not_draft');
const invalidTransition = (detail: string) => conflict(detail, 'invalid_transition');
const noInvoice = () => notFound('No invoice has this id.');

/** A draft's stored values from its input, computed with the one document arithmetic. */
function draftValues(input: InvoiceInput, s: Settings): DraftValues {
  if (!input.lines || input.lines.length === 0) throw unprocessable('invoice.lines', 'required', 'An invoice made by hand needs at least one line.');
  const customer = { ...input.customer, ...(input.customer.taxId ? { taxId: normalizeTaxId(input.customer.taxId) } : {}) };
  checkCustomerTaxId(customer, s.country);
  const kind = input.kind ?? KIND.standard;
  const withholdingPercentage = input.withholdingPercentage ?? (kind === KIND.standard && customer.taxId && s.defaultWithholding > 0 ? s.defaultWithholding : 0);
  const pricesIncludeTax = input.pricesIncludeTax ?? false;
  const computed = computeInvoice(input.lines, { currency: s.currency, pricesIncludeTax, withholdingPercentage });
  return {
    kind,
    series: input.series ?? (kind === KIND.simplified ? s.simplifiedSeries : s.fullSeries),
    operationDate: input.operationDate ?? null,
    dueDate: input.dueDate ?? null,
    pricesIncludeTax,
    language: input.language ?? s.locale,
    customer,
    issuer: issuerOf(s),
    notes: input.notes ?? null,
    saleId: null,
    appointmentId: input.appointmentId ?? null,
    paymentMethodId: input.paymentMethodId ?? null,
    withholdingPercentage,
    lines: input.lines,
    computed,
    currency: s.currency,
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * A draft invoicing a sale: the server builds its lines from the sale's stored lines (never from the
 * client), with the sale's own document arithmetic, so its totals are the sale's. The customer party
 * is the sale's customer record, what the client sends filling in or correcting it. 404 for a sale
 * that is not the business's, 409 for a voided sale, a refund, or a sale with a live invoice
 * (`currentInvoiceId`: the draft being rewritten, which may keep its sale).
 */
async function draftFromSale(tx: Queryable, tenantId: string, input: InvoiceInput, s: Settings, currentInvoiceId?: string): Promise<DraftValues> {
  const saleId = input.saleId!;
  if (input.lines !== undefined) throw unprocessable('invoice.lines', 'not_allowed', 'An invoice of a sale takes its lines from the sale: send no lines.');
  const found = await saleToInvoice(tx, tenantId, saleId);
  if (!found) throw notFound('No sale has this id.');
  const { sale, lines: saleLines } = found;
  if (sale.lifecycle !== 'SALE_LIFECYCLE_COMPLETED') throw conflict('This sale was voided: it cannot be invoiced.', 'sale_voided');
  if (sale.refund_of_sale_id) throw conflict('A refund is invoiced with a rectifying invoice of the original sale\'s invoice.', 'invalid_transition');
  if (sale.invoice_id && sale.invoice_id !== currentInvoiceId) throw conflict('This sale already has an invoice.', 'sale_already_invoiced');
  if (sale.currency !== s.currency) throw unprocessable('invoice.saleId', 'currency_mismatch', `Invoices are in the business's currency, ${s.currency}.`);
  const discount =
    sale.discount_percentage !== null ? { percentage: Number(sale.discount_percentage) } : sale.discount_amount !== null ? { amount: Number(sale.discount_amount) } : undefined;
  const pricesIncludeTax = sale.prices_include_tax !== false;
  const { lines, computed } = invoiceFromSale({
    currency: s.currency,
    discount,
    pricesIncludeTax,
    lines: saleLines.map((line) => ({
      kind: line.kind as string,
      itemId: (line.item_id as string | null) ?? null,
      name: line.name as string,
      quantity: line.quantity as string,
      unitPrice: Number(line.unit_price),
      taxPercentage: line.tax_percentage as string,
      discountPercentage: line.discount_percentage as string,
    })),
  });
  const customerId = (sale.customer_id as string | null) ?? undefined;
  const record = customerId ? await customerParty(tx, tenantId, customerId) : undefined;
  const recordName = record ? [text(record.name), text(record.last_name)].filter(Boolean).join(' ') : undefined;
  const given = input.customer;
  const taxId = text(given.taxId) ?? text(record?.tax_id);
  const address = given.address ?? (record?.address ? json<InvoiceCustomer['address']>(record.address) : undefined);
  const email = text(given.email) ?? text(record?.email);
  const customer: InvoiceCustomer = {
    ...(customerId ? { customerId } : {}),
    name: text(given.name) ?? recordName ?? text(sale.customer_name) ?? given.name,
    ...(taxId ? { taxId: normalizeTaxId(taxId) } : {}),
    ...(address ? { address } : {}),
    ...(email ? { email } : {}),
  };
  checkCustomerTaxId(customer, s.country);
  const kind = input.kind ?? KIND.standard;
  return {
    kind,
    series: input.series ?? (kind === KIND.simplified ? s.simplifiedSeries : s.fullSeries),
    operationDate: input.operationDate ?? null,
    dueDate: input.dueDate ?? null,
    // The sale's price mode: its invoice states the same unit prices, so the same totals.
    pricesIncludeTax,
    language: input.language ?? s.locale,
    customer,
    issuer: issuerOf(s),
    notes: input.notes ?? null,
    saleId,
    appointmentId: (sale.appointment_id as string | null) ?? null,
    paymentMethodId: input.paymentMethodId ?? null,
    // The invoice of a sale stands for what the sale charged: no withholding changes its total.
    withholdingPercentage: 0,
    lines,
    computed,
    currency: s.currency,
  };
}

/** An invoice of a sale refused by the one-invoice-per-sale index (a concurrent request won). */
function saleInvoiceConflict(error: unknown): never {
  if (isUniqueViolation(error) && violatedConstraint(error) === 'invoices_sale_key') throw conflict('This sale already has an invoice.', 'sale_already_invoiced');
  throw error;
}

async function answer(tx: Queryable, tenantId: string, id: string) {
  const row = await loadInvoice(tx, tenantId, id);
  if (!row) throw noInvoice();
  return toInvoice(row, collectedAgainst(row));
}

/** 404 unless the caller may see the invoice (a member of a business that does not share calendars: MoneyScope). */
async function visibleTo(tx: Queryable, request: FastifyRequest, tenantId: string, id: string, role: TeamRole): Promise<void> {
  await assertInvoiceVisible(tx, tenantId, id, await moneyScopeOf(tx, tenantId, role, sessionOf(request).userId));
}

export function invoiceHandlers(deps: HandlerDeps): Handlers {
  const { db } = deps;
  return {
    async createInvoice(request, reply) {
      const { tenantId } = request.params;
      const role = await authorize(db, request, tenantId, 'invoices', 'write');
      const { userId } = sessionOf(request);
      const stored = await db.withTenant(tenantId, async (tx) =>
        idempotent(tx, tenantId, idempotencyKeyOf(request), 'createInvoice', request.body, async () => {
          const s = await loadSettings(tx, tenantId);
          const input = request.body.invoice;
          if (!input.saleId) {
            const id = await insertDraft(tx, tenantId, userId, draftValues(input, s));
            return { status: 201, body: { invoice: await answer(tx, tenantId, id) } };
          }
          await assertSaleVisible(tx, tenantId, input.saleId, await moneyScopeOf(tx, tenantId, role, userId));
          const values = await draftFromSale(tx, tenantId, input, s);
          const id = await insertDraft(tx, tenantId, userId, values).catch(saleInvoiceConflict);
          await linkSale(tx, tenantId, input.saleId, id);
          return { status: 201, body: { invoice: await answer(tx, tenantId, id) } };
        }),
      );
      return reply.code(201).send(stored.body);
    },

    async listInvoices(request, reply) {
      const { tenantId } = request.params;
      const role = await authorize(db, request, tenantId, 'invoices', 'read');
      const { limit = 50, offset = 0, paymentStatus, ...filter } = request.query ?? {};
      // A payment status is one of an issued invoice (what its sale collected, collectedAgainst).
      if (paymentStatus && filter.status && filter.status !== 'INVOICE_STATUS_ISSUED') return reply.code(200).send({ items: [], total: 0 });
      const where = paymentStatus ? { ...filter, status: 'INVOICE_STATUS_ISSUED', paymentStatus } : filter;
      const result = await db.withTenant(tenantId, async (tx) => {
        const scope = await moneyScopeOf(tx, tenantId, role, sessionOf(request).userId);
        return invoicePage(tx, tenantId, { ...where, visibleTo: scope?.userId }, limit, offset, (row) => toInvoice(row, collectedAgainst(row)));
      });
      return reply.code(200).send(result);
    },

    async getInvoice(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'invoices', 'read');
      const invoice = await db.withTenant(tenantId, async (tx) => {
        await visibleTo(tx, request, tenantId, id, role);
        return answer(tx, tenantId, id);
      });
      return reply.code(200).send({ invoice });
    },

    async updateInvoice(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'invoices', 'write');
      const invoice = await db.withTenant(tenantId, async (tx) => {
        await visibleTo(tx, request, tenantId, id, role);
        const s = await loadSettings(tx, tenantId);
        const input = request.body.invoice;
        const current = await loadInvoice(tx, tenantId, id);
        if (!current) throw noInvoice();
        const currentSale = (current.sale_id as string | null) ?? undefined;
        if (currentSale !== input.saleId)
          throw unprocessable('invoice.saleId', 'sale_fixed', 'A draft keeps the sale it was made from (or none): delete it and create another.');
        const values = input.saleId ? await draftFromSale(tx, tenantId, input, s, id) : draftValues(input, s);
        const outcome = await updateDraft(tx, tenantId, id, request.body.version, values);
        if (outcome === 'missing') throw noInvoice();
        if (outcome === 'stale') throw staleVersion();
        if (outcome === 'not_draft') throw notDraft();
        return answer(tx, tenantId, id);
      });
      return reply.code(200).send({ invoice });
    },

    async deleteInvoice(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'invoices', 'write');
      const outcome = await db.withTenant(tenantId, async (tx) => {
        await visibleTo(tx, request, tenantId, id, role);
        const deleted = await deleteDraft(tx, tenantId, id);
        if (deleted === 'ok') await unlinkSale(tx, tenantId, id);
        return deleted;
      });
      if (outcome === 'missing') throw noInvoice();
      if (outcome === 'not_draft') throw notDraft();
      return reply.code(204).send();
    },

    async issueInvoice(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'invoices', 'write');
      const invoice = await db.withTenant(tenantId, async (tx) => {
        await visibleTo(tx, request, tenantId, id, role);
        // The business's issuing lock first (one VERI*FACTU chain per issuer), then the invoice.
        const s = await loadSettings(tx, tenantId, true);
        const row = await loadInvoice(tx, tenantId, id, true);
        if (!row) throw noInvoice();
        if (row.status !== STATUS.draft) throw notDraft();
        if (Number(row.version) !== request.body.version) throw staleVersion();
        await issueLocked(tx, s, row);
        return answer(tx, tenantId, id);
      });
      return reply.code(200).send({ invoice });
    },

    async rectifyInvoice(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'invoices', 'delete');
      const { userId } = sessionOf(request);
      const body = request.body;
      const stored = await db.withTenant(tenantId, (tx) =>
        idempotent(tx, tenantId, idempotencyKeyOf(request), `rectifyInvoice:${id}`, body, async () => {
          const s = await loadSettings(tx, tenantId, true);
          const original = await loadInvoice(tx, tenantId, id, true);
          if (!original) throw noInvoice();
          if (original.status !== STATUS.issued) throw invalidTransition('Only an issued invoice can be rectified.');
          if (Number(original.version) !== body.version) throw staleVersion();
          const originalKind = original.kind as string;
          if (originalKind === KIND.creditNote) throw invalidTransition('A rectifying invoice is corrected with another rectification of the original invoice.');
          if ((originalKind === KIND.simplified) !== (body.reason === 'R5'))
            throw unprocessable('reason', 'invalid_reason', 'R5 rectifies a simplified invoice, and only a simplified invoice is rectified with R5.');
          if (body.method === 'SUBSTITUTION' && !body.lines) throw unprocessable('lines', 'required', 'A rectification by substitution states the corrected lines.');
          const originalLines = (typeof original.lines === 'string' ? JSON.parse(original.lines) : original.lines) as InvoiceInput['lines'] & object;
          // Without lines, the credit is the whole invoice as it was computed (discounts on the whole included).
          const { lines, computed } = body.lines
            ? {
                lines: body.lines,
                computed: computeInvoice(body.lines, {
                  currency: s.currency,
                  pricesIncludeTax: Boolean(original.prices_include_tax),
                  withholdingPercentage: Number(original.withholding_percentage),
                  field: 'lines',
                }),
              }
            : creditOfInvoice(originalLines, json<ComputedDocument>(original.computed));
          const newId = await insertRectification(tx, s, userId, original, { method: body.method, reason: body.reason, description: body.description }, lines, computed);
          const draft = (await loadInvoice(tx, tenantId, newId))!;
          await issueLocked(tx, s, draft, originalKind);
          await bumpVersion(tx, tenantId, id);
          return { status: 201, body: { invoice: await answer(tx, tenantId, newId) } };
        }),
      );
      return reply.code(201).send(stored.body);
    },

    async voidInvoice(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'invoices', 'delete');
      const invoice = await db.withTenant(tenantId, async (tx) => {
        const s = await loadSettings(tx, tenantId, true);
        const row = await loadInvoice(tx, tenantId, id, true);
        if (!row) throw noInvoice();
        if (row.status !== STATUS.issued) throw invalidTransition(row.status === STATUS.draft ? 'A draft is deleted, not voided.' : 'This invoice is already voided.');
        if (Number(row.version) !== request.body.version) throw staleVersion();
        if (row.sent_at || (collectedAgainst(row)) > 0 || json<string[]>(row.rectified_by).length > 0)
          throw conflict('This invoice was delivered, paid or rectified: correct it with a rectifying invoice instead.', 'invoice_delivered');
        let record: object | null = null;
        const previous = row.fiscal_record ? (typeof row.fiscal_record === 'string' ? JSON.parse(row.fiscal_record) : row.fiscal_record) : null;
        if (previous && s.taxId) {
          const fields = {
            recordType: 'ANULACION' as const,
            issuerTaxId: normalizeTaxId(s.taxId),
            numSerie: row.display_number as string,
            issueDate: row.issue_day as string,
            invoiceType: previous.invoiceType as string,
            totalTax: 0,
            total: 0,
            currency: s.currency,
            generatedAt: offsetDateTime(new Date(), s.timeZone),
          };
          const appended = await appendFiscalRecord(tx, tenantId, id, fields);
          record = { type: 'ANULACION', invoiceType: fields.invoiceType, hash: appended.hash, previousHash: appended.previousHash, generatedAt: fields.generatedAt };
        }
        await markVoided(tx, tenantId, id, request.body.reason, record);
        if (row.kind !== KIND.creditNote) await unlinkSale(tx, tenantId, id);
        return answer(tx, tenantId, id);
      });
      return reply.code(200).send({ invoice });
    },

    async sendInvoice(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'invoices', 'write');
      const invoice = await db.withTenant(tenantId, async (tx) => {
        await visibleTo(tx, request, tenantId, id, role);
        const row = await loadInvoice(tx, tenantId, id, true);
        if (!row) throw noInvoice();
        if (row.status !== STATUS.issued) throw invalidTransition('Only an issued invoice can be sent.');
        if (Number(row.version) !== request.body.version) throw staleVersion();
        const customer = (typeof row.customer === 'string' ? JSON.parse(row.customer) : row.customer) as { email?: string };
        const to = request.body.email ?? customer.email;
        if (!to) throw unprocessable('email', 'no_recipient', 'The customer has no e-mail address: enter one.');
        await queueInvoiceMail(tx, tenantId, id, to);
        return answer(tx, tenantId, id);
      });
      return reply.code(202).send({ invoice });
    },

    async getInvoicePdf(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'invoices', 'read');
      const invoice = await db.withTenant(tenantId, async (tx) => {
        await visibleTo(tx, request, tenantId, id, role);
        return answer(tx, tenantId, id);
      });
      const bytes = await invoicePdf(invoice);
      const name = (invoice.displayNumber ?? `draft-${invoice.id.slice(0, 8)}`).replace(/[^A-Za-z0-9-]/g, '_');
      return reply
        .code(200)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(bytes as never);
    },

    async verifyInvoiceChain(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'invoices', 'read');
      const chain = await db.withTenant(tenantId, (tx) => fiscalChain(tx, tenantId));
      const broken = firstBrokenLink(chain);
      return reply.code(200).send({ valid: broken === null, records: chain.length, ...(broken === null ? {} : { firstInvalidIndex: broken }) });
    },

    async getInvoiceSettings(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'invoiceSettings', 'read');
      const result = await db.withTenant(tenantId, async (tx) => {
        const s = await loadSettings(tx, tenantId);
        return toInvoiceSettings(s, await nextNumbers(tx, tenantId, s));
      });
      return reply.code(200).send({ invoiceSettings: result });
    },

    async updateInvoiceSettings(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'invoiceSettings', 'write');
      const { version, ...change } = request.body;
      const result = await db.withTenant(tenantId, async (tx) => {
        const before = await loadSettings(tx, tenantId, true);
        const country = change.address?.country ?? before.country;
        if (change.taxId) {
          change.taxId = normalizeTaxId(change.taxId);
          if (country === 'ES' && !isValidSpanishTaxId(change.taxId)) throw unprocessable('taxId', 'invalid_tax_id', 'This tax id is not a valid NIF (check its letter).');
        }
        if (change.simplifiedLimit && change.simplifiedLimit.amount < 0) throw unprocessable('simplifiedLimit.amount', 'out_of_range', 'The limit cannot be negative.');
        if (change.simplifiedLimit && change.simplifiedLimit.currency !== before.currency)
          throw unprocessable('simplifiedLimit.currency', 'currency_mismatch', `The limit is in the business's currency, ${before.currency}.`);
        const ok = await updateSettings(tx, tenantId, version, { ...change, simplifiedLimit: change.simplifiedLimit?.amount });
        if (!ok) throw staleVersion();
        const s = await loadSettings(tx, tenantId);
        return toInvoiceSettings(s, await nextNumbers(tx, tenantId, s));
      });
      return reply.code(200).send({ invoiceSettings: result });
    },
  };
}
