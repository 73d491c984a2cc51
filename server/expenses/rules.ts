import { amountIssue, parsePercentage } from '../../common/money/index.ts';
import type { ExpenseInput, ExpenseTaxLine } from '../../generated/types.gen.ts';
import { normalizeTaxId } from '../invoices/tax-id.ts';
import { unprocessable } from '../problem.ts';
import { readSupplierTaxId } from './tax-id-repair.ts';

/**
 * The business rules of an expense body beyond its schema (pure): amounts in the business's currency
 * and within the money bound, one line per rate, the total equal to Σ base + Σ tax − withholding,
 * a Spanish tax id with its check character. Returns the columns to store.
 */

export interface ExpenseValues {
  supplier: string | null;
  supplierTaxId: string | null;
  supplierInvoiceNumber: string | null;
  description: string | null;
  category: string;
  date: string;
  taxLines: Array<{ taxPercentage: number; base: number; tax: number }>;
  base: number;
  tax: number;
  withholdingPercentage: number | null;
  withholding: number;
  amount: number;
  currency: string;
  paymentMethod: string | null;
  receiptAssetId: string | null;
  notes: string | null;
}

const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim().replace(/\s+/g, ' '));

/** The longest period a list, its totals or an export covers. */
export const MAX_PERIOD_DAYS = 366;

function checkMoney(value: { amount: number; currency: string }, field: string, currency: string) {
  if (value.currency !== currency) throw unprocessable(`${field}/currency`, 'currency_mismatch', `Amounts must be in the business currency (${currency}).`);
  const issue = amountIssue(value.amount);
  if (issue) throw unprocessable(`${field}/amount`, issue.code, issue.detail);
}

/** A tax id as the books keep it: a Spanish one must pass its check (a foreign VAT number is kept as written). */
export function checkSupplierTaxId(value: string | undefined, country: string): string | null {
  const id = text(value);
  if (id === null) return null;
  const normalized = normalizeTaxId(id);
  const looksSpanish = /^(\d{8}[A-Z]|[XYZKLM]\d{7}[A-Z]|[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J])$/.test(normalized);
  if (country === 'ES' || looksSpanish) {
    if (!looksSpanish && /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(normalized) && !normalized.startsWith('ES')) return normalized; // an EU VAT number
    if (!readSupplierTaxId(normalized).valid || readSupplierTaxId(normalized).repaired) {
      throw unprocessable('/expense/supplierTaxId', 'invalid_tax_id', 'This NIF/CIF is not valid: check its last character.');
    }
    return normalized;
  }
  if (!/^[A-Z0-9]{2,32}$/.test(normalized)) throw unprocessable('/expense/supplierTaxId', 'invalid_tax_id', 'Use letters and digits only for the tax id.');
  return normalized;
}

export function expenseValues(input: ExpenseInput, business: { currency: string; country: string }): ExpenseValues {
  const { currency } = business;
  const seen = new Set<number>();
  const taxLines = input.taxLines.map((line: ExpenseTaxLine, index) => {
    const field = `/expense/taxLines/${index}`;
    const rate = parsePercentage(line.taxPercentage);
    if (!rate.ok) throw unprocessable(`${field}/taxPercentage`, rate.code, 'A percentage is from 0 to 100 with at most 3 decimals.');
    if (seen.has(rate.value)) throw unprocessable(`${field}/taxPercentage`, 'duplicate_rate', 'Put each tax rate on one line only.');
    seen.add(rate.value);
    checkMoney(line.base, `${field}/base`, currency);
    checkMoney(line.tax, `${field}/tax`, currency);
    return { taxPercentage: line.taxPercentage, base: line.base.amount, tax: line.tax.amount };
  });
  checkMoney(input.amount, '/expense/amount', currency);
  if (input.withholding) checkMoney(input.withholding, '/expense/withholding', currency);
  if (input.withholdingPercentage !== undefined) {
    const rate = parsePercentage(input.withholdingPercentage);
    if (!rate.ok) throw unprocessable('/expense/withholdingPercentage', rate.code, 'A percentage is from 0 to 100 with at most 3 decimals.');
  }
  const base = taxLines.reduce((sum, line) => sum + line.base, 0);
  const tax = taxLines.reduce((sum, line) => sum + line.tax, 0);
  const withholding = input.withholding?.amount ?? 0;
  if (base + tax - withholding !== input.amount.amount) {
    throw unprocessable('/expense/amount', 'totals_mismatch', 'The total must equal the bases plus the taxes, minus the withholding.');
  }
  return {
    supplier: text(input.supplier),
    supplierTaxId: checkSupplierTaxId(input.supplierTaxId, business.country),
    supplierInvoiceNumber: text(input.supplierInvoiceNumber),
    description: text(input.description),
    category: input.category,
    date: input.date,
    taxLines,
    base,
    tax,
    withholdingPercentage: input.withholdingPercentage ?? null,
    withholding,
    amount: input.amount.amount,
    currency,
    paymentMethod: input.paymentMethod ?? null,
    receiptAssetId: input.receiptAssetId ?? null,
    notes: input.notes === undefined || input.notes.trim() === '' ? null : input.notes.trim(),
  };
}

/** Days between two YYYY-MM-DD dates, inclusive. */
export const periodDays = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The date 365 days before a YYYY-MM-DD date: with it, a period of 366 days (MAX_PERIOD_DAYS), a year even across a 29 February. */
export const yearBefore = (to: string) => new Date(Date.parse(`${to}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);

/** The keyset cursor of a list: the last row's date, creation time and id. */
export function encodeCursor(row: { date: string; createdAt: string; id: string }): string {
  return Buffer.from(`${row.date}|${row.createdAt}|${row.id}`).toString('base64url');
}
export function decodeCursor(cursor: string): { date: string; createdAt: string; id: string } {
  const [date, createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    extra !== undefined ||
    !date ||
    !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
    !createdAt ||
    !/^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(createdAt) ||
    !id ||
    !/^[0-9a-f-]{36}$/i.test(id)
  ) {
    throw unprocessable('/cursor', 'invalid_cursor', 'This page cursor is not one this list gave.');
  }
  return { date, createdAt, id };
}
