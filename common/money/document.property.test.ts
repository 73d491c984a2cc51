import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR } from './amount.ts';
import { formatScaled } from './decimal.ts';
import { EXEMPTION_CODES, MAX_TAX_RATES, computeDocument, type ComputedDocument, type DiscountInput, type DocumentInput, type DocumentLineInput } from './document.ts';
import { MoneyError } from './errors.ts';

// Properties of computeDocument for any lines: the sums hold exactly, every amount stays within the one
// bound (or the document is refused with its code), a refund mirrors its sale, and the tax of a rate
// is rounded once whatever the lines.

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A rate as the API sends it: a common one, or any 0.00–100.00 or 0.000–100.000, as a number or as text. */
const rate = fc.oneof(
  fc.constantFrom<number | string>(0, 4, 5, 7.5, 8, 8.875, 10, 19, 21, '21.00', '10.5', '8.875'),
  fc.integer({ min: 0, max: 10_000 }).map((bp) => formatScaled(bp, 2)),
  fc.integer({ min: 0, max: 100_000 }).map((milli) => formatScaled(milli, 3)),
);
const tax = fc.oneof({ weight: 6, arbitrary: rate.map((r) => ({ rate: r })) }, { weight: 1, arbitrary: fc.constantFrom(...EXEMPTION_CODES).map((e) => ({ exemption: e })) });
/** A quantity in thousandths, given as text ('1.250') or as a number (1.25). */
const quantity = (min: number, max: number) =>
  fc.tuple(fc.integer({ min, max }), fc.boolean()).map(([thousandths, asText]) => (asText ? formatScaled(thousandths, 3) : Number(formatScaled(thousandths, 3))));
const percentage = fc.integer({ min: 0, max: 10_000 }).map((bp) => ({ percentage: formatScaled(bp, 2) }));

/** Lines of one sign (a sale), with discounts that fit (a percentage, or an amount no larger than the unit price). */
const saleLine: fc.Arbitrary<DocumentLineInput> = fc
  .record({
    quantity: quantity(1000, 50_000),
    unitPrice: fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 1_000_000_000 })),
    tax,
    discountKind: fc.constantFrom('none', 'percentage', 'amount'),
    discountPercentage: percentage,
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ discountKind, discountPercentage, discountShare, ...line }) => {
    // quantity ≥ 1, so the line's amount is at least its unit price.
    const discount: DiscountInput | undefined =
      discountKind === 'percentage' ? discountPercentage : discountKind === 'amount' ? { amount: Math.floor(line.unitPrice * discountShare) } : undefined;
    return discount ? { ...line, discount } : line;
  });

const sale: fc.Arbitrary<DocumentInput> = fc
  .record({
    currency: fc.constantFrom('EUR', 'JPY', 'KWD', 'CLP', 'USD'),
    priceMode: fc.constantFrom('TAX_INCLUSIVE', 'TAX_EXCLUSIVE'),
    lines: fc.array(saleLine, { minLength: 1, maxLength: 25 }),
    discount: fc.option(fc.oneof(percentage, fc.double({ min: 0, max: 1, noNaN: true }).map((share) => ({ share }))), { nil: undefined }),
    withholding: fc.option(fc.constantFrom(15, 7, '19', 0).map((r) => ({ rate: r })), { nil: undefined }),
  })
  .map(({ discount, withholding, ...doc }) => {
    const input = { ...doc, ...(withholding ? { withholding } : {}) } as DocumentInput;
    if (!discount) return input;
    if (!('share' in discount)) return { ...input, discount };
    // A whole-document amount off that fits: a share of what the lines come to after their own discounts.
    const left = sum(computeDocument(input).lines.map((l) => l.amount - l.discount));
    return { ...input, discount: { amount: Math.floor(left * discount.share) } };
  });

/** Lines of any sign (a rectifying invoice by differences): no whole-document discount. */
const anyLines: fc.Arbitrary<DocumentInput> = fc.record({
  currency: fc.constantFrom('EUR', 'JPY', 'BHD'),
  priceMode: fc.constantFrom('TAX_INCLUSIVE', 'TAX_EXCLUSIVE'),
  lines: fc.array(
    fc.record({ quantity: quantity(-50_000, 50_000), unitPrice: fc.integer({ min: -100_000, max: 1_000_000 }), tax, discount: fc.option(percentage, { nil: undefined }) }),
    { minLength: 1, maxLength: 25 },
  ),
}) as fc.Arbitrary<DocumentInput>;

