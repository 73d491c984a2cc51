import { describe, expect, it } from 'vitest';
import { adjustmentSchema, toAdjustmentBody } from './adjustment-schema';
import type { InventoryItem } from '@generated/types.gen';
import { emptyInventoryForm, inventoryFormFromItem, inventoryFormSchema, isMoneyProblem, toCreateInput, toUpdateInput } from './inventory-form-schema';

describe('inventory form', () => {
  const values = (changes: Record<string, unknown> = {}) => inventoryFormSchema.parse({ ...emptyInventoryForm(21), name: '  Laca  ', ...changes });

  it('reads money as typed in either language, in minor units of the business currency', () => {
    expect(toCreateInput(values({ price: '12,50', cost: '4.2' }), 'EUR', 'es-ES')).toMatchObject({ name: 'Laca', price: { amount: 1250, currency: 'EUR' }, cost: { amount: 420, currency: 'EUR' }, quantity: 0 });
    expect(toCreateInput(values({ price: '1,234.56' }), 'USD', 'en-US').price).toEqual({ amount: 123456, currency: 'USD' });
  });

  it('names the money field it cannot read, and leaves blank texts out', () => {
    let thrown: unknown;
    try {
      toCreateInput(values({ price: 'doce' }), 'EUR', 'es-ES');
    } catch (error) {
      thrown = error;
    }
    expect(isMoneyProblem(thrown) && thrown.field).toBe('price');
    expect(isMoneyProblem(thrown) && thrown.code).toBe('not_a_number');
    const input = toCreateInput(values({ sku: ' ', minQuantity: '' }), 'EUR', 'es-ES');
    expect(input.sku).toBeUndefined();
    expect(input.minQuantity).toBeUndefined();
  });

  it('reads money in the currency’s decimals: whole yen, dinars with three', () => {
    expect(toCreateInput(values({ price: '1.500', cost: '900' }), 'JPY', 'es-ES')).toMatchObject({ price: { amount: 1500, currency: 'JPY' }, cost: { amount: 900, currency: 'JPY' } });
    expect(toCreateInput(values({ price: '2.5' }), 'KWD', 'en-US').price).toEqual({ amount: 2500, currency: 'KWD' });
    expect(toCreateInput(values({ price: '12,345' }), 'KWD', 'es-ES').price).toEqual({ amount: 12345, currency: 'KWD' });
    const problem = (price: string, currency: string, locale: string) => {
      try {
        toCreateInput(values({ price }), currency, locale);
      } catch (error) {
        return isMoneyProblem(error) ? error : undefined;
      }
      return undefined;
    };
    expect(problem('1500,5', 'JPY', 'es-ES')).toEqual({ field: 'price', code: 'too_many_decimals' });
    expect(problem('12.50', 'EUR', 'en-US')).toBeUndefined();
    expect(problem('12.505', 'EUR', 'en-US')).toEqual({ field: 'price', code: 'too_many_decimals' });
    expect(problem('-1', 'EUR', 'en-US')).toEqual({ field: 'price', code: 'out_of_range' });
    expect(problem('10000000000.01', 'EUR', 'en-US')).toEqual({ field: 'price', code: 'out_of_range' });
  });

  it('shows a saved item’s amounts with their currency’s decimals in the interface language', () => {
    const item = { name: 'Laca', unit: 'INVENTORY_UNIT_PIECE', quantity: 3, taxPercentage: 10, active: true, cost: { amount: 1250, currency: 'KWD' }, price: { amount: 2500, currency: 'KWD' } } as InventoryItem;
    expect(inventoryFormFromItem(item, 'es-ES')).toMatchObject({ cost: '1,250', price: '2,500' });
    expect(inventoryFormFromItem({ ...item, cost: { amount: 900, currency: 'JPY' }, price: undefined } as InventoryItem, 'en-US')).toMatchObject({ cost: '900', price: '' });
    expect(inventoryFormFromItem({ ...item, price: { amount: 1895, currency: 'EUR' } } as InventoryItem, 'es-ES').price).toBe('18,95');
  });

  it('never sends the stock on an update, only the version read', () => {
    const update = toUpdateInput(values({ quantity: 40 }), 'EUR', 'es-ES', 7);
    expect(update).not.toHaveProperty('quantity');
    expect(update.version).toBe(7);
  });

  it('refuses a negative or over-precise quantity and a blank name', () => {
    expect(inventoryFormSchema.safeParse({ ...emptyInventoryForm(21), name: 'x', quantity: -1 }).success).toBe(false);
    expect(inventoryFormSchema.safeParse({ ...emptyInventoryForm(21), name: 'x', minQuantity: 0.0005 }).success).toBe(false);
    expect(inventoryFormSchema.safeParse({ ...emptyInventoryForm(21), name: '   ' }).success).toBe(false);
  });
});

describe('stock adjustment form', () => {
  const parse = (value: Record<string, unknown>) => adjustmentSchema.parse({ reason: 'INVENTORY_MOVEMENT_REASON_OTHER', note: '', ...value });

  it('sends a delta for add and remove, and the count for a stock count', () => {
    expect(toAdjustmentBody(parse({ mode: 'add', quantity: 2.5 }))).toEqual({ delta: 2.5, reason: 'INVENTORY_MOVEMENT_REASON_OTHER', note: undefined });
    expect(toAdjustmentBody(parse({ mode: 'remove', quantity: 3, note: ' roto ' }))).toEqual({ delta: -3, reason: 'INVENTORY_MOVEMENT_REASON_OTHER', note: 'roto' });
    expect(toAdjustmentBody(parse({ mode: 'count', quantity: 0 }))).toEqual({ newQuantity: 0, reason: 'INVENTORY_MOVEMENT_REASON_OTHER', note: undefined });
  });

  it('needs a quantity, above zero unless it is a count', () => {
    const base = { reason: 'INVENTORY_MOVEMENT_REASON_OTHER', note: '' };
    expect(adjustmentSchema.safeParse({ ...base, mode: 'add', quantity: '' }).success).toBe(false);
    expect(adjustmentSchema.safeParse({ ...base, mode: 'remove', quantity: 0 }).success).toBe(false);
    expect(adjustmentSchema.safeParse({ ...base, mode: 'count', quantity: 0 }).success).toBe(true);
  });
});
