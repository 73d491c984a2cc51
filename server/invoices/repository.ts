import type { Address, InvoiceCustomer, InvoiceIssuer, InvoiceLineInput, InvoiceRectification, InvoiceStatus } from '../../generated/types.gen.ts';
import type { ComputedDocument } from '../../common/money/index.ts';
import type { Queryable } from '../db/database.ts';
import { listPage } from '../kit/pages.ts';
import { json, type Row } from '../kit/rows.ts';
import { notFound } from '../problem.ts';
import { defaultSeries, defaultSimplifiedLimit, fiscalHash, issuerCountry, type FiscalFields } from './rules.ts';
import { memberInvoiceSql } from '../sales/visibility.ts';

/** All the SQL of invoices (issue 17). Every function takes the request's tenant transaction. */

export interface Settings {
  tenantId: string;
  businessName: string;
  email: string;
  phone: string | null;
  category: string | null;
  timeZone: string;
  locale: 'en-US' | 'es-ES';
  currency: string;
  today: string;
  country: string;
  legalName: string | null;
  taxId: string | null;
  address: Address | null;
  fullSeries: string;
  simplifiedSeries: string;
  rectifyingSeries: string;
  simplifiedLimit: number;
  verifactu: boolean;
  defaultWithholding: number;
  version: number;
}

/**
 * The business's invoicing settings (its row made on first use), with the defaults of what it never
 * set: tax id and address from the business, series of its country, the simplified limit of its
 * category, VERI*FACTU on for a Spanish business. `lock` takes the row FOR UPDATE: the business's
 * issuing lock (every issue and voiding takes it first, then the series counter).
 */
