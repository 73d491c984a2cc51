import { createHash } from 'node:crypto';
import type { FiscalRecord, InvoiceKind, InvoiceLineInput, RectificationReason, SaleLineKind } from '../../generated/types.gen.ts';
import { computeDocument, fromMinorUnits, MoneyError, type ComputedDocument, type ExemptionCode } from '../../common/money/index.ts';
import { HttpProblem, type FieldError } from '../problem.ts';
import { priceModeOf, saleDocument, type DocumentDiscount } from '../sales/rules.ts';
import { acceptableCustomerTaxId, isValidSpanishTaxId } from './tax-id.ts';

/**
 * The pure rules of invoices (issue 17): what a draft's lines compute to (always through the one
 * document arithmetic, common/money computeDocument), what an invoice needs before it is issued,
 * how numbers print, and the VERI*FACTU record: its hash over the regulation's fields, its chain and
 * the AEAT validation QR address. No I/O here (repository.ts has the SQL).
 */

export const STATUS = {
  draft: 'INVOICE_STATUS_DRAFT',
  issued: 'INVOICE_STATUS_ISSUED',
  voided: 'INVOICE_STATUS_VOIDED',
} as const;

export const KIND = {
  standard: 'INVOICE_KIND_STANDARD',
  simplified: 'INVOICE_KIND_SIMPLIFIED',
  creditNote: 'INVOICE_KIND_CREDIT_NOTE',
} as const;

/** Categories whose simplified invoices may reach €3,000 (RD 1619/2012 art. 4.1: hairdressing and beauty). */
const BEAUTY_CATEGORIES = new Set(['hair_salon', 'beauty_salon', 'barbershop', 'nail_salon', 'spa', 'aesthetics']);

/** The default simplified-invoice limit, in minor units of EUR: €3,000 for hairdressing and beauty, else €400. */
export function defaultSimplifiedLimit(category: string | null | undefined): number {
  return BEAUTY_CATEGORIES.has(category ?? '') ? 300_000 : 40_000;
}

/** The default series of a country: Spanish practice (A, T, R) or an English one (INV, S, CR). */
export function defaultSeries(country: string): { full: string; simplified: string; rectifying: string } {
  return country === 'ES' ? { full: 'A', simplified: 'T', rectifying: 'R' } : { full: 'INV', simplified: 'S', rectifying: 'CR' };
}

/**
 * The issuer's country: its address's, else guessed from the business's time zone (Spain has three
 * zones) and currency. ES applies the Spanish rules; US sales tax and no tax id.
 */
export function issuerCountry(addressCountry: string | null | undefined, timeZone: string, currency: string): string {
  if (addressCountry) return addressCountry;
  if (['Europe/Madrid', 'Atlantic/Canary', 'Africa/Ceuta'].includes(timeZone)) return 'ES';
  if (currency === 'USD' && timeZone.startsWith('America/')) return 'US';
  return 'ZZ';
}

export const displayNumber = (series: string, number: number) => `${series}-${String(number).padStart(6, '0')}`;

const unprocessable = (errors: FieldError[], detail = errors[0]?.message ?? 'The invoice is not valid.') => new HttpProblem(422, detail, 'business_rule', errors);

/** The lines as computeDocument reads them. */
export function documentLines(lines: readonly InvoiceLineInput[]) {
  return lines.map((line) => ({
    quantity: String(line.quantity),
    unitPrice: line.unitPrice.amount,
    tax: line.exemption ? ({ exemption: line.exemption.code as ExemptionCode, rate: line.taxPercentage } as const) : ({ rate: line.taxPercentage } as const),
    ...(line.discountPercentage ? { discount: { percentage: line.discountPercentage } } : {}),
  }));
}

/**
 * Computes a draft's lines, breakdown and totals (computeDocument: tax rounded once per rate, lines
 * summing exactly to the total). 422 naming the field for lines in another currency, a zero
 * quantity, an exemption with a rate, or any refusal of the arithmetic (its money code).
 */
