import * as z from 'zod';
import { defineMessages } from 'react-intl';
import type { InventoryItem, InventoryItemInput, InventoryItemUpdateInput, InventoryUnit, Money } from '@generated/types.gen';
import { zInventoryItemInput, zInventoryUnit } from '@generated/zod.gen';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { hasThreeDecimalsAtMost } from '~/lib/percent';
import type { MoneyErrorCode } from '@common/money';
import { formatAmount, readMoneyInput } from '~/lib/money';

/** The product form (create and edit). Money is typed as text and sent in minor units of the business's currency. */

const shape = zInventoryItemInput.shape;
/** An optional text: '' means "not set". */
const optionalText = (max: number) => z.string().trim().max(max);
/** A quantity field: '' is "not set"; at most 3 decimals. */
const hasAtMost3Decimals = (value: number) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;
const quantityField = z.union([
  z.literal(''),
  z
    .number()
    .min(0)
    .max(1_000_000_000)
    .refine(hasAtMost3Decimals, { params: { reason: 'decimals' } }),
]);
const moneyField = z.string().trim();

export const inventoryFormSchema = z.object({
  name: z.string().trim().pipe(shape.name),
  sku: optionalText(64),
  barcode: z.string().trim().pipe(z.union([z.literal(''), z.string().regex(/^[0-9A-Za-z-]{1,64}$/)])),
  category: optionalText(80),
  description: optionalText(1000),
  unit: zInventoryUnit,
  quantity: quantityField,
  minQuantity: quantityField,
  cost: moneyField,
  price: moneyField,
  taxPercentage: z.union([z.literal(''), z.number().min(0).max(100).refine(hasThreeDecimalsAtMost)]),
  supplier: optionalText(200),
  active: z.boolean(),
  /** The product photo (an image asset of the business), or null for none. */
  imageAssetId: z.string().nullable(),
});

export type InventoryFormInput = z.input<typeof inventoryFormSchema>;
export type InventoryFormValues = z.output<typeof inventoryFormSchema>;

export const inventoryFormMessages = defineMessages({
  nameRequired: { id: 'inventory.form.name.required', defaultMessage: 'Enter the product name.' },
  quantityRange: { id: 'inventory.form.quantity.range', defaultMessage: 'Enter 0 or more, with at most 3 decimals.' },
  barcodeFormat: { id: 'inventory.form.barcode.format', defaultMessage: 'Use only letters, digits and hyphens.' },
  taxRange: { id: 'inventory.form.tax.range', defaultMessage: 'Enter a percentage from 0 to 100, with at most three decimals.' },
});

export const inventoryIssueMessages: FieldIssueMessages = {
  name: { required: inventoryFormMessages.nameRequired },
  quantity: inventoryFormMessages.quantityRange,
  minQuantity: inventoryFormMessages.quantityRange,
  barcode: inventoryFormMessages.barcodeFormat,
  taxPercentage: inventoryFormMessages.taxRange,
};

/** An amount → the text of a money field in the interface language, with its currency's decimals ('18,95' in es-ES; '1895' for JPY); '' when absent. */
export const moneyText = (money: Money | undefined, locale: string) => (money === undefined ? '' : formatAmount(money.amount, locale, money.currency, { grouping: false }));

export function emptyInventoryForm(taxPercentage: number | undefined): InventoryFormInput {
  return {
    name: '',
    sku: '',
    barcode: '',
    category: '',
    description: '',
    unit: 'INVENTORY_UNIT_PIECE' satisfies InventoryUnit,
    quantity: 0,
    minQuantity: '',
    cost: '',
    price: '',
    taxPercentage: taxPercentage ?? '',
    supplier: '',
    active: true,
    imageAssetId: null,
  };
}

export function inventoryFormFromItem(item: InventoryItem, locale: string): InventoryFormInput {
  return {
    name: item.name,
    sku: item.sku ?? '',
    barcode: item.barcode ?? '',
    category: item.category ?? '',
    description: item.description ?? '',
    unit: item.unit,
    quantity: item.quantity,
    minQuantity: item.minQuantity ?? '',
    cost: moneyText(item.cost, locale),
    price: moneyText(item.price, locale),
    taxPercentage: item.taxPercentage,
    supplier: item.supplier ?? '',
    active: item.active,
    imageAssetId: item.imageAssetId ?? null,
  };
}

/** A money text the form cannot send: its field and the money module's code (not_a_number, too_many_decimals, out_of_range). */
export type MoneyProblem = { field: 'cost' | 'price'; code: MoneyErrorCode };

/**
 * The API body of the form; the money texts are read in `locale` and the currency's decimals, from 0
 * to the money module's bound. Throws a MoneyProblem naming the field and why when an amount cannot be
 * read (the form shows it next to the field).
 */
export function toInventoryInput(values: InventoryFormValues, currency: string, locale: string): Omit<InventoryItemInput, 'quantity'> {
  const money = (field: 'cost' | 'price') => {
    const text = values[field];
    if (text === '') return undefined;
    const amount = readMoneyInput(text, locale, currency, {});
    if (!amount.ok) throw { field, code: amount.code } satisfies MoneyProblem;
    return { amount: amount.value, currency };
  };
  const opt = (value: string) => (value === '' ? undefined : value);
  return {
    name: values.name,
    sku: opt(values.sku),
    barcode: opt(values.barcode),
    category: opt(values.category),
    description: opt(values.description),
    unit: values.unit,
    minQuantity: values.minQuantity === '' ? undefined : values.minQuantity,
    cost: money('cost'),
    price: money('price'),
    taxPercentage: values.taxPercentage === '' ? undefined : values.taxPercentage,
    supplier: opt(values.supplier),
    active: values.active,
    // Absent removes the photo (the PUT is a full replacement).
    ...(values.imageAssetId ? { imageAssetId: values.imageAssetId } : {}),
  };
}

export function toCreateInput(values: InventoryFormValues, currency: string, locale: string): InventoryItemInput {
  return { ...toInventoryInput(values, currency, locale), quantity: values.quantity === '' ? 0 : values.quantity };
}

export function toUpdateInput(values: InventoryFormValues, currency: string, locale: string, version: number): InventoryItemUpdateInput {
  return { ...toInventoryInput(values, currency, locale), version };
}

export const isMoneyProblem = (error: unknown): error is MoneyProblem =>
  typeof error === 'object' && error !== null && ((error as MoneyProblem).field === 'cost' || (error as MoneyProblem).field === 'price') && !('status' in error);
