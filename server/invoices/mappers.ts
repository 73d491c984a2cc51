import type { FiscalRecord, Invoice, InvoiceLineInput, InvoiceSettings } from '../../generated/types.gen.ts';
import type { ComputedDocument } from '../../common/money/index.ts';
import { iso, json, opt, type Row } from '../kit/rows.ts';
import type { Settings } from './repository.ts';
import { paymentStatus } from './rules.ts';

/** An invoice row as the contract's Invoice; `paid` is what was collected against it (derived). */
export function toInvoice(row: Row, paid: number): Invoice {
  const currency = row.currency as string;
  const money = (amount: number) => ({ amount, currency });
  const computed = json<ComputedDocument>(row.computed);
  const lines = json<InvoiceLineInput[]>(row.lines);
  const total = computed.totals.total;
  const issued = row.status !== 'INVOICE_STATUS_DRAFT';
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    kind: row.kind as Invoice['kind'],
    series: row.series as string,
    number: row.number === null ? null : Number(row.number),
    displayNumber: (row.display_number as string | null) ?? null,
    status: row.status as Invoice['status'],
    paymentStatus: issued ? paymentStatus(paid, total) : 'INVOICE_PAYMENT_STATUS_UNPAID',
    paidAmount: money(paid),
    ...opt('issueDate', row.issue_day as string | null),
    ...opt('operationDate', row.operation_day as string | null),
    ...opt('dueDate', row.due_day as string | null),
    pricesIncludeTax: Boolean(row.prices_include_tax),
    language: row.language === 'es-ES' ? 'es-ES' : 'en-US',
    customer: json(row.customer),
    issuer: json(row.issuer),
    ...opt('notes', row.notes as string | null),
    ...opt('saleId', row.sale_id as string | null),
    ...opt('appointmentId', row.appointment_id as string | null),
    ...opt('paymentMethodId', row.payment_method_id as string | null),
    lines: lines.map((line, i) => {
      const c = computed.lines[i]!;
      return {
        description: line.description,
        quantity: c.quantity,
        unitPrice: money(line.unitPrice.amount),
        taxPercentage: c.taxPercentage,
        discountPercentage: line.discountPercentage ?? 0,
        ...opt('exemption', line.exemption),
        ...opt('itemKind', line.itemKind),
        ...opt('itemId', line.itemId),
        lineTotal: money(c.base),
        taxAmount: money(c.tax),
      };
    }),
    taxBreakdown: computed.breakdown.map((b) => ({ taxPercentage: b.taxPercentage, ...opt('exemption', b.exemption), base: money(b.base), tax: money(b.tax) })),
    ...(computed.withholding ? { withholding: { percentage: computed.withholding.percentage, amount: money(computed.withholding.amount) } } : {}),
    totals: {
      subtotal: money(computed.totals.subtotal),
      discount: money(computed.totals.discount),
      tax: money(computed.totals.tax),
      withholding: money(computed.totals.withholding),
      total: money(total),
    },
    currency,
    ...opt('rectification', json<Invoice['rectification'] | null>(row.rectification)),
    rectifiedByIds: json<string[] | null>(row.rectified_by) ?? [],
    ...opt('fiscalRecord', json<FiscalRecord | null>(row.fiscal_record)),
    ...opt('cancellationRecord', json<FiscalRecord | null>(row.cancellation_record)),
    ...(row.issued_at ? { issuedAt: iso(row.issued_at) } : {}),
    ...(row.sent_at ? { sentAt: iso(row.sent_at) } : {}),
    ...(row.voided_at ? { voidedAt: iso(row.voided_at) } : {}),
    ...opt('voidReason', row.void_reason as string | null),
    version: Number(row.version),
    createdBy: row.created_by as string,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toInvoiceSettings(s: Settings, nextNumbers: InvoiceSettings['nextNumbers']): InvoiceSettings {
  return {
    country: s.country === 'ZZ' ? 'ZZ' : s.country,
    legalName: s.legalName,
    taxId: s.taxId,
    address: s.address,
    fullSeries: s.fullSeries,
    simplifiedSeries: s.simplifiedSeries,
    rectifyingSeries: s.rectifyingSeries,
    nextNumbers,
    simplifiedLimit: { amount: s.simplifiedLimit, currency: s.currency },
    verifactu: s.verifactu,
    defaultWithholdingPercentage: s.defaultWithholding,
    version: s.version,
  };
}

/** The issuer block of the business, as its settings are now (frozen into the invoice at issue). */
export function issuerOf(s: Settings): Invoice['issuer'] {
  return {
    businessName: s.businessName,
    ...opt('legalName', s.legalName),
    ...opt('taxId', s.taxId),
    ...opt('address', s.address),
    ...opt('email', s.email),
    ...opt('phone', s.phone),
  };
}
