import { describe, expect, it } from 'vitest';
import type { Sale, SaleLine } from '@generated/types.gen';
import { refundProposal } from './refund';

// The refund dialog proposes what the server will accept (issue 17): in a US business two $1.00
// lines at 7.25 % were charged $2.15; refunded one at a time they give back $1.07 and then $1.08
// (the last takes the 8 cents of tax left), whichever goes first.

const usd = (amount: number) => ({ amount, currency: 'USD' });

/** A $1.00 line at 7.25 % as the sale answers it, with what earlier refunds took of it. */
const line = (position: number, tax: number, refunded?: { tax: number }): SaleLine => ({
  position,
  kind: 'SALE_LINE_KIND_SERVICE',
  name: position === 0 ? 'Brow tint' : 'Lash tint',
  quantity: 1,
  unitPrice: usd(100),
  taxPercentage: 7.25,
  discountPercentage: 0,
  discountAmount: usd(0),
  baseAmount: usd(100),
  taxAmount: usd(tax),
  lineTotal: usd(100 + tax),
  refundedQuantity: refunded ? 1 : 0,
  refundedAmount: usd(refunded ? 100 : 0),
  refundedDiscountAmount: usd(0),
  refundedTaxAmount: usd(refunded?.tax ?? 0),
});

/** The $2.15 sale, paid in cash; `collected` is what is still collected net after earlier refunds. */
const sale = (lines: SaleLine[], collected: number): Sale => ({
  id: '0b0c0d0e-0f10-4112-8314-151617181920',
  tenantId: '1b0c0d0e-0f10-4112-8314-151617181920',
  operationType: 'OPERATION_TYPE_PRODUCT_SALE',
  appointmentId: null,
  referenceId: null,
  soldAt: '2030-01-08T10:00:00Z',
  userId: '2b0c0d0e-0f10-4112-8314-151617181920',
  lines,
  pricesIncludeTax: false,
  totals: { subtotal: usd(200), discount: usd(0), tax: usd(15), total: usd(215) },
  taxBreakdown: [{ taxPercentage: 7.25, base: usd(200), tax: usd(15) }],
  tip: usd(0),
  paidAmount: usd(collected),
  refundedAmount: usd(215 - collected),
  outstandingAmount: usd(0),
  lifecycle: 'SALE_LIFECYCLE_COMPLETED',
  paymentStatus: collected === 215 ? 'SALE_STATUS_PAID' : 'SALE_STATUS_PARTIALLY_REFUNDED',
  refundOfSaleId: null,
  refundSaleIds: [],
  invoiceId: null,
  currency: 'USD',
  version: 1,
  createdAt: '2030-01-08T10:00:00Z',
  updatedAt: '2030-01-08T10:00:00Z',
});

describe('refundProposal (the refund dialog)', () => {
  // Sold: 0.145 → $0.15 of tax, shared 8 / 7 cents by largest remainder.
  const paid = sale([line(0, 8), line(1, 7)], 215);

  it('line 1 of the $2.15 sale: $1.07 back ($0.07 of tax), not a $1.08 share of the line', () => {
    expect(refundProposal(paid, { 0: 1, 1: 0 })).toEqual({ worth: 107, tax: 7, money: 107, minimum: 107 });
  });

  it('then line 2: $1.08, the 8 cents of tax left, so that $2.15 comes back in all', () => {
    const after = sale([line(0, 8, { tax: 7 }), line(1, 7)], 108);
    expect(refundProposal(after, { 0: 0, 1: 1 })).toEqual({ worth: 108, tax: 8, money: 108, minimum: 108 });
  });

  it('the other order: line 2 first $1.07, then line 1 $1.08', () => {
    expect(refundProposal(paid, { 0: 0, 1: 1 })).toEqual({ worth: 107, tax: 7, money: 107, minimum: 107 });
    const after = sale([line(0, 8), line(1, 7, { tax: 7 })], 108);
    expect(refundProposal(after, { 0: 1, 1: 0 })).toEqual({ worth: 108, tax: 8, money: 108, minimum: 108 });
  });

  it('both lines at once: the $2.15 charged', () => {
    expect(refundProposal(paid, { 0: 1, 1: 1 })).toEqual({ worth: 215, tax: 15, money: 215, minimum: 215 });
  });

  it('proposes no more money than was collected', () => {
    // $1.00 collected of the $2.15 (outstanding $1.15): line 1 is worth $1.07, $1.00 can come back.
    const part = { ...sale([line(0, 8), line(1, 7)], 100), refundedAmount: usd(0), outstandingAmount: usd(115) };
    expect(refundProposal(part, { 0: 1 })).toEqual({ worth: 107, tax: 7, money: 100, minimum: 0 });
  });

  it('a paid sale gives back exactly what the lines are worth; a part-paid one, between what it would keep too much of and that', () => {
    // Fully collected: anything less than $1.07 back would leave the sale holding more than its new $1.08.
    expect(refundProposal(paid, { 0: 1 })).toMatchObject({ money: 107, minimum: 107 });
    // $2.00 collected, $0.15 outstanding: after line 1 the sale is worth $1.08, so at least $0.92 of the $2.00 goes back, at most $1.07.
    const mostlyPaid = { ...sale([line(0, 8), line(1, 7)], 200), refundedAmount: usd(0), outstandingAmount: usd(15) };
    expect(refundProposal(mostlyPaid, { 0: 1 })).toEqual({ worth: 107, tax: 7, money: 107, minimum: 92 });
  });

  it('nothing chosen, or more than is left of a line: no proposal', () => {
    expect(refundProposal(paid, { 0: 0, 1: 0 })).toBeNull();
    const after = sale([line(0, 8, { tax: 7 }), line(1, 7)], 108);
    expect(refundProposal(after, { 0: 1 })).toBeNull();
  });
});
