import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { InventoryAdjustmentReason, InventoryMovementReason, InventoryUnit } from '@generated/types.gen';

/** Short unit labels shown after a quantity ("12 pcs", "0.75 l"). */
export const unitShort: Record<InventoryUnit, MessageDescriptor> = defineMessages({
  INVENTORY_UNIT_PIECE: { id: 'inventory.unit.piece.short', defaultMessage: 'pcs' },
  INVENTORY_UNIT_MILLILITRE: { id: 'inventory.unit.millilitre.short', defaultMessage: 'ml' },
  INVENTORY_UNIT_LITRE: { id: 'inventory.unit.litre.short', defaultMessage: 'l' },
  INVENTORY_UNIT_GRAM: { id: 'inventory.unit.gram.short', defaultMessage: 'g' },
  INVENTORY_UNIT_KILOGRAM: { id: 'inventory.unit.kilogram.short', defaultMessage: 'kg' },
  INVENTORY_UNIT_METRE: { id: 'inventory.unit.metre.short', defaultMessage: 'm' },
});

/** Unit names for the unit picker. */
export const unitNames: Record<InventoryUnit, MessageDescriptor> = defineMessages({
  INVENTORY_UNIT_PIECE: { id: 'inventory.unit.piece', defaultMessage: 'Pieces' },
  INVENTORY_UNIT_MILLILITRE: { id: 'inventory.unit.millilitre', defaultMessage: 'Millilitres' },
  INVENTORY_UNIT_LITRE: { id: 'inventory.unit.litre', defaultMessage: 'Litres' },
  INVENTORY_UNIT_GRAM: { id: 'inventory.unit.gram', defaultMessage: 'Grams' },
  INVENTORY_UNIT_KILOGRAM: { id: 'inventory.unit.kilogram', defaultMessage: 'Kilograms' },
  INVENTORY_UNIT_METRE: { id: 'inventory.unit.metre', defaultMessage: 'Metres' },
});

export const UNITS = Object.keys(unitNames) as InventoryUnit[];

export const reasonNames: Record<InventoryMovementReason, MessageDescriptor> = defineMessages({
  INVENTORY_MOVEMENT_REASON_INITIAL: { id: 'inventory.reason.initial', defaultMessage: 'Opening stock' },
  INVENTORY_MOVEMENT_REASON_RECEIVED: { id: 'inventory.reason.received', defaultMessage: 'Received' },
  INVENTORY_MOVEMENT_REASON_SOLD: { id: 'inventory.reason.sold', defaultMessage: 'Sold' },
  INVENTORY_MOVEMENT_REASON_DAMAGED: { id: 'inventory.reason.damaged', defaultMessage: 'Damaged or lost' },
  INVENTORY_MOVEMENT_REASON_CORRECTION: { id: 'inventory.reason.correction', defaultMessage: 'Stock count correction' },
  INVENTORY_MOVEMENT_REASON_OTHER: { id: 'inventory.reason.other', defaultMessage: 'Other' },
  INVENTORY_MOVEMENT_REASON_RETURNED: { id: 'inventory.reason.returned', defaultMessage: 'Returned from a sale' },
});

export const ADJUSTMENT_REASONS: InventoryAdjustmentReason[] = [
  'INVENTORY_MOVEMENT_REASON_RECEIVED',
  'INVENTORY_MOVEMENT_REASON_SOLD',
  'INVENTORY_MOVEMENT_REASON_DAMAGED',
  'INVENTORY_MOVEMENT_REASON_CORRECTION',
  'INVENTORY_MOVEMENT_REASON_OTHER',
];

export const inventoryMessages = defineMessages({
  lowStock: { id: 'inventory.lowStock', defaultMessage: 'Low stock' },
  inactive: { id: 'inventory.inactive', defaultMessage: 'Inactive' },
  staleTitle: { id: 'inventory.stale.title', defaultMessage: 'Changed by someone else' },
  staleMessage: {
    id: 'inventory.stale.message',
    defaultMessage: 'Someone changed this product while you were editing it. Reload it to see their changes; what you typed stays here until you do.',
  },
  staleReload: { id: 'inventory.stale.reload', defaultMessage: 'Reload' },
  created: { id: 'inventory.created.title', defaultMessage: 'Product added' },
  saved: { id: 'inventory.saved.title', defaultMessage: 'Product saved' },
  deleted: { id: 'inventory.deleted.title', defaultMessage: 'Product deleted' },
  readOnly: { id: 'inventory.readOnly', defaultMessage: 'Only the owner or an administrator of the business can change products or adjust their stock.' },
  forbidden: {
    id: 'inventory.forbidden',
    defaultMessage: 'Only the owner or an administrator of the business can add, change or delete products or adjust their stock.',
  },
  duplicateSku: { id: 'inventory.duplicateSku', defaultMessage: 'Another product already uses this SKU.' },
  duplicateBarcode: { id: 'inventory.duplicateBarcode', defaultMessage: 'Another product already uses this barcode.' },
  negativeStock: { id: 'inventory.adjust.negativeStock', defaultMessage: 'The stock cannot go below zero. Count it and set the counted quantity instead.' },
  tooManyDecimals: { id: 'inventory.tooManyDecimals', defaultMessage: 'Use at most 3 decimals.' },
  unknownPhoto: { id: 'inventory.unknownPhoto', defaultMessage: 'The photo is no longer available; upload it again.' },
  currencyMismatch: { id: 'inventory.currencyMismatch', defaultMessage: 'Amounts must be in the business currency.' },
});

/** The adjustment form's quantity messages, per reason of the issue (see schemas/adjustment-schema). */
export const adjustQuantityMessages = defineMessages({
  required: { id: 'inventory.adjust.quantity.required', defaultMessage: 'Enter a quantity.' },
  zero: { id: 'inventory.adjust.quantity.zero', defaultMessage: 'Enter a quantity above zero.' },
  invalid: { id: 'inventory.adjust.quantity.invalid', defaultMessage: 'Enter 0 or more, with at most 3 decimals.' },
});
