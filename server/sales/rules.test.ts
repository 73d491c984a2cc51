import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../problem.ts';
import {
  canTransition,
  changeOf,
  checkPaymentFits,
  checkRefundMoney,
  commissionOf,
  outstandingOf,
  paymentStatusOf,
  refundDocument,
  saleDocument,
  type Refunded,
  type SaleMoney,
  type SoldLine,
} from './rules.ts';

// The till's arithmetic (issue 17 invariants): a sale's total = Σ breakdown (base + tax) = Σ line
// totals exactly; refunding every line, in any number of parts, gives back exactly what was sold;
// payments never take more than the sale stands for; a refund never gives back more than collected.

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const rate = fc.constantFrom(0, 4, 10, 21, 10.5, 7.25);
const line = fc.record({
  quantity: fc.integer({ min: 1, max: 20 }),
  unitPrice: fc.integer({ min: 0, max: 500_000 }),
  taxPercentage: rate,
  discountPercentage: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
});
const discount = fc.option(
  fc.oneof(
    fc.integer({ min: 0, max: 10_000 }).map((bp) => ({ percentage: bp / 100 })),
    fc.integer({ min: 0, max: 100 }).map((cents) => ({ amount: cents })),
  ),
  { nil: undefined },
);

/** The sale's document, or the property skips inputs the till refuses (a whole-sale discount above the total). */
const documentOf = (lines: Parameters<typeof saleDocument>[1], whole: Parameters<typeof saleDocument>[2]) => {
  try {
    return saleDocument('EUR', lines, whole, true);
  } catch (error) {
    if (error instanceof HttpProblem) fc.pre(false);
    throw error;
  }
};

const code = (run: () => unknown) => {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof HttpProblem) return error.errors?.[0]?.code ?? error.code;
    throw error;
  }
};

