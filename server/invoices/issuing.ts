import type { InvoiceCustomer, InvoiceLineInput, InvoiceRectification } from '../../generated/types.gen.ts';
import type { ComputedDocument } from '../../common/money/index.ts';
import type { Queryable } from '../db/database.ts';
import { json, type Row } from '../kit/rows.ts';
import { issuerOf } from './mappers.ts';
import { appendFiscalRecord, bumpVersion, insertDraft, linkSale, loadInvoice, loadSettings, markIssued, takeNumber, type Settings } from './repository.ts';
import { aeatQrUrl, checkIssuable, creditOfRefund, displayNumber, invoiceType, KIND, offsetDateTime, STATUS } from './rules.ts';
import { normalizeTaxId } from './tax-id.ts';

/** Issuing and rectifying invoices inside the caller's transaction (the invoices handlers and a refund of an invoiced sale). */

/**
 * Issues a draft inside the caller's transaction, which already holds the business's issuing lock
 * (loadSettings with lock): checks it can be issued, takes the next number of its series, freezes the
 * issuer and, with VERI*FACTU on, appends the ALTA record to the chain.
 */
export async function issueLocked(tx: Queryable, s: Settings, row: Row, rectifiedKind?: string): Promise<void> {
  const tenantId = s.tenantId;
  const issuer = issuerOf(s);
  const total = Number(row.total);
  const customer = typeof row.customer === 'string' ? JSON.parse(row.customer) : row.customer;
  checkIssuable({
    kind: row.kind as never,
    rectifiedKind: rectifiedKind as never,
    country: s.country,
    issuer: { ...(s.legalName ? { legalName: s.legalName } : {}), ...(s.taxId ? { taxId: s.taxId } : {}), ...(s.address ? { address: s.address } : {}) },
    customer,
    total,
    simplifiedLimit: s.simplifiedLimit,
  });
  const series = row.series as string;
  const number = await takeNumber(tx, tenantId, series);
  const shown = displayNumber(series, number);
  let fiscalRecord: object | null = null;
  if (s.verifactu && s.taxId) {
    const computed = typeof row.computed === 'string' ? JSON.parse(row.computed) : (row.computed as { totals: { tax: number; total: number } });
    const rectification = (typeof row.rectification === 'string' ? JSON.parse(row.rectification) : row.rectification) as InvoiceRectification | null;
    const fields = {
      recordType: 'ALTA' as const,
      issuerTaxId: normalizeTaxId(s.taxId),
      numSerie: shown,
      issueDate: s.today,
      invoiceType: invoiceType(row.kind as never, rectification?.reason),
      totalTax: computed.totals.tax,
      total: computed.totals.total,
      currency: s.currency,
      generatedAt: offsetDateTime(new Date(), s.timeZone),
    };
    const record = await appendFiscalRecord(tx, tenantId, row.id as string, fields);
    fiscalRecord = {
      type: 'ALTA',
      invoiceType: fields.invoiceType,
      hash: record.hash,
      previousHash: record.previousHash,
      generatedAt: fields.generatedAt,
      qrUrl: aeatQrUrl(fields),
    };
  }
  await markIssued(tx, tenantId, row.id as string, { number, displayNumber: shown, issueDate: s.today, issuer, fiscalRecord });
}


/**
 * The draft of a rectifying invoice (a credit note in the rectifying series) of the issued invoice
 * `original`, with its lines and their computed document; the caller issues it.
 */
export async function insertRectification(
  tx: Queryable,
  s: Settings,
  userId: string,
  original: Row,
  how: { method: InvoiceRectification['method']; reason: InvoiceRectification['reason']; description?: string | undefined },
  lines: InvoiceLineInput[],
  computed: ComputedDocument,
): Promise<string> {
  const rectification: InvoiceRectification = {
    invoiceId: original.id as string,
    displayNumber: original.display_number as string,
    issueDate: original.issue_day as string,
    method: how.method,
    reason: how.reason,
    ...(how.description ? { description: how.description } : {}),
  };
  return insertDraft(
    tx,
    s.tenantId,
    userId,
    {
      kind: KIND.creditNote,
      series: s.rectifyingSeries,
      operationDate: null,
      dueDate: null,
      pricesIncludeTax: Boolean(original.prices_include_tax),
      language: original.language as string,
      customer: json<InvoiceCustomer>(original.customer),
      issuer: issuerOf(s),
      notes: null,
      saleId: (original.sale_id as string | null) ?? null,
      appointmentId: (original.appointment_id as string | null) ?? null,
      paymentMethodId: (original.payment_method_id as string | null) ?? null,
      withholdingPercentage: Number(original.withholding_percentage),
      lines,
      computed,
      currency: s.currency,
    },
    { rectification, rectifiesId: original.id as string },
  );
}

/**
 * A refund of an invoiced sale (MONEY.md §1): when the sale's invoice is issued, the refund gets its
 * rectifying invoice at once, by differences (R5 for a simplified invoice, R1 otherwise: a return,
 * art. 80 LIVA), whose lines and amounts are the refund sale's own document to the cent, issued in
 * the rectifying series and linked to the refund sale. A draft invoice of the sale is left as it is
 * (it is deleted and made again), a voided one gets nothing. Runs in the refund's transaction, after
 * its sale row locks, taking the business's issuing lock next.
 */
export async function rectifyRefundedSale(tx: Queryable, tenantId: string, userId: string, saleId: string, refundSaleId: string, reason: string | undefined): Promise<string | null> {
  const { rows } = await tx.query<{ invoice_id: string | null }>('SELECT invoice_id FROM sales WHERE tenant_id = $1 AND id = $2', [tenantId, saleId]);
  const invoiceId = rows[0]?.invoice_id;
  if (!invoiceId) return null;
  const s = await loadSettings(tx, tenantId, true);
  const original = await loadInvoice(tx, tenantId, invoiceId, true);
  if (!original || original.status !== STATUS.issued) return null;
  const refundLines = (await tx.query<Row>('SELECT * FROM sale_lines WHERE tenant_id = $1 AND sale_id = $2 ORDER BY position', [tenantId, refundSaleId])).rows;
  const refundSale = (await tx.query<{ tax_breakdown: unknown }>('SELECT tax_breakdown FROM sales WHERE tenant_id = $1 AND id = $2', [tenantId, refundSaleId])).rows[0];
  const { lines, computed } = creditOfRefund(
    s.currency,
    refundLines.map((line) => ({
      kind: line.kind as string,
      itemId: (line.item_id as string | null) ?? null,
      name: line.name as string,
      quantity: line.quantity as string,
      unitPrice: Number(line.unit_price),
      taxPercentage: line.tax_percentage as string,
      discountPercentage: line.discount_percentage as string,
      discount: line.discount as string,
    })),
    // The credit is computed as the invoice (and the sale it invoices) was: in its price mode.
    Boolean(original.prices_include_tax),
    // With the refund's own tax per rate (the refund closing a rate took the tax left on it).
    json<{ taxPercentage: number; tax: number }[] | null>(refundSale?.tax_breakdown) ?? [],
  );
  const kind = original.kind as string;
  const description = reason?.trim() ? reason.trim().slice(0, 500) : undefined;
  const newId = await insertRectification(tx, s, userId, original, { method: 'DIFFERENCES', reason: kind === KIND.simplified ? 'R5' : 'R1', description }, lines, computed);
  await issueLocked(tx, s, (await loadInvoice(tx, tenantId, newId))!, kind);
  await bumpVersion(tx, tenantId, invoiceId);
  await linkSale(tx, tenantId, refundSaleId, newId);
  return newId;
}