export function computeInvoice(
  lines: readonly InvoiceLineInput[],
  options: { currency: string; pricesIncludeTax: boolean; withholdingPercentage: number; field?: string },
): ComputedDocument {
  const field = options.field ?? 'invoice.lines';
  const errors: FieldError[] = [];
  lines.forEach((line, i) => {
    if (line.unitPrice.currency !== options.currency)
      errors.push({ field: `${field}[${i}].unitPrice.currency`, code: 'currency_mismatch', message: `Prices are in the business's currency, ${options.currency}.` });
    if (Number(line.quantity) === 0) errors.push({ field: `${field}[${i}].quantity`, code: 'out_of_range', message: 'A quantity is never 0.' });
    if (line.exemption && line.taxPercentage !== 0)
      errors.push({ field: `${field}[${i}].taxPercentage`, code: 'invalid_exemption', message: 'An exempt line has no tax rate (0).' });
  });
  if (errors.length > 0) throw unprocessable(errors);
  try {
    return computeDocument({
      currency: options.currency,
      priceMode: options.pricesIncludeTax ? 'TAX_INCLUSIVE' : 'TAX_EXCLUSIVE',
      lines: documentLines(lines),
      ...(options.withholdingPercentage > 0 ? { withholding: { rate: String(options.withholdingPercentage) } } : {}),
    });
  } catch (error) {
    if (error instanceof MoneyError) {
      const [head, index, ...rest] = error.path;
      const where = head === 'lines' && typeof index === 'number' ? `${field}[${index}]${rest.length ? '.' + rest.join('.') : ''}` : head === 'withholding' ? 'invoice.withholdingPercentage' : field;
      throw unprocessable([{ field: where, code: error.code, message: error.message }]);
    }
    throw error;
  }
}

/** The negation of lines (a full credit by differences). */
export const negatedLines = (lines: readonly InvoiceLineInput[]): InvoiceLineInput[] => lines.map((line) => ({ ...line, quantity: -Number(line.quantity) }));

/**
 * The credit of a whole issued invoice (a rectification by differences that states no lines): its
 * lines with their quantities negated, and its document recomputed from what each line was actually
 * invoiced at: unit price, rate or exemption, and the line's whole discount as an amount (its own
 * plus its share of a discount on the whole, as an invoice of a discounted sale carries it), with the
 * invoice's price mode and withholding. The arithmetic is symmetric, so the credit is the invoice's
 * total, breakdown per rate and withholding negated, to the cent; recomputing the bare lines would
 * give back the discount on the whole too.
 */
export function creditOfInvoice(lines: readonly InvoiceLineInput[], invoiced: ComputedDocument): { lines: InvoiceLineInput[]; computed: ComputedDocument } {
  const computed = computeDocument({
    currency: invoiced.currency,
    priceMode: invoiced.priceMode,
    lines: invoiced.lines.map((line) => ({
      quantity: (-line.quantityThousandths / 1000).toFixed(3),
      unitPrice: line.unitPrice,
      tax: line.exemption ? { exemption: line.exemption } : { rate: String(line.taxPercentage) },
      ...(line.discount ? { discount: { amount: -line.discount } } : {}),
    })),
    ...(invoiced.withholding ? { withholding: { rate: String(invoiced.withholding.percentage) } } : {}),
  });
  return { lines: negatedLines(lines), computed };
}

export interface Party {
  name?: string | undefined;
  legalName?: string | undefined;
  taxId?: string | undefined;
  address?: { line1?: string | undefined; city?: string | undefined; postalCode?: string | undefined; country?: string | undefined } | undefined;
}

const hasAddress = (address: Party['address']) => Boolean(address?.line1 && address.city && address.postalCode);

/**
 * What an invoice needs before it is issued: a full invoice (and a rectifying one of a full invoice)
 * both parties' legal name, tax id and address (Spanish ones with a valid NIF; a US business needs no
 * tax id), else 422 `issuer_tax_data_required` naming each missing field; a simplified invoice at most
 * the business's limit, else 422 `simplified_limit_exceeded`.
 */
export function checkIssuable(input: {
  kind: InvoiceKind;
  /** For a rectifying invoice: the kind of the invoice it rectifies. */
  rectifiedKind?: InvoiceKind | undefined;
  country: string;
  issuer: Party;
  customer: Party;
  total: number;
  simplifiedLimit: number;
}): void {
  const full = input.kind === KIND.standard || (input.kind === KIND.creditNote && input.rectifiedKind === KIND.standard);
  if (full) {
    const errors: FieldError[] = [];
    const code = 'issuer_tax_data_required';
    const needsTaxId = input.country !== 'US';
    if (!input.issuer.legalName) errors.push({ field: 'invoiceSettings.legalName', code, message: "A full invoice needs the business's legal name (invoicing settings)." });
    if (needsTaxId && !input.issuer.taxId) errors.push({ field: 'invoiceSettings.taxId', code, message: "A full invoice needs the business's tax id (invoicing settings)." });
    else if (needsTaxId && input.country === 'ES' && !isValidSpanishTaxId(input.issuer.taxId!))
      errors.push({ field: 'invoiceSettings.taxId', code: 'invalid_tax_id', message: "The business's tax id is not a valid NIF." });
    if (!hasAddress(input.issuer.address)) errors.push({ field: 'invoiceSettings.address', code, message: "A full invoice needs the business's address (invoicing settings)." });
    if (!input.customer.name) errors.push({ field: 'invoice.customer.name', code, message: "A full invoice needs the customer's legal name." });
    if (needsTaxId && !input.customer.taxId) errors.push({ field: 'invoice.customer.taxId', code, message: "A full invoice needs the customer's tax id." });
    if (!hasAddress(input.customer.address)) errors.push({ field: 'invoice.customer.address', code, message: "A full invoice needs the customer's address." });
    if (errors.length > 0) throw unprocessable(errors, 'A full invoice needs both parties\' legal name, tax id and address.');
  }
  if (input.kind === KIND.simplified && Math.abs(input.total) > input.simplifiedLimit) {
    throw unprocessable([
      { field: 'invoice.kind', code: 'simplified_limit_exceeded', message: 'This total is above the limit of a simplified invoice; issue a full invoice.' },
    ]);
  }
}