describe('sale arithmetic', () => {
  it('total = Σ breakdown (base + tax) = Σ line totals, exactly, for any lines and discounts', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), discount, (lines, whole) => {
        const doc = documentOf(lines, whole);
        expect(sum(doc.breakdown.map((b) => b.base + b.tax))).toBe(doc.totals.total);
        expect(sum(doc.lines.map((l) => l.total))).toBe(doc.totals.total);
        expect(doc.totals.subtotal + doc.totals.tax).toBe(doc.totals.total);
      }),
    );
  });

  it('2 × €10 at 21 % is €20.00 with one rounding of the tax (the invoice computes the same)', () => {
    const doc = saleDocument('EUR', [{ quantity: 2, unitPrice: 1000, taxPercentage: 21 }], undefined, true);
    expect(doc.totals).toMatchObject({ total: 2000, subtotal: 1653, tax: 347 });
  });

  it('a US sale adds the tax on top: $120.00 at 8.875 % is charged $130.65 (tax $10.65), and its refund gives back exactly that', () => {
    const doc = saleDocument('USD', [{ quantity: 1, unitPrice: 12000, taxPercentage: 8.875 }], undefined, false);
    expect(doc.priceMode).toBe('TAX_EXCLUSIVE');
    expect(doc.totals).toMatchObject({ subtotal: 12000, tax: 1065, total: 13065 });
    const included = saleDocument('USD', [{ quantity: 1, unitPrice: 12000, taxPercentage: 8.875 }], undefined, true);
    expect(included.totals).toMatchObject({ subtotal: 11022, tax: 978, total: 12000 });
    const sold: SoldLine[] = [{ position: 0, quantity: 1, unitPrice: 12000, taxPercentage: 8.875, amount: 12000, discount: 0, tax: 1065 }];
    const plan = refundDocument('USD', sold, new Map(), [{ position: 0, quantity: 1 }], false);
    expect(plan.document.totals).toMatchObject({ subtotal: -12000, tax: -1065, total: -13065 });
  });

  it('with tax on top, refunding the whole sale at once gives back exactly its total and tax', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), discount, (lines, whole) => {
        let doc;
        try {
          doc = saleDocument('USD', lines, whole, false);
        } catch (error) {
          if (error instanceof HttpProblem) return fc.pre(false);
          throw error;
        }
        const sold: SoldLine[] = doc.lines.map((l, position) => ({ position, quantity: l.quantity, unitPrice: l.unitPrice, taxPercentage: lines[position]!.taxPercentage, amount: l.amount, discount: l.discount, tax: l.tax }));
        const plan = refundDocument('USD', sold, new Map(), sold.map((s) => ({ position: s.position, quantity: s.quantity })), false);
        expect(plan.document.totals.total + doc.totals.total).toBe(0);
        expect(plan.document.totals.tax + doc.totals.tax).toBe(0);
      }),
      { numRuns: 60 },
    );
  });

  it('refunding every line in parts gives back exactly each line total, and never more than sold', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), discount, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }), (lines, whole, splits) => {
        const doc = documentOf(lines, whole);
        const sold: SoldLine[] = doc.lines.map((l, position) => ({ position, quantity: l.quantity, unitPrice: l.unitPrice, taxPercentage: lines[position]!.taxPercentage, amount: l.amount, discount: l.discount, tax: l.tax }));
        const earlier = new Map<number, Refunded>();
        const given = new Map<number, number>();
        for (const s of sold) {
          let left = Number(s.quantity);
          for (const part of [...splits, Infinity]) {
            if (left <= 0) break;
            const quantity = Math.min(part, left);
            const plan = refundDocument('EUR', sold, earlier, [{ position: s.position, quantity }], true);
            const refunded = plan.document.lines[0]!;
            expect(sum(plan.document.breakdown.map((b) => b.base + b.tax))).toBe(plan.document.totals.total);
            const before = earlier.get(s.position) ?? { quantity: 0n, amount: 0, discount: 0, tax: 0 };
            earlier.set(s.position, { quantity: before.quantity + BigInt(quantity * 1000), amount: before.amount - refunded.amount, discount: before.discount - refunded.discount, tax: before.tax - refunded.tax });
            given.set(s.position, (given.get(s.position) ?? 0) + refunded.total);
            left -= quantity;
          }
          expect(given.get(s.position)! + doc.lines[s.position]!.total).toBe(0);
          expect(code(() => refundDocument('EUR', sold, earlier, [{ position: s.position, quantity: 1 }], true))).toBe('refund_exceeds_sold');
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('refunds in parts leave no cent behind', () => {
  /** Refunds one request list and records what it took back, as the repository's refundedByLine sums it (positive). */
  const refundInto = (currency: string, sold: SoldLine[], earlier: Map<number, Refunded>, requests: { position: number; quantity: number }[], pricesIncludeTax: boolean) => {
    const plan = refundDocument(currency, sold, earlier, requests, pricesIncludeTax);
    plan.document.lines.forEach((l, i) => {
      const position = plan.lines[i]!.position;
      const before = earlier.get(position) ?? { quantity: 0n, amount: 0, discount: 0, tax: 0 };
      earlier.set(position, { quantity: before.quantity + plan.lines[i]!.quantity, amount: before.amount - l.amount, discount: before.discount - l.discount, tax: before.tax - l.tax });
    });
    return plan.document;
  };

  it('two $1.00 lines at 7.25 % on top are charged $2.15; refunded one by one they give back $1.07 then $1.08, all of it', () => {
    // Tax rounded once on $2.00: 0.145 → 0.15, the lines' shares 0.08 and 0.07 (the earlier line takes the tie).
    const sale = saleDocument('USD', [{ quantity: 1, unitPrice: 100, taxPercentage: 7.25 }, { quantity: 1, unitPrice: 100, taxPercentage: 7.25 }], undefined, false);
    expect(sale.totals).toMatchObject({ subtotal: 200, tax: 15, total: 215 });
    expect(sale.lines.map((l) => l.tax)).toEqual([8, 7]);
    const sold: SoldLine[] = [
      { position: 0, quantity: 1, unitPrice: 100, taxPercentage: 7.25, amount: 100, discount: 0, tax: 8 },
      { position: 1, quantity: 1, unitPrice: 100, taxPercentage: 7.25, amount: 100, discount: 0, tax: 7 },
    ];
    const earlier = new Map<number, Refunded>();
    // Line 1 alone: $1.00 + round(0.0725) = $0.07, rounded as any document.
    const first = refundInto('USD', sold, earlier, [{ position: 0, quantity: 1 }], false);
    expect(first.totals).toMatchObject({ subtotal: -100, tax: -7, total: -107 });
    expect(first.breakdown).toEqual([{ rateMilliPercent: 7250, taxPercentage: 7.25, exemption: null, base: -100, tax: -7 }]);
    // Line 2 closes the rate: it takes the $0.08 left of the $0.15, not a second $0.07.
    const second = refundInto('USD', sold, earlier, [{ position: 1, quantity: 1 }], false);
    expect(second.totals).toMatchObject({ subtotal: -100, tax: -8, total: -108 });
    expect(second.breakdown).toEqual([{ rateMilliPercent: 7250, taxPercentage: 7.25, exemption: null, base: -100, tax: -8 }]);
    expect(second.lines[0]).toMatchObject({ base: -100, tax: -8, total: -108 });

    // The other order ends the same way: $1.07, then the last $1.08.
    const other = new Map<number, Refunded>();
    expect(refundInto('USD', sold, other, [{ position: 1, quantity: 1 }], false).totals.total).toBe(-107);
    expect(refundInto('USD', sold, other, [{ position: 0, quantity: 1 }], false).totals.total).toBe(-108);
    // Whole at once: the sale mirrored, as before.
    expect(refundDocument('USD', sold, new Map(), [{ position: 0, quantity: 1 }, { position: 1, quantity: 1 }], false).document.totals).toMatchObject({ tax: -15, total: -215 });
  });

  it('with tax included the total of each refund is its price, and the last one settles the base/tax split: €1.00 + €1.00 at 21 %', () => {
    // €2.00 at 21 % included: base round(200 / 1.21 = 165.29) = 1.65, tax 0.35 (shares 0.18 and 0.17).
    const sale = saleDocument('EUR', [{ quantity: 1, unitPrice: 100, taxPercentage: 21 }, { quantity: 1, unitPrice: 100, taxPercentage: 21 }], undefined, true);
    expect(sale.breakdown).toEqual([{ rateMilliPercent: 21000, taxPercentage: 21, exemption: null, base: 165, tax: 35 }]);
    expect(sale.lines.map((l) => l.tax)).toEqual([18, 17]);
    const sold: SoldLine[] = [
      { position: 0, quantity: 1, unitPrice: 100, taxPercentage: 21, amount: 100, discount: 0, tax: 18 },
      { position: 1, quantity: 1, unitPrice: 100, taxPercentage: 21, amount: 100, discount: 0, tax: 17 },
    ];
    const earlier = new Map<number, Refunded>();
    // €1.00 alone: base round(82.64) = 0.83, tax 0.17. A second alike would make 1.66 + 0.34, not 1.65 + 0.35.
    const first = refundInto('EUR', sold, earlier, [{ position: 0, quantity: 1 }], true);
    expect(first.breakdown).toEqual([{ rateMilliPercent: 21000, taxPercentage: 21, exemption: null, base: -83, tax: -17 }]);
    const second = refundInto('EUR', sold, earlier, [{ position: 1, quantity: 1 }], true);
    expect(second.breakdown).toEqual([{ rateMilliPercent: 21000, taxPercentage: 21, exemption: null, base: -82, tax: -18 }]);
    expect(second.totals.total).toBe(-100);

    // Three €0.15 units at 10 % refunded one by one, the last with a 21 % line refunded whole.
    const mixed: SoldLine[] = [
      // 3 × €0.15 at 10 % included: base round(45 / 1.1 = 40.91) = 0.41, tax 0.04.
      { position: 0, quantity: 3, unitPrice: 15, taxPercentage: 10, amount: 45, discount: 0, tax: 4 },
      // €5.00 at 21 %: base round(500 / 1.21 = 413.22) = 4.13, tax 0.87.
      { position: 1, quantity: 1, unitPrice: 500, taxPercentage: 21, amount: 500, discount: 0, tax: 87 },
    ];
    const check = saleDocument('EUR', [{ quantity: 3, unitPrice: 15, taxPercentage: 10 }, { quantity: 1, unitPrice: 500, taxPercentage: 21 }], undefined, true);
    expect(check.breakdown.map((b) => [b.taxPercentage, b.base, b.tax])).toEqual([[21, 413, 87], [10, 41, 4]]);
    const taken = new Map<number, Refunded>();
    // €0.15 at 10 % alone: base round(13.64) = 0.14, tax 0.01; twice.
    expect(refundInto('EUR', mixed, taken, [{ position: 0, quantity: 1 }], true).breakdown.map((b) => [b.base, b.tax])).toEqual([[-14, -1]]);
    expect(refundInto('EUR', mixed, taken, [{ position: 0, quantity: 1 }], true).breakdown.map((b) => [b.base, b.tax])).toEqual([[-14, -1]]);
    // The last unit closes 10 %: the 0.02 of tax left (not 0.01), base 0.13; 21 % is refunded whole, 4.13 + 0.87.
    const last = refundInto('EUR', mixed, taken, [{ position: 0, quantity: 1 }, { position: 1, quantity: 1 }], true);
    expect(last.breakdown.map((b) => [b.taxPercentage, b.base, b.tax])).toEqual([[21, -413, -87], [10, -13, -2]]);
    expect(last.totals.total).toBe(-515);
    // 0.14 + 0.14 + 0.13 = 0.41 and 0.01 + 0.01 + 0.02 = 0.04: the sale's 10 % to the cent.
  });

  /** Each line's quantity cut into parts, refunded in an arbitrary order, several parts to a refund. */
  const pieces = fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 });
  const order = fc.array(fc.nat(), { minLength: 1, maxLength: 60 });
  const groups = fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 60 });

  for (const pricesIncludeTax of [false, true]) {
    it(`any sequence of partial refunds that ends with everything gives back exactly the sale's total and each rate's base and tax (${pricesIncludeTax ? 'tax included' : 'tax on top'})`, () => {
      fc.assert(
        fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), discount, pieces, order, groups, (lines, whole, splits, shuffle, sizes) => {
          let sale;
          try {
            sale = saleDocument('USD', lines, whole, pricesIncludeTax);
          } catch (error) {
            if (error instanceof HttpProblem) return fc.pre(false);
            throw error;
          }
          const sold: SoldLine[] = sale.lines.map((l, position) => ({ position, quantity: l.quantity, unitPrice: l.unitPrice, taxPercentage: lines[position]!.taxPercentage, amount: l.amount, discount: l.discount, tax: l.tax }));
          // Every line cut into parts (the splits, then what is left), the parts shuffled.
          const parts: { position: number; quantity: number }[] = [];
          for (const s of sold) {
            let left = Number(s.quantity);
            for (const part of [...splits, Infinity]) {
              if (left <= 0) break;
              const quantity = Math.min(part, left);
              parts.push({ position: s.position, quantity });
              left -= quantity;
            }
          }
          parts.forEach((_, i) => {
            const j = shuffle[i % shuffle.length]! % parts.length;
            [parts[i], parts[j]] = [parts[j]!, parts[i]!];
          });
          const earlier = new Map<number, Refunded>();
          const given = { total: 0, base: new Map<number, number>(), tax: new Map<number, number>() };
          for (let at = 0, g = 0; at < parts.length; g++) {
            const size = sizes[g % sizes.length]!;
            const refund = refundInto('USD', sold, earlier, parts.slice(at, at + size), pricesIncludeTax);
            at += size;
            expect(sum(refund.breakdown.map((b) => b.base + b.tax))).toBe(refund.totals.total);
            expect(sum(refund.lines.map((l) => l.total))).toBe(refund.totals.total);
            given.total += refund.totals.total;
            for (const b of refund.breakdown) {
              given.base.set(b.rateMilliPercent, (given.base.get(b.rateMilliPercent) ?? 0) + b.base);
              given.tax.set(b.rateMilliPercent, (given.tax.get(b.rateMilliPercent) ?? 0) + b.tax);
            }
          }
          // Given back + sold = 0 (written as a sum: −0 and 0 are one amount).
          expect(given.total + sale.totals.total).toBe(0);
          for (const b of sale.breakdown) {
            expect((given.base.get(b.rateMilliPercent) ?? 0) + b.base).toBe(0);
            expect((given.tax.get(b.rateMilliPercent) ?? 0) + b.tax).toBe(0);
          }
          expect([...given.base.keys()].sort()).toEqual(sale.breakdown.map((b) => b.rateMilliPercent).sort());
        }),
        { numRuns: 150 },
      );
    });
  }
});

