import * as z from 'zod';
import { defineMessages } from 'react-intl';
import type { InventoryItem, InventoryItemInput, InventoryItemUpdateInput, InventoryUnit } from '@generated/types.gen';
import { zInventoryItemInput, zInventoryUnit } from '@generated/zod.gen';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { parseMoneyInput } from '~/lib/money';

/** The product form (create and edit). Money is typed as text and sent in minor units. */

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
  taxPercentage: z.union([z.literal(''), z.number().min(0).max(100)]),
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
  taxRange: { id: 'inventory.form.tax.range', defaultMessage: 'Enter a percentage from 0 to 100.' },
});

export const inventoryIssueMessages: FieldIssueMessages = {
  name: { required: inventoryFormMessages.nameRequired },
  quantity: inventoryFormMessages.quantityRange,
  minQuantity: inventoryFormMessages.quantityRange,
  barcode: inventoryFormMessages.barcodeFormat,
  taxPercentage: inventoryFormMessages.taxRange,
};

/** Minor units → the text of a money field ('18.95'); '' when absent. */
export const moneyText = (amount: number | undefined) => (amount === undefined ? '' : (amount / 100).toFixed(2));

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

export function inventoryFormFromItem(item: InventoryItem): InventoryFormInput {
  return {
    name: item.name,
    sku: item.sku ?? '',
    barcode: item.barcode ?? '',
    category: item.category ?? '',
    description: item.description ?? '',
    unit: item.unit,
    quantity: item.quantity,
    minQuantity: item.minQuantity ?? '',
    cost: moneyText(item.cost?.amount),
    price: moneyText(item.price?.amount),
    taxPercentage: item.taxPercentage,
    supplier: item.supplier ?? '',
    active: item.active,
    imageAssetId: item.imageAssetId ?? null,
  };
}

export type MoneyProblem = { field: 'cost' | 'price' };

/**
 * The API body of the form; the money texts are read in `locale`. Throws a MoneyProblem naming the
 * field when an amount cannot be read (the form shows it next to the field).
 */
export function toInventoryInput(values: InventoryFormValues, currency: string, locale: string): Omit<InventoryItemInput, 'quantity'> {
  const money = (field: 'cost' | 'price') => {
    const text = values[field];
    if (text === '') return undefined;
    const amount = parseMoneyInput(text, locale);
    if (amount === null || amount < 0) throw { field } satisfies MoneyProblem;
    return { amount, currency };
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