function expectExactSums(doc: ComputedDocument, input: DocumentInput) {
  const { totals, lines, breakdown } = doc;
  // Σ breakdown (base + tax) = the document total = Σ line totals, exactly.
  expect(sum(breakdown.map((b) => b.base + b.tax))).toBe(totals.totalBeforeWithholding);
  expect(sum(lines.map((l) => l.total))).toBe(totals.totalBeforeWithholding);
  expect(totals.subtotal + totals.tax).toBe(totals.totalBeforeWithholding);
  expect(totals.total).toBe(totals.totalBeforeWithholding - totals.withholding);
  expect(sum(breakdown.map((b) => b.base))).toBe(totals.subtotal);
  expect(sum(lines.map((l) => l.base))).toBe(totals.subtotal);
  expect(sum(breakdown.map((b) => b.tax))).toBe(totals.tax);
  expect(sum(lines.map((l) => l.tax))).toBe(totals.tax);
  expect(sum(lines.map((l) => l.discount))).toBe(totals.discount);
  if (!input.withholding) expect(totals.total).toBe(totals.totalBeforeWithholding);
  for (const line of lines) {
    expect(line.base + line.tax).toBe(line.total);
    // The prices' kind is kept: with tax included the line's total is what was charged for it.
    if (input.priceMode === 'TAX_INCLUSIVE') expect(line.total).toBe(line.amount - line.discount);
    else expect(line.base).toBe(line.amount - line.discount);
  }
  // One entry per rate and exemption cause, at most 12.
  const keys = breakdown.map((b) => `${b.rateMilliPercent}/${b.exemption}`);
  expect(new Set(keys).size).toBe(keys.length);
  expect(breakdown.length).toBeLessThanOrEqual(MAX_TAX_RATES);
  // Each line's tax is its exact share of its rate's tax, to less than one minor unit.
  for (const entry of breakdown) {
    const members = lines.filter((l) => l.rateMilliPercent === entry.rateMilliPercent && l.exemption === entry.exemption);
    const weight = sum(members.map((l) => l.amount - l.discount));
    if (weight === 0) continue;
    for (const line of members) {
      const exact = (BigInt(entry.tax) * BigInt(line.amount - line.discount) * 1000n) / BigInt(weight);
      expect(Math.abs(Number(BigInt(line.tax) * 1000n - exact))).toBeLessThan(1000);
    }
  }
  expectWithinBound(doc);
}

function expectWithinBound(doc: ComputedDocument) {
  const amounts = [
    ...Object.values(doc.totals),
    ...doc.breakdown.flatMap((b) => [b.base, b.tax]),
    ...doc.lines.flatMap((l) => [l.amount, l.discount, l.base, l.tax, l.total]),
  ];
  for (const amount of amounts) {
    expect(Number.isSafeInteger(amount)).toBe(true);
    expect(Math.abs(amount)).toBeLessThanOrEqual(MAX_AMOUNT_MINOR);
  }
}

const negate = (input: DocumentInput): DocumentInput => ({
  ...input,
  lines: input.lines.map((line) => ({
    ...line,
    quantity: typeof line.quantity === 'number' ? -line.quantity : line.quantity.startsWith('-') ? line.quantity.slice(1) : `-${line.quantity}`,
    ...(line.discount && 'amount' in line.discount ? { discount: { amount: -line.discount.amount } } : {}),
  })),
  ...(input.discount && 'amount' in input.discount ? { discount: { amount: -input.discount.amount } } : {}),
});