describe('payments and refunds of money', () => {
  const figures = fc
    .record({ total: fc.integer({ min: 1, max: 1_000_000 }), paidShare: fc.double({ min: 0, max: 1, noNaN: true }), refundShare: fc.double({ min: 0, max: 1, noNaN: true }) })
    .map(({ total, paidShare, refundShare }): SaleMoney => {
      const paid = Math.floor(total * paidShare);
      return { isRefund: false, voided: false, total, refundedLines: 0, paid, refunded: Math.floor(paid * refundShare) };
    });

  it('a payment fits exactly when collected net stays ≤ total; outstanding is what is left', () => {
    fc.assert(
      fc.property(figures, fc.integer({ min: 1, max: 2_000_000 }), (sale, amount) => {
        const refused = code(() => checkPaymentFits(sale, amount, '/amount'));
        const fits = sale.paid + amount - sale.refunded <= sale.total;
        expect(refused).toBe(fits ? undefined : 'overpayment');
        expect(outstandingOf(sale)).toBe(sale.total - (sale.paid - sale.refunded));
      }),
    );
  });

  it('a refund sale gives back at most what was collected and the lines are worth, at least what would exceed the new total', () => {
    fc.assert(
      fc.property(figures, fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 1_000_000 }), (sale, worthShare, money) => {
        const worth = Math.max(1, Math.floor(sale.total * worthShare));
        const refused = code(() => checkRefundMoney(sale, -worth, money, '/payments'));
        const net = sale.paid - sale.refunded;
        const after = { ...sale, refundedLines: worth, refunded: sale.refunded + money };
        const ok = money <= net && money <= worth && after.paid - after.refunded <= after.total - after.refundedLines;
        expect(refused).toBe(ok ? undefined : 'refund_exceeds_paid');
      }),
    );
  });

  it('derives the payment status', () => {
    const base = { isRefund: false, voided: false, total: 1000, refundedLines: 0, refunded: 0 };
    expect(paymentStatusOf({ ...base, paid: 0 })).toBe('SALE_STATUS_UNPAID');
    expect(paymentStatusOf({ ...base, paid: 400 })).toBe('SALE_STATUS_PARTIALLY_PAID');
    expect(paymentStatusOf({ ...base, paid: 1000 })).toBe('SALE_STATUS_PAID');
    expect(paymentStatusOf({ ...base, paid: 1000, refunded: 300, refundedLines: 300 })).toBe('SALE_STATUS_PARTIALLY_REFUNDED');
    expect(paymentStatusOf({ ...base, paid: 1000, refunded: 1000, refundedLines: 1000 })).toBe('SALE_STATUS_REFUNDED');
    expect(paymentStatusOf({ ...base, isRefund: true, total: -300, paid: 0 })).toBe('SALE_STATUS_REFUNDED');
  });

  it('computes the commission half up, the change, and allows only PENDING → COMPLETED | FAILED', () => {
    expect(commissionOf(2595, 1.5)).toBe(39);
    expect(commissionOf(100, 0)).toBe(0);
    expect(changeOf(5000, 2000, 0, '/t')).toBe(3000);
    expect(code(() => changeOf(1000, 2000, 0, '/t'))).toBe('tendered_too_low');
    const statuses = ['PAYMENT_TRANSACTION_STATUS_PENDING', 'PAYMENT_TRANSACTION_STATUS_COMPLETED', 'PAYMENT_TRANSACTION_STATUS_FAILED'];
    const allowed = statuses.flatMap((from) => statuses.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['PAYMENT_TRANSACTION_STATUS_PENDING→PAYMENT_TRANSACTION_STATUS_COMPLETED', 'PAYMENT_TRANSACTION_STATUS_PENDING→PAYMENT_TRANSACTION_STATUS_FAILED']);
  });
});