/** A customer's tax id, when given: a valid NIF for a Spanish customer (422 `invalid_tax_id`). */
export function checkCustomerTaxId(customer: Party, issuerCountryCode: string, field = 'invoice.customer.taxId'): void {
  if (!customer.taxId) return;
  if (!acceptableCustomerTaxId(customer.taxId, customer.address?.country, issuerCountryCode)) {
    throw unprocessable([{ field, code: 'invalid_tax_id', message: 'This tax id is not valid (check its letter).' }]);
  }
}

/** VERI*FACTU TipoFactura: F1 full, F2 simplified, R1-R5 rectifying. */
export function invoiceType(kind: InvoiceKind, reason?: RectificationReason | null): FiscalRecord['invoiceType'] {
  if (kind === KIND.creditNote) return reason ?? 'R4';
  return kind === KIND.simplified ? 'F2' : 'F1';
}

/** A date as the AEAT writes it: dd-mm-yyyy. */
export const aeatDate = (isoDate: string) => isoDate.split('-').reverse().join('-');

/** An amount as the AEAT writes it: a decimal point, the currency's decimals ("43.95", "-43.95"). */
export const aeatAmount = (minor: number, currency: string) => fromMinorUnits(minor, currency);

export interface FiscalFields {
  recordType: 'ALTA' | 'ANULACION';
  issuerTaxId: string;
  numSerie: string;
  /** yyyy-mm-dd */
  issueDate: string;
  invoiceType: string;
  totalTax: number;
  total: number;
  currency: string;
  previousHash: string | null;
  /** FechaHoraHusoGenRegistro, ISO 8601 with the offset. */
  generatedAt: string;
}

/**
 * The text the huella is computed over (AEAT's "Detalle de las especificaciones técnicas para
 * generación de la huella"): name=value pairs joined by &, values trimmed, in the regulation's order;
 * the cancellation record names the cancelled invoice's fields.
 */
export function fiscalHashInput(f: FiscalFields): string {
  const previous = f.previousHash ?? '';
  if (f.recordType === 'ANULACION') {
    return [
      `IDEmisorFacturaAnulada=${f.issuerTaxId.trim()}`,
      `NumSerieFacturaAnulada=${f.numSerie.trim()}`,
      `FechaExpedicionFacturaAnulada=${aeatDate(f.issueDate)}`,
      `Huella=${previous}`,
      `FechaHoraHusoGenRegistro=${f.generatedAt}`,
    ].join('&');
  }
  return [
    `IDEmisorFactura=${f.issuerTaxId.trim()}`,
    `NumSerieFactura=${f.numSerie.trim()}`,
    `FechaExpedicionFactura=${aeatDate(f.issueDate)}`,
    `TipoFactura=${f.invoiceType}`,
    `CuotaTotal=${aeatAmount(f.totalTax, f.currency)}`,
    `ImporteTotal=${aeatAmount(f.total, f.currency)}`,
    `Huella=${previous}`,
    `FechaHoraHusoGenRegistro=${f.generatedAt}`,
  ].join('&');
}

/** The huella: SHA-256 of the text above, upper-case hex. */
export const fiscalHash = (f: FiscalFields) => createHash('sha256').update(fiscalHashInput(f), 'utf8').digest('hex').toUpperCase();

/** The AEAT's validation address the PDF's QR carries (VERI*FACTU, Orden HAC/1177/2024 art. 21). */
export function aeatQrUrl(f: Pick<FiscalFields, 'issuerTaxId' | 'numSerie' | 'issueDate' | 'total' | 'currency'>): string {
  const params = new URLSearchParams({ nif: f.issuerTaxId, numserie: f.numSerie, fecha: aeatDate(f.issueDate), importe: aeatAmount(f.total, f.currency) });
  return `https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?${params.toString()}`;
}

