import { fromMinorUnits } from '../../common/money/index.ts';
import type { Expense, ExpenseCategory, ExpensePaymentMethod } from '../../generated/types.gen.ts';
import { assetPath } from '../assets/references.ts';
import { csvDecimal, csvLine, type CsvDialect } from '../kit/csv.ts';
import { iso, json, opt, type Row } from '../kit/rows.ts';

/** Rows of `expenses` as the contract's Expense, and expenses as CSV. */

const money = (amount: unknown, currency: string) => ({ amount: Number(amount), currency });

export function toExpense(row: Row, duplicates: string[] = []): Expense {
  const currency = row.currency as string;
  const lines = json<Array<{ taxPercentage: number; base: number; tax: number }>>(row.tax_lines) ?? [];
  const tenantId = row.tenant_id as string;
  return {
    id: row.id as string,
    tenantId,
    ...opt('supplier', row.supplier as string | null),
    ...opt('supplierTaxId', row.supplier_tax_id as string | null),
    ...opt('supplierInvoiceNumber', row.supplier_invoice_number as string | null),
    ...opt('description', row.description as string | null),
    category: row.category as ExpenseCategory,
    date: row.date as string,
    taxLines: lines.map((line) => ({ taxPercentage: Number(line.taxPercentage), base: money(line.base, currency), tax: money(line.tax, currency) })),
    base: money(row.base, currency),
    taxAmount: money(row.tax, currency),
    ...opt('withholdingPercentage', row.withholding_percentage === null ? null : Number(row.withholding_percentage)),
    withholding: money(row.withholding, currency),
    amount: money(row.amount, currency),
    ...opt('paymentMethod', row.payment_method as ExpensePaymentMethod | null),
    ...opt('receiptAssetId', row.receipt_asset_id as string | null),
    ...opt('receiptUrl', row.receipt_asset_id ? assetPath(tenantId, row.receipt_asset_id as string) : null),
    ...opt('notes', row.notes as string | null),
    possibleDuplicateIds: duplicates,
    archived: row.archived_at !== null && row.archived_at !== undefined,
    ...opt('archivedAt', row.archived_at ? iso(row.archived_at) : null),
    version: Number(row.version),
    createdBy: row.created_by as string,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

type Locale = 'en-US' | 'es-ES';

export const EXPENSE_CSV_HEADERS: Record<Locale, string[]> = {
  'en-US': ['Date', 'Supplier', 'Supplier tax ID', 'Invoice number', 'Category', 'Description', 'Payment method', 'Tax rate %', 'Base', 'Tax', 'Withholding', 'Total', 'Currency'],
  'es-ES': ['Fecha', 'Proveedor', 'NIF proveedor', 'N.º factura', 'Categoría', 'Descripción', 'Forma de pago', 'Tipo IVA %', 'Base', 'IVA', 'Retención', 'Total', 'Moneda'],
};

const CATEGORY_NAMES: Record<ExpenseCategory, [string, string]> = {
  EXPENSE_CATEGORY_PRODUCTS: ['Products for sale', 'Productos'],
  EXPENSE_CATEGORY_SUPPLIES: ['Supplies', 'Consumibles'],
  EXPENSE_CATEGORY_RENT: ['Rent', 'Alquiler'],
  EXPENSE_CATEGORY_UTILITIES: ['Utilities', 'Suministros'],
  EXPENSE_CATEGORY_SALARIES: ['Salaries', 'Sueldos'],
  EXPENSE_CATEGORY_TAXES: ['Taxes', 'Impuestos'],
  EXPENSE_CATEGORY_MARKETING: ['Marketing', 'Publicidad'],
  EXPENSE_CATEGORY_EQUIPMENT: ['Equipment', 'Equipamiento'],
  EXPENSE_CATEGORY_MAINTENANCE: ['Maintenance', 'Mantenimiento'],
  EXPENSE_CATEGORY_INSURANCE: ['Insurance', 'Seguros'],
  EXPENSE_CATEGORY_SOFTWARE: ['Software', 'Software'],
  EXPENSE_CATEGORY_TRAINING: ['Training', 'Formación'],
  EXPENSE_CATEGORY_TRAVEL: ['Travel', 'Viajes'],
  EXPENSE_CATEGORY_BANK_FEES: ['Bank fees', 'Comisiones bancarias'],
  EXPENSE_CATEGORY_PROFESSIONAL_SERVICES: ['Professional services', 'Servicios profesionales'],
  EXPENSE_CATEGORY_OTHER: ['Other', 'Otros'],
};
const METHOD_NAMES: Record<ExpensePaymentMethod, [string, string]> = {
  EXPENSE_PAYMENT_CASH: ['Cash', 'Efectivo'],
  EXPENSE_PAYMENT_CARD: ['Card', 'Tarjeta'],
  EXPENSE_PAYMENT_TRANSFER: ['Bank transfer', 'Transferencia'],
  EXPENSE_PAYMENT_DIRECT_DEBIT: ['Direct debit', 'Domiciliación'],
  EXPENSE_PAYMENT_OTHER: ['Other', 'Otro'],
};

/**
 * One expense as CSV records in `dialect` (the one writer, ../kit/csv.ts): one per tax rate (an
 * expense without lines, one), the withholding and total on its first. Amounts exact from their
 * minor units, with the dialect's decimal mark and no thousands separator.
 */
export function expenseCsvLines(expense: Expense, locale: Locale, dialect: CsvDialect): string {
  const es = locale === 'es-ES' ? 1 : 0;
  const currency = expense.amount.currency;
  const decimal = (minor: number) => csvDecimal(fromMinorUnits(minor, currency), dialect);
  const lines = expense.taxLines.length > 0 ? expense.taxLines : [undefined];
  return lines
    .map((line, index) =>
      csvLine(
        [
          expense.date,
          expense.supplier,
          expense.supplierTaxId,
          expense.supplierInvoiceNumber,
          CATEGORY_NAMES[expense.category][es],
          expense.description,
          expense.paymentMethod ? METHOD_NAMES[expense.paymentMethod][es] : '',
          line ? csvDecimal(String(line.taxPercentage), dialect) : '',
          line ? decimal(line.base.amount) : '',
          line ? decimal(line.tax.amount) : '',
          index === 0 ? decimal(expense.withholding.amount) : '',
          index === 0 ? decimal(expense.amount.amount) : '',
          currency,
        ],
        dialect.delimiter,
      ),
    )
    .join('');
}
