import * as z from 'zod';
import type { InventoryAdjustmentInput, InventoryAdjustmentReason } from '@generated/types.gen';
import { zInventoryAdjustmentReason } from '@generated/zod.gen';

/** The stock adjustment form: add, remove, or set a counted quantity, with a reason. */
export type AdjustmentMode = 'add' | 'remove' | 'count';

const hasAtMost3Decimals = (value: number) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;

export const adjustmentSchema = z
  .object({
    mode: z.enum(['add', 'remove', 'count']),
    quantity: z.union([z.literal(''), z.number().min(0).max(1_000_000_000).refine(hasAtMost3Decimals, { params: { reason: 'decimals' } })]),
    reason: zInventoryAdjustmentReason,
    note: z.string().trim().max(500),
  })
  .superRefine((value, ctx) => {
    if (value.quantity === '') ctx.addIssue({ code: 'custom', path: ['quantity'], params: { reason: 'required' }, input: '' });
    else if (value.mode !== 'count' && value.quantity === 0) ctx.addIssue({ code: 'custom', path: ['quantity'], params: { reason: 'zero' } });
  });

export type AdjustmentInput = z.input<typeof adjustmentSchema>;
export type AdjustmentValues = z.output<typeof adjustmentSchema>;

export const DEFAULT_REASON: Record<AdjustmentMode, InventoryAdjustmentReason> = {
  add: 'INVENTORY_MOVEMENT_REASON_RECEIVED',
  remove: 'INVENTORY_MOVEMENT_REASON_SOLD',
  count: 'INVENTORY_MOVEMENT_REASON_CORRECTION',
};

export function toAdjustmentBody(values: AdjustmentValues): InventoryAdjustmentInput {
  const quantity = values.quantity === '' ? 0 : values.quantity;
  const note = values.note === '' ? undefined : values.note;
  if (values.mode === 'count') return { newQuantity: quantity, reason: values.reason, note };
  return { delta: values.mode === 'add' ? quantity : -quantity, reason: values.reason, note };
}