/**
 * Verifies a chain, first record first: each hash recomputes from its fields and names the previous
 * record's hash. Answers the position of the first record that does not, or null.
 */
export function firstBrokenLink(records: readonly (FiscalFields & { hash: string })[]): number | null {
  let previous: string | null = null;
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (record.previousHash !== previous || fiscalHash(record) !== record.hash) return i;
    previous = record.hash;
  }
  return null;
}

/** An instant in a time zone as ISO 8601 with its offset, seconds precision: 2026-11-23T10:21:00+01:00. */
export function offsetDateTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** Payment status derived from what was collected against the total (never typed in). */
export function paymentStatus(paid: number, total: number): 'INVOICE_PAYMENT_STATUS_UNPAID' | 'INVOICE_PAYMENT_STATUS_PARTIALLY_PAID' | 'INVOICE_PAYMENT_STATUS_PAID' {
  if (paid <= 0) return 'INVOICE_PAYMENT_STATUS_UNPAID';
  return paid >= total ? 'INVOICE_PAYMENT_STATUS_PAID' : 'INVOICE_PAYMENT_STATUS_PARTIALLY_PAID';
}

/** A stored line of a sale, as the invoice of that sale reads it (sale_lines). */
export interface SaleLineForInvoice {
  kind: string;
  itemId: string | null;
  name: string;
  quantity: number | string;
  unitPrice: number;
  taxPercentage: number | string;
  discountPercentage: number | string;
}

/**
 * The invoice of a sale (issue 17): its lines are the sale's stored lines, and its amounts come from
 * the very inputs the sale was computed with (saleDocument: the sale's price mode, each line's discount and
 * the discount on the whole), so the invoice's totals and breakdown are the sale's, to the cent.
 */
export function invoiceFromSale(sale: {
  currency: string;
  lines: readonly SaleLineForInvoice[];
  discount?: DocumentDiscount | undefined;
  /** The sale's price mode (kept with it at charge). */
  pricesIncludeTax: boolean;
}): { lines: InvoiceLineInput[]; computed: ComputedDocument } {
  const computed = saleDocument(sale.currency, sale.lines, sale.discount, sale.pricesIncludeTax, '/invoice/saleId');
  const lines = sale.lines.map((line): InvoiceLineInput => {
    const discountPercentage = Number(line.discountPercentage);
    return {
      description: line.name,
      quantity: Number(line.quantity),
      unitPrice: { amount: line.unitPrice, currency: sale.currency },
      taxPercentage: Number(line.taxPercentage),
      ...(discountPercentage ? { discountPercentage } : {}),
      itemKind: line.kind as SaleLineKind,
      ...(line.itemId ? { itemId: line.itemId } : {}),
    };
  });
  return { lines, computed };
}

export interface RefundLineForInvoice extends SaleLineForInvoice {
  /** The refund line's stored discount (the document's, minor units). */
  discount: number | string;
}

/**
 * The credit of a refund sale (its rectifying invoice by differences): the refund's own lines with
 * their negative quantities, and its document recomputed from the very inputs the refund was computed
 * with (refundDocument: unit price, rate and the line's share of every discount as an amount, and
 * the refund's tax per rate as given, which the refund closing a rate took rather than rounded), so
 * the credit is the refund's total and breakdown to the cent.
 */
export function creditOfRefund(
  currency: string,
  refund: readonly RefundLineForInvoice[],
  pricesIncludeTax: boolean,
  /** The refund sale's tax breakdown (its stored taxBreakdown: rate in percent, tax in minor units). */
  breakdown: readonly { taxPercentage: number | string; tax: number }[],
): { lines: InvoiceLineInput[]; computed: ComputedDocument } {
  const computed = computeDocument({
    currency,
    priceMode: priceModeOf(pricesIncludeTax),
    lines: refund.map((line) => ({ quantity: String(line.quantity), unitPrice: line.unitPrice, tax: { rate: String(line.taxPercentage) }, discount: { amount: Number(line.discount) } })),
    givenTax: breakdown.map((entry) => ({ rate: String(entry.taxPercentage), tax: entry.tax })),
  });
  const lines = refund.map(
    (line): InvoiceLineInput => ({
      description: line.name,
      quantity: Number(line.quantity),
      unitPrice: { amount: line.unitPrice, currency },
      taxPercentage: Number(line.taxPercentage),
      itemKind: line.kind as SaleLineKind,
      ...(line.itemId ? { itemId: line.itemId } : {}),
    }),
  );
  return { lines, computed };
}