export async function loadSettings(tx: Queryable, tenantId: string, lock = false): Promise<Settings> {
  await tx.query('INSERT INTO invoice_settings (tenant_id) VALUES ($1) ON CONFLICT (tenant_id) DO NOTHING', [tenantId]);
  const { rows } = await tx.query<Row>(
    `SELECT s.*, t.business_name, t.email, t.phone_country_code, t.phone_number, t.category, t.time_zone, t.locale, t.currency_code,
            t.address AS tenant_address, t.tax_id AS tenant_tax_id, to_char(now() AT TIME ZONE t.time_zone, 'YYYY-MM-DD') AS today
       FROM invoice_settings s JOIN tenants t ON t.id = s.tenant_id WHERE s.tenant_id = $1${lock ? ' FOR UPDATE OF s' : ''}`,
    [tenantId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  const address = json<Address | null>(row.address) ?? json<Address | null>(row.tenant_address);
  const currency = row.currency_code as string;
  const country = issuerCountry(address?.country, row.time_zone as string, currency);
  const series = defaultSeries(country);
  return {
    tenantId,
    businessName: row.business_name as string,
    email: row.email as string,
    phone: row.phone_number ? `${(row.phone_country_code as string | null) ?? ''} ${row.phone_number as string}`.trim() : null,
    category: row.category as string | null,
    timeZone: row.time_zone as string,
    locale: row.locale === 'es-ES' ? 'es-ES' : 'en-US',
    currency,
    today: row.today as string,
    country,
    legalName: (row.legal_name as string | null) ?? null,
    taxId: (row.tax_id as string | null) ?? (row.tenant_tax_id as string | null) ?? null,
    address,
    fullSeries: row.full_series === 'A' && country !== 'ES' ? series.full : (row.full_series as string),
    simplifiedSeries: row.simplified_series === 'T' && country !== 'ES' ? series.simplified : (row.simplified_series as string),
    rectifyingSeries: row.rectifying_series === 'R' && country !== 'ES' ? series.rectifying : (row.rectifying_series as string),
    simplifiedLimit: row.simplified_limit === null ? defaultSimplifiedLimit(row.category as string | null) : Number(row.simplified_limit),
    verifactu: row.verifactu === null ? country === 'ES' : Boolean(row.verifactu),
    defaultWithholding: Number(row.default_withholding),
    version: Number(row.version),
  };
}

export interface SettingsChange {
  legalName?: string | undefined;
  taxId?: string | undefined;
  address?: Address | undefined;
  fullSeries?: string | undefined;
  simplifiedSeries?: string | undefined;
  rectifyingSeries?: string | undefined;
  simplifiedLimit?: number | undefined;
  verifactu?: boolean | undefined;
  defaultWithholdingPercentage?: number | undefined;
}

/** Applies a change with the version read; false when the version is stale. */
export async function updateSettings(tx: Queryable, tenantId: string, version: number, change: SettingsChange): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE invoice_settings SET
        legal_name = coalesce($3, legal_name), tax_id = coalesce($4, tax_id), address = coalesce($5::jsonb, address),
        full_series = coalesce($6, full_series), simplified_series = coalesce($7, simplified_series), rectifying_series = coalesce($8, rectifying_series),
        simplified_limit = coalesce($9, simplified_limit), verifactu = coalesce($10, verifactu), default_withholding = coalesce($11, default_withholding),
        version = version + 1, updated_at = now()
      WHERE tenant_id = $1 AND version = $2 RETURNING 1`,
    [
      tenantId,
      version,
      change.legalName ?? null,
      change.taxId ?? null,
      change.address ? JSON.stringify(change.address) : null,
      change.fullSeries ?? null,
      change.simplifiedSeries ?? null,
      change.rectifyingSeries ?? null,
      change.simplifiedLimit ?? null,
      change.verifactu ?? null,
      change.defaultWithholdingPercentage ?? null,
    ],
  );
  return rows.length > 0;
}

/** The next number of every series the business has used (and of its default series). */
export async function nextNumbers(tx: Queryable, tenantId: string, settings: Settings): Promise<{ series: string; nextNumber: number }[]> {
  const { rows } = await tx.query<{ series: string; next_number: number }>('SELECT series, next_number FROM invoice_counters WHERE tenant_id = $1 ORDER BY series', [tenantId]);
  const known = new Map(rows.map((r) => [r.series, Number(r.next_number)]));
  for (const series of [settings.fullSeries, settings.simplifiedSeries, settings.rectifyingSeries]) if (!known.has(series)) known.set(series, 1);
  return [...known.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([series, nextNumber]) => ({ series, nextNumber }));
}

/**
 * The next number of a series, taken inside the issuing transaction: the counter row is created on
 * first use and locked by the UPDATE until the transaction ends, so concurrent issues of a series
 * queue on it; a rollback gives the number back. No gap, no duplicate, on both engines.
 */
export async function takeNumber(tx: Queryable, tenantId: string, series: string): Promise<number> {
  await tx.query('INSERT INTO invoice_counters (tenant_id, series) VALUES ($1, $2) ON CONFLICT (tenant_id, series) DO NOTHING', [tenantId, series]);
  const { rows } = await tx.query<{ n: number }>(
    'UPDATE invoice_counters SET next_number = next_number + 1 WHERE tenant_id = $1 AND series = $2 RETURNING next_number - 1 AS n',
    [tenantId, series],
  );
  return Number(rows[0]!.n);
}

/** Appends a record to the business's VERI*FACTU chain (the caller holds the issuing lock). */
export async function appendFiscalRecord(tx: Queryable, tenantId: string, invoiceId: string, fields: Omit<FiscalFields, 'previousHash'>): Promise<FiscalFields & { hash: string }> {
  const { rows } = await tx.query<{ seq: number; hash: string }>('SELECT seq, hash FROM fiscal_records WHERE tenant_id = $1 ORDER BY seq DESC LIMIT 1', [tenantId]);
  const previous = rows[0];
  const record = { ...fields, previousHash: previous?.hash ?? null };
  const hash = fiscalHash(record);
  await tx.query(
    `INSERT INTO fiscal_records (tenant_id, seq, invoice_id, record_type, invoice_type, issuer_tax_id, num_serie, issue_date, total_tax, total, currency, previous_hash, hash, generated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [tenantId, (previous ? Number(previous.seq) : 0) + 1, invoiceId, record.recordType, record.invoiceType, record.issuerTaxId, record.numSerie, record.issueDate, record.totalTax, record.total, record.currency, record.previousHash, hash, record.generatedAt],
  );
  return { ...record, hash };
}

/** The business's chain, first record first. */
export async function fiscalChain(tx: Queryable, tenantId: string): Promise<(FiscalFields & { hash: string })[]> {
  const { rows } = await tx.query<Row>('SELECT *, to_char(issue_date, \'YYYY-MM-DD\') AS issue_day FROM fiscal_records WHERE tenant_id = $1 ORDER BY seq', [tenantId]);
  return rows.map((r) => ({
    recordType: r.record_type as 'ALTA' | 'ANULACION',
    issuerTaxId: r.issuer_tax_id as string,
    numSerie: r.num_serie as string,
    issueDate: r.issue_day as string,
    invoiceType: r.invoice_type as string,
    totalTax: Number(r.total_tax),
    total: Number(r.total),
    currency: r.currency as string,
    previousHash: (r.previous_hash as string | null) ?? null,
    generatedAt: r.generated_at as string,
    hash: r.hash as string,
  }));
}

export interface DraftValues {
  kind: string;
  series: string;
  operationDate: string | null;
  dueDate: string | null;
  pricesIncludeTax: boolean;
  language: string;
  customer: InvoiceCustomer;
  issuer: InvoiceIssuer;
  notes: string | null;
  saleId: string | null;
  appointmentId: string | null;
  paymentMethodId: string | null;
  withholdingPercentage: number;
  lines: InvoiceLineInput[];
  computed: ComputedDocument;
  currency: string;
}

const draftParams = (v: DraftValues) => [
  v.kind,
  v.series,
  v.operationDate,
  v.dueDate,
  v.pricesIncludeTax,
  v.language,
  JSON.stringify(v.customer),
  JSON.stringify(v.issuer),
  v.notes,
  v.saleId,
  v.appointmentId,
  v.paymentMethodId,
  v.withholdingPercentage,
  JSON.stringify(v.lines),
  JSON.stringify(v.computed),
  v.currency,
  v.computed.totals.total,
];

export async function insertDraft(
  tx: Queryable,
  tenantId: string,
  userId: string,
  v: DraftValues,
  extra: { rectification?: InvoiceRectification; rectifiesId?: string } = {},
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO invoices (tenant_id, created_by, kind, series, operation_date, due_date, prices_include_tax, language, customer, issuer, notes, sale_id, appointment_id,
                           payment_method_id, withholding_percentage, lines, computed, currency, total, rectification, rectifies_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) RETURNING id`,
    [tenantId, userId, ...draftParams(v), extra.rectification ? JSON.stringify(extra.rectification) : null, extra.rectifiesId ?? null],
  );
  return rows[0]!.id;
}

/** Rewrites a draft with the version read: 'ok', 'stale' or 'not_draft' (or 'missing'). */
export async function updateDraft(tx: Queryable, tenantId: string, id: string, version: number, v: DraftValues): Promise<'ok' | 'stale' | 'not_draft' | 'missing'> {
  const { rows } = await tx.query(
    `UPDATE invoices SET kind = $4, series = $5, operation_date = $6, due_date = $7, prices_include_tax = $8, language = $9, customer = $10, issuer = $11, notes = $12,
            sale_id = $13, appointment_id = $14, payment_method_id = $15, withholding_percentage = $16, lines = $17, computed = $18, currency = $19, total = $20,
            version = version + 1
      WHERE tenant_id = $1 AND id = $2 AND version = $3 AND status = 'INVOICE_STATUS_DRAFT' RETURNING 1`,
    [tenantId, id, version, ...draftParams(v)],
  );
  if (rows.length > 0) return 'ok';
  return whyNot(tx, tenantId, id, version, ['INVOICE_STATUS_DRAFT']);
}

async function whyNot(tx: Queryable, tenantId: string, id: string, version: number, allowed: InvoiceStatus[]): Promise<'stale' | 'not_draft' | 'missing'> {
  const { rows } = await tx.query<{ status: InvoiceStatus; version: number }>('SELECT status, version FROM invoices WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
  const row = rows[0];
  if (!row) return 'missing';
  if (!allowed.includes(row.status)) return 'not_draft';
  return Number(row.version) !== version ? 'stale' : 'not_draft';
}

/** Deletes a draft: 'ok', 'not_draft' or 'missing'. */
export async function deleteDraft(tx: Queryable, tenantId: string, id: string): Promise<'ok' | 'not_draft' | 'missing'> {
  const { rows } = await tx.query(`DELETE FROM invoices WHERE tenant_id = $1 AND id = $2 AND status = 'INVOICE_STATUS_DRAFT' RETURNING 1`, [tenantId, id]);
  if (rows.length > 0) return 'ok';
  const exists = await tx.query('SELECT 1 FROM invoices WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
  return exists.rows.length > 0 ? 'not_draft' : 'missing';
}

const SELECT = `i.*, to_char(i.issue_date, 'YYYY-MM-DD') AS issue_day, to_char(i.operation_date, 'YYYY-MM-DD') AS operation_day,
  to_char(i.due_date, 'YYYY-MM-DD') AS due_day,
  (SELECT s.paid - s.refunded FROM sales s WHERE s.tenant_id = i.tenant_id AND s.id = i.sale_id) AS sale_collected,
  (SELECT coalesce(json_agg(r.id ORDER BY r.created_at), '[]') FROM invoices r WHERE r.tenant_id = i.tenant_id AND r.rectifies_id = i.id) AS rectified_by`;

export async function loadInvoice(tx: Queryable, tenantId: string, id: string, lock = false): Promise<Row | undefined> {
  const { rows } = await tx.query<Row>(`SELECT ${SELECT} FROM invoices i WHERE i.tenant_id = $1 AND i.id = $2${lock ? ' FOR UPDATE OF i' : ''}`, [tenantId, id]);
  return rows[0];
}

export interface InvoiceFilter {
  q?: string | undefined;
  status?: string | undefined;
  kind?: string | undefined;
  series?: string | undefined;
  customerId?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** An issued invoice's payment status, from what its sale collected (as collectedAgainst and toInvoice derive it). */
  paymentStatus?: string | undefined;
  /** Only what this member may see (MoneyScope). */
  visibleTo?: string | undefined;
}

/** What was collected against the invoice aliased `i` (collectedAgainst, in SQL). */
const COLLECTED = `CASE WHEN i.sale_id IS NULL OR i.kind = 'INVOICE_KIND_CREDIT_NOTE' THEN 0
  ELSE greatest(0, coalesce((SELECT s.paid - s.refunded FROM sales s WHERE s.tenant_id = i.tenant_id AND s.id = i.sale_id), 0)) END`;
const PAYMENT_STATUS = `CASE WHEN (${COLLECTED}) <= 0 THEN 'INVOICE_PAYMENT_STATUS_UNPAID'
  WHEN (${COLLECTED}) >= i.total THEN 'INVOICE_PAYMENT_STATUS_PAID' ELSE 'INVOICE_PAYMENT_STATUS_PARTIALLY_PAID' END`;

export async function invoicePage<T>(tx: Queryable, tenantId: string, f: InvoiceFilter, limit: number, offset: number, map: (row: Row) => T) {
  const like = f.q ? `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return listPage(
    tx,
    {
      select: SELECT,
      from: 'invoices i',
      where: `i.tenant_id = $1 AND ($2::text IS NULL OR lower(coalesce(i.display_number, '')) LIKE $2 OR lower(i.customer->>'name') LIKE $2 OR lower(coalesce(i.customer->>'taxId', '')) LIKE $2)
        AND ($3::text IS NULL OR i.status = $3) AND ($4::text IS NULL OR i.kind = $4) AND ($5::text IS NULL OR i.series = $5)
        AND ($6::text IS NULL OR i.customer->>'customerId' = $6) AND ($7::date IS NULL OR i.issue_date >= $7::date) AND ($8::date IS NULL OR i.issue_date <= $8::date)
        AND ($9::text IS NULL OR ${PAYMENT_STATUS} = $9) AND ($10::uuid IS NULL OR ${memberInvoiceSql('i', '$10')})`,
      orderBy: '(i.number IS NOT NULL), i.issue_date DESC NULLS FIRST, i.created_at DESC, i.id',
      params: [tenantId, like, f.status ?? null, f.kind ?? null, f.series ?? null, f.customerId ?? null, f.startDate ?? null, f.endDate ?? null, f.paymentStatus ?? null, f.visibleTo ?? null],
      limit,
      offset,
    },
    map,
  );
}

export async function markIssued(
  tx: Queryable,
  tenantId: string,
  id: string,
  values: { number: number; displayNumber: string; issueDate: string; issuer: InvoiceIssuer; fiscalRecord: object | null },
): Promise<void> {
  await tx.query(
    `UPDATE invoices SET status = 'INVOICE_STATUS_ISSUED', number = $3, display_number = $4, issue_date = $5, issuer = $6, fiscal_record = $7, issued_at = now(), version = version + 1
      WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, values.number, values.displayNumber, values.issueDate, JSON.stringify(values.issuer), values.fiscalRecord ? JSON.stringify(values.fiscalRecord) : null],
  );
}

export async function markVoided(tx: Queryable, tenantId: string, id: string, reason: string, record: object | null): Promise<void> {
  await tx.query(
    `UPDATE invoices SET status = 'INVOICE_STATUS_VOIDED', voided_at = now(), void_reason = $3, cancellation_record = $4, version = version + 1 WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, reason, record ? JSON.stringify(record) : null],
  );
}

