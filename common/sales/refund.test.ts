import { describe, expect, it } from 'vitest';
import { refundDocument, refundMoneyBounds, RefundError, type Refunded, type SoldLine } from './refund.ts';

// The refund rule the server records and the till proposes (common/sales/refund.ts). Every
// expectation below is worked out by hand in the comments.

/** Refunds `steps` one after the other, each seeing what the ones before took; answers each refund's [total, tax] (positive). */
function refundInTurn(currency: string, sold: SoldLine[], steps: Array<{ position: number; quantity: number }>, pricesIncludeTax: boolean) {
  const earlier = new Map<number, Refunded>();
  return steps.map((step) => {
    const { document, lines } = refundDocument(currency, sold, earlier, [step], pricesIncludeTax);
    const line = document.lines[0]!;
    const before = earlier.get(step.position) ?? { quantity: 0n, amount: 0, discount: 0, tax: 0 };
    earlier.set(step.position, { quantity: before.quantity + lines[0]!.quantity, amount: before.amount - line.amount, discount: before.discount - line.discount, tax: before.tax - line.tax });
    return [-document.totals.total, -document.totals.tax];
  });
}

describe('refundDocument', () => {
  // A US sale (tax on top): two $1.00 lines at 7.25 %: $2.00 + 0.145 → $0.15 of tax (half up), $2.15
  // charged; the 15 cents shared 7.5 / 7.5 by largest remainder → 8 to line 1, 7 to line 2.
  const us: SoldLine[] = [
    { position: 0, quantity: 1, unitPrice: 100, taxPercentage: 7.25, amount: 100, discount: 0, tax: 8 },
    { position: 1, quantity: 1, unitPrice: 100, taxPercentage: 7.25, amount: 100, discount: 0, tax: 7 },
  ];

  it('a US sale refunded line 1 then line 2 gives back $1.07 then $1.08: the last takes the 8 cents of tax left', () => {
    // Line 1: 1.00 × 7.25 % = 0.0725 → $0.07, $1.07. Line 2 closes the rate: 0.15 − 0.07 = $0.08, $1.08.
    expect(refundInTurn('USD', us, [{ position: 0, quantity: 1 }, { position: 1, quantity: 1 }], false)).toEqual([
      [107, 7],
      [108, 8],
    ]);
  });

  it('the other order too: line 2 first gives back $1.07, line 1 last $1.08', () => {
    expect(refundInTurn('USD', us, [{ position: 1, quantity: 1 }, { position: 0, quantity: 1 }], false)).toEqual([
      [107, 7],
      [108, 8],
    ]);
  });

  it('both lines at once give back the $2.15 charged', () => {
    const { document } = refundDocument('USD', us, new Map(), [{ position: 0, quantity: 1 }, { position: 1, quantity: 1 }], false);
    expect(document.totals).toMatchObject({ subtotal: -200, tax: -15, total: -215 });
  });

  it('a Spanish sale (tax included) refunded one at a time: 3 × €0.10 at 21 % gives back €0.10 three times, its IVA 2 + 2 + 1 cents', () => {
    // Sold: €0.30 with tax, base 0.30 / 1.21 = 0.2479 → €0.25, IVA €0.05 (shared by the one line).
    // Each of the first two: 0.10 / 1.21 = 0.0826 → base €0.08, IVA €0.02. The last closes the rate:
    // 0.05 − 0.04 = €0.01 of IVA, base €0.09 (rounded on its own it would take 0.02: 0.06 in all).
    const spain: SoldLine[] = [{ position: 0, quantity: 3, unitPrice: 10, taxPercentage: 21, amount: 30, discount: 0, tax: 5 }];
    const steps = [1, 1, 1].map((quantity) => ({ position: 0, quantity }));
    expect(refundInTurn('EUR', spain, steps, true)).toEqual([
      [10, 2],
      [10, 2],
      [10, 1],
    ]);
  });

  it('a Spanish sale of two €1.00 lines at 21 %: €1.00 back each, IVA 17 then 18 cents (the €0.35 of the sale)', () => {
    // Sold: 2.00 / 1.21 = 1.6529 → base €1.65, IVA €0.35, shared 17.5 / 17.5 → 18 and 17.
    // Line 1: 1.00 / 1.21 = 0.8264 → base €0.83, IVA €0.17; line 2 closes: 0.35 − 0.17 = €0.18.
    const spain: SoldLine[] = [
      { position: 0, quantity: 1, unitPrice: 100, taxPercentage: 21, amount: 100, discount: 0, tax: 18 },
      { position: 1, quantity: 1, unitPrice: 100, taxPercentage: 21, amount: 100, discount: 0, tax: 17 },
    ];
    expect(refundInTurn('EUR', spain, [{ position: 0, quantity: 1 }, { position: 1, quantity: 1 }], true)).toEqual([
      [100, 17],
      [100, 18],
    ]);
  });

  it('refuses more than is left of a line, naming the request field', () => {
    const earlier = new Map<number, Refunded>([[0, { quantity: 1000n, amount: 100, discount: 0, tax: 7 }]]);
    const refusal = (() => {
      try {
        refundDocument('USD', us, earlier, [{ position: 0, quantity: 1 }], false);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(RefundError);
    expect(refusal).toMatchObject({ code: 'refund_exceeds_sold', pointer: '/lines/0/quantity' });
  });
});

describe('refundMoneyBounds', () => {
  it('a sale paid in full gives back exactly what the lines are worth', () => {
    // $2.15 collected and standing; line 1 worth $1.07: at most min(2.15, 1.07), at least 2.15 − (2.15 − 1.07).
    expect(refundMoneyBounds({ net: 215, remaining: 215 }, 107)).toEqual({ minimum: 107, maximum: 107 });
  });

  it('a sale paid in part gives back at most what was collected, and may give back nothing', () => {
    // $1.00 of $2.15 collected; line 1 worth $1.07: at most 1.00; 1.00 − (2.15 − 1.07) < 0, so at least 0.
    expect(refundMoneyBounds({ net: 100, remaining: 215 }, 107)).toEqual({ minimum: 0, maximum: 100 });
  });
});