// Property runs take seconds on a loaded machine: a generous timeout instead of vitest's 5 s.
describe('computeDocument: properties', { timeout: 120_000 }, () => {
  it('Σ breakdown (base + tax) = total = Σ line totals, exactly, for any sale (both price modes, discounts, many rates)', () => {
    fc.assert(
      fc.property(sale, (input) => {
        expectExactSums(computeDocument(input), input);
      }),
      { numRuns: 250 },
    );
  });

  it('the same for lines of any sign', () => {
    fc.assert(
      fc.property(anyLines, (input) => {
        expectExactSums(computeDocument(input), input);
      }),
      { numRuns: 300 },
    );
  });

  it('a refund (every quantity negated) is the exact negation of its sale, line by line', () => {
    const zero = (n: number) => n + 0; // -0 → 0
    fc.assert(
      fc.property(sale, (input) => {
        const original = computeDocument(input);
        const refund = computeDocument(negate(input));
        const negated = (doc: ComputedDocument) => ({
          lines: doc.lines.map((l) => [l.amount, l.discount, l.base, l.tax, l.total].map((x) => zero(-x))),
          breakdown: doc.breakdown.map((b) => [b.rateMilliPercent, b.exemption, zero(-b.base), zero(-b.tax)]),
          totals: Object.values(doc.totals).map((x) => zero(-x)),
        });
        expect({
          lines: refund.lines.map((l) => [l.amount, l.discount, l.base, l.tax, l.total].map(zero)),
          breakdown: refund.breakdown.map((b) => [b.rateMilliPercent, b.exemption, zero(b.base), zero(b.tax)]),
          totals: Object.values(refund.totals).map(zero),
        }).toEqual(negated(original));
      }),
      { numRuns: 200 },
    );
  });

  it('rounds each rate once: splitting lines into single units or reordering them changes no tax', () => {
    const units = fc.record({
      currency: fc.constantFrom('EUR', 'JPY'),
      priceMode: fc.constantFrom('TAX_INCLUSIVE', 'TAX_EXCLUSIVE'),
      lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 6 }), unitPrice: fc.integer({ min: 0, max: 100_000 }), tax }), { minLength: 1, maxLength: 8 }),
    }) as fc.Arbitrary<DocumentInput>;
    fc.assert(
      fc.property(units, fc.integer(), (input, seed) => {
        const whole = computeDocument(input);
        const split = input.lines.flatMap((line) => Array.from({ length: Number(line.quantity) }, () => ({ ...line, quantity: 1 })));
        const shuffled = split.map((line, i) => ({ line, key: (i * 2654435761 + seed) % 1000 })).sort((a, b) => a.key - b.key).map((x) => x.line);
        const apart = computeDocument({ ...input, lines: shuffled });
        expect(apart.breakdown).toEqual(whole.breakdown);
        expect(apart.totals).toEqual(whole.totals);
      }),
      { numRuns: 300 },
    );
  });

  it('every amount stays within ±10^12 minor units, or the document is refused with out_of_range', () => {
    const huge = fc.record({
      currency: fc.constant('EUR'),
      priceMode: fc.constantFrom('TAX_INCLUSIVE', 'TAX_EXCLUSIVE'),
      lines: fc.array(
        fc.record({
          quantity: quantity(-2_000_000, 2_000_000),
          unitPrice: fc.oneof(fc.integer({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }), fc.constantFrom(MAX_AMOUNT_MINOR, -MAX_AMOUNT_MINOR, MAX_AMOUNT_MINOR + 1)),
          tax,
        }),
        { minLength: 1, maxLength: 6 },
      ),
      withholding: fc.option(fc.constant({ rate: 15 }), { nil: undefined }),
    }) as fc.Arbitrary<DocumentInput>;
    let refused = 0;
    let computed = 0;
    fc.assert(
      fc.property(huge, (input) => {
        let doc: ComputedDocument;
        try {
          doc = computeDocument(input);
        } catch (error) {
          expect(error).toBeInstanceOf(MoneyError);
          expect((error as MoneyError).code).toBe('out_of_range');
          refused += 1;
          return;
        }
        computed += 1;
        expectWithinBound(doc);
        expectExactSums(doc, input);
      }),
      { numRuns: 500 },
    );
    // Both outcomes were exercised.
    expect(refused).toBeGreaterThan(0);
    expect(computed).toBeGreaterThan(0);
  });

  it('more than 12 rates is refused with too_many_tax_rates, 12 or fewer never', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 20 }), (bps) => {
        const input: DocumentInput = { currency: 'EUR', priceMode: 'TAX_EXCLUSIVE', lines: bps.map((bp) => ({ quantity: 1, unitPrice: 1000, tax: { rate: formatScaled(bp, 2) } })) };
        if (bps.length <= MAX_TAX_RATES) expect(computeDocument(input).breakdown).toHaveLength(bps.length);
        else expect(() => computeDocument(input)).toThrow(expect.objectContaining({ code: 'too_many_tax_rates' }));
      }),
    );
  });
});