export async function bumpVersion(tx: Queryable, tenantId: string, id: string): Promise<void> {
  await tx.query('UPDATE invoices SET version = version + 1 WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
}

/** Queues the e-mail of an invoice (outbox, sent by the worker with the PDF attached) and records sentAt. */
export async function queueInvoiceMail(tx: Queryable, tenantId: string, id: string, recipient: string): Promise<void> {
  const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE tenant_id = $1 AND invoice_id = $2`, [tenantId, id]);
  const dedupeKey = `invoice.${id}.${Number(rows[0]!.n) + 1}`;
  await tx.query(
    `INSERT INTO outbox (tenant_id, dedupe_key, kind, channel, invoice_id, recipient, due_at, next_attempt_at)
     VALUES ($1, $2, 'invoice', 'REMINDER_CHANNEL_EMAIL', $3, $4, now(), now())`,
    [tenantId, dedupeKey, id, recipient],
  );
  await tx.query('UPDATE invoices SET sent_at = coalesce(sent_at, now()), version = version + 1 WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
}

/**
 * What was collected against an invoice: for the invoice of a sale, the sale's completed payments
 * minus its refunds, tips apart (sale_collected, read with the invoice). An invoice made by hand, or a
 * rectifying invoice, has no payments through Cita (0).
 */
export function collectedAgainst(row: Row): number {
  if (!row.sale_id || row.kind === 'INVOICE_KIND_CREDIT_NOTE') return 0;
  return Math.max(0, Number(row.sale_collected ?? 0));
}

/** The sale to invoice, locked (one invoice of it at a time), with its stored lines in order. */
export async function saleToInvoice(tx: Queryable, tenantId: string, saleId: string): Promise<{ sale: Row; lines: Row[] } | undefined> {
  const { rows } = await tx.query<Row>('SELECT * FROM sales WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, saleId]);
  const sale = rows[0];
  if (!sale) return undefined;
  const lines = await tx.query<Row>('SELECT * FROM sale_lines WHERE tenant_id = $1 AND sale_id = $2 ORDER BY position', [tenantId, saleId]);
  return { sale, lines: lines.rows };
}

/** The customer record of a sale, as an invoice party needs it. */
export async function customerParty(tx: Queryable, tenantId: string, customerId: string): Promise<Row | undefined> {
  const { rows } = await tx.query<Row>('SELECT id, name, last_name, email, address, tax_id FROM customers WHERE tenant_id = $1 AND id = $2', [tenantId, customerId]);
  return rows[0];
}

/** Links a sale to its invoice (the sale's invoiceId); the sale changed, so its version moves. */
export async function linkSale(tx: Queryable, tenantId: string, saleId: string, invoiceId: string): Promise<void> {
  await tx.query('UPDATE sales SET invoice_id = $3, version = version + 1 WHERE tenant_id = $1 AND id = $2', [tenantId, saleId, invoiceId]);
}

/** Frees the sale of a deleted draft or a voided invoice (it may be invoiced again). */
export async function unlinkSale(tx: Queryable, tenantId: string, invoiceId: string): Promise<void> {
  await tx.query('UPDATE sales SET invoice_id = NULL, version = version + 1 WHERE tenant_id = $1 AND invoice_id = $2', [tenantId, invoiceId]);
}
