import { describe, expect, it } from 'vitest';
import { computeDocument, parsePercentage, type DocumentInput, type DocumentLineInput } from './document.ts';
import { MoneyError } from './errors.ts';

// Examples a Spanish accountant checks by hand. Every expected figure is written out, never computed.

const eur = (priceMode: DocumentInput['priceMode'], lines: DocumentLineInput[], extra: Partial<DocumentInput> = {}): DocumentInput => ({
  currency: 'EUR',
  priceMode,
  lines,
  ...extra,
});

function refusal(input: DocumentInput): { code: string; path: readonly (string | number)[] } {
  try {
    computeDocument(input);
  } catch (error) {
    if (error instanceof MoneyError) return { code: error.code, path: error.path };
    throw error;
  }
  throw new Error('the document was not refused');
}

describe('computeDocument: literal examples', () => {
  it('2 × €10.00 at 21 %, tax included: total €20.00, base €16.53, IVA €3.47', () => {
    const doc = computeDocument(eur('TAX_INCLUSIVE', [{ quantity: 2, unitPrice: 1000, tax: { rate: 21 } }]));
    expect(doc.totals).toEqual({ subtotal: 1653, discount: 0, tax: 347, totalBeforeWithholding: 2000, withholding: 0, total: 2000 });
    expect(doc.breakdown).toEqual([{ rateMilliPercent: 21000, taxPercentage: 21, exemption: null, base: 1653, tax: 347 }]);
    expect(doc.lines).toEqual([
      { quantity: 2, quantityThousandths: 2000, unitPrice: 1000, rateMilliPercent: 21000, taxPercentage: 21, exemption: null, amount: 2000, discount: 0, base: 1653, tax: 347, total: 2000 },
    ]);
  });

  it('2 × €10.00 at 21 %, tax added: base €20.00, IVA €4.20, total €24.20', () => {
    const doc = computeDocument(eur('TAX_EXCLUSIVE', [{ quantity: 2, unitPrice: 1000, tax: { rate: 21 } }]));
    expect(doc.totals).toEqual({ subtotal: 2000, discount: 0, tax: 420, totalBeforeWithholding: 2420, withholding: 0, total: 2420 });
    expect(doc.breakdown).toEqual([{ rateMilliPercent: 21000, taxPercentage: 21, exemption: null, base: 2000, tax: 420 }]);
  });

  it('two €10.00 lines at 21 % tax included round the tax once for the rate: €20.00, not €19.99', () => {
    const doc = computeDocument(
      eur('TAX_INCLUSIVE', [
        { quantity: 1, unitPrice: 1000, tax: { rate: 21 } },
        { quantity: 1, unitPrice: 1000, tax: { rate: 21 } },
      ]),
    );
    expect(doc.breakdown).toEqual([{ rateMilliPercent: 21000, taxPercentage: 21, exemption: null, base: 1653, tax: 347 }]);
    // 347 shared 173.5 / 173.5: the first line takes the odd cent.
    expect(doc.lines.map((l) => [l.base, l.tax, l.total])).toEqual([
      [826, 174, 1000],
      [827, 173, 1000],
    ]);
    expect(doc.totals.total).toBe(2000);
  });

  it('a haircut at 21 %, a book at 4 % and an exempt medical service (E1) in one ticket', () => {
    const doc = computeDocument(
      eur('TAX_INCLUSIVE', [
        { quantity: 1, unitPrice: 5000, tax: { exemption: 'E1' } },
        { quantity: 1, unitPrice: 1000, tax: { rate: 4 } },
        { quantity: 1, unitPrice: 3000, tax: { rate: 21 } },
      ]),
    );
    expect(doc.breakdown).toEqual([
      { rateMilliPercent: 21000, taxPercentage: 21, exemption: null, base: 2479, tax: 521 },
      { rateMilliPercent: 4000, taxPercentage: 4, exemption: null, base: 962, tax: 38 },
      { rateMilliPercent: 0, taxPercentage: 0, exemption: 'E1', base: 5000, tax: 0 },
    ]);
    expect(doc.totals).toEqual({ subtotal: 8441, discount: 0, tax: 559, totalBeforeWithholding: 9000, withholding: 0, total: 9000 });
  });

  it('10 % off a €49.90 product, tax included: €44.91, base €37.12, IVA €7.79', () => {
    const doc = computeDocument(eur('TAX_INCLUSIVE', [{ quantity: 1, unitPrice: 4990, tax: { rate: 21 }, discount: { percentage: 10 } }]));
    expect(doc.lines[0]).toMatchObject({ amount: 4990, discount: 499, base: 3712, tax: 779, total: 4491 });
    expect(doc.totals).toEqual({ subtotal: 3712, discount: 499, tax: 779, totalBeforeWithholding: 4491, withholding: 0, total: 4491 });
  });

  it('€5.00 off the whole document is shared in proportion to the lines (€3.75 and €1.25)', () => {
    const doc = computeDocument(
      eur('TAX_EXCLUSIVE', [
        { quantity: 1, unitPrice: 3000, tax: { rate: 21 } },
        { quantity: 1, unitPrice: 1000, tax: { rate: 21 } },
      ], { discount: { amount: 500 } }),
    );
    expect(doc.lines.map((l) => [l.discount, l.base, l.tax, l.total])).toEqual([
      [375, 2625, 551, 3176],
      [125, 875, 184, 1059],
    ]);
    expect(doc.totals).toEqual({ subtotal: 3500, discount: 500, tax: 735, totalBeforeWithholding: 4235, withholding: 0, total: 4235 });
  });

  it('a professional’s invoice with IRPF: €1,000.00 + 21 % IVA − 15 % IRPF = €1,060.00 (7 %: €1,140.00)', () => {
    const line: DocumentLineInput = { quantity: 1, unitPrice: 100000, tax: { rate: 21 } };
    const doc = computeDocument(eur('TAX_EXCLUSIVE', [line], { withholding: { rate: 15 } }));
    expect(doc.totals).toEqual({ subtotal: 100000, discount: 0, tax: 21000, totalBeforeWithholding: 121000, withholding: 15000, total: 106000 });
    expect(doc.withholding).toEqual({ rateMilliPercent: 15000, percentage: 15, amount: 15000 });
    expect(computeDocument(eur('TAX_EXCLUSIVE', [line], { withholding: { rate: '7' } })).totals.total).toBe(114000);
  });

  it('rounds half up, away from zero, so a refund mirrors its sale: €0.50 + 21 % is €0.61', () => {
    expect(computeDocument(eur('TAX_EXCLUSIVE', [{ quantity: 1, unitPrice: 50, tax: { rate: 21 } }])).totals).toMatchObject({ tax: 11, total: 61 });
    expect(computeDocument(eur('TAX_EXCLUSIVE', [{ quantity: -1, unitPrice: 50, tax: { rate: 21 } }])).totals).toMatchObject({ tax: -11, total: -61 });
  });

  it('1.5 hours at €33.33 is €50.00 (49.995 rounded once), + 21 % = €60.50', () => {
    const doc = computeDocument(eur('TAX_EXCLUSIVE', [{ quantity: '1.5', unitPrice: 3333, tax: { rate: '21.00' } }]));
    expect(doc.lines[0]).toMatchObject({ quantity: 1.5, quantityThousandths: 1500, amount: 5000, base: 5000, tax: 1050, total: 6050 });
  });

  it('yen have no decimals: 3 × ¥1,100 with 10 % included is ¥3,000 + ¥300; ¥999 + 10 % is ¥1,099', () => {
    const included = computeDocument({ currency: 'JPY', priceMode: 'TAX_INCLUSIVE', lines: [{ quantity: 3, unitPrice: 1100, tax: { rate: 10 } }] });
    expect(included.totals).toMatchObject({ subtotal: 3000, tax: 300, total: 3300 });
    const added = computeDocument({ currency: 'JPY', priceMode: 'TAX_EXCLUSIVE', lines: [{ quantity: 1, unitPrice: 999, tax: { rate: 10 } }] });
    expect(added.totals).toMatchObject({ subtotal: 999, tax: 100, total: 1099 });
    const reduced = computeDocument({ currency: 'JPY', priceMode: 'TAX_INCLUSIVE', lines: [{ quantity: 1, unitPrice: 1080, tax: { rate: 8 } }] });
    expect(reduced.breakdown).toEqual([{ rateMilliPercent: 8000, taxPercentage: 8, exemption: null, base: 1000, tax: 80 }]);
  });

  it('three-decimal currencies: 2 × 1.250 BHD + 10 % = 2.750 BHD; 1.999 BHD with 10 % included has 0.182 of VAT', () => {
    const added = computeDocument({ currency: 'BHD', priceMode: 'TAX_EXCLUSIVE', lines: [{ quantity: 2, unitPrice: 1250, tax: { rate: 10 } }] });
    expect(added.totals).toMatchObject({ subtotal: 2500, tax: 250, total: 2750 });
    const included = computeDocument({ currency: 'BHD', priceMode: 'TAX_INCLUSIVE', lines: [{ quantity: 1, unitPrice: 1999, tax: { rate: 10 } }] });
    expect(included.totals).toMatchObject({ subtotal: 1817, tax: 182, total: 1999 });
    const kuwait = computeDocument({ currency: 'KWD', priceMode: 'TAX_EXCLUSIVE', lines: [{ quantity: 1, unitPrice: 12345, tax: { rate: 0 } }] });
    expect(kuwait.totals).toMatchObject({ subtotal: 12345, tax: 0, total: 12345 });
  });

  it('an empty document is all zeros', () => {
    expect(computeDocument(eur('TAX_INCLUSIVE', [])).totals).toEqual({ subtotal: 0, discount: 0, tax: 0, totalBeforeWithholding: 0, withholding: 0, total: 0 });
  });
});

describe('computeDocument: refusals, each with its code and the input field', () => {
  const line = (extra: Partial<DocumentLineInput> = {}): DocumentLineInput => ({ quantity: 1, unitPrice: 1000, tax: { rate: 21 }, ...extra });

  it('at most 12 tax rates (VERI*FACTU)', () => {
    const rates = (n: number) => Array.from({ length: n }, (_, i) => line({ tax: { rate: i + 1 } }));
    expect(computeDocument(eur('TAX_EXCLUSIVE', rates(12))).breakdown).toHaveLength(12);
    expect(refusal(eur('TAX_EXCLUSIVE', rates(13)))).toEqual({ code: 'too_many_tax_rates', path: ['lines'] });
  });

  it('quantities with 3 decimals, percentages with 3, from 0 to 100', () => {
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ quantity: '1.2345' })]))).toEqual({ code: 'too_many_decimals', path: ['lines', 0, 'quantity'] });
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ quantity: 'one' })]))).toEqual({ code: 'not_a_number', path: ['lines', 0, 'quantity'] });
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ quantity: 1_000_000_001 })]))).toEqual({ code: 'out_of_range', path: ['lines', 0, 'quantity'] });
    expect(refusal(eur('TAX_EXCLUSIVE', [line(), line({ tax: { rate: 21.0005 } })]))).toEqual({ code: 'too_many_decimals', path: ['lines', 1, 'tax', 'rate'] });
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ tax: { rate: 101 } })]))).toEqual({ code: 'out_of_range', path: ['lines', 0, 'tax', 'rate'] });
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ discount: { percentage: -1 } })]))).toEqual({ code: 'out_of_range', path: ['lines', 0, 'discount', 'percentage'] });
    expect(refusal(eur('TAX_EXCLUSIVE', [line()], { withholding: { rate: '15.0001' } }))).toEqual({ code: 'too_many_decimals', path: ['withholding', 'rate'] });
  });

  it('every amount within 10^12 minor units: prices, lines and totals', () => {
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ unitPrice: 1_000_000_000_001 })]))).toEqual({ code: 'out_of_range', path: ['lines', 0, 'unitPrice'] });
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ unitPrice: 12.5 })]))).toEqual({ code: 'too_many_decimals', path: ['lines', 0, 'unitPrice'] });
    expect(refusal(eur('TAX_INCLUSIVE', [line({ quantity: 2, unitPrice: 600_000_000_000 })]))).toEqual({ code: 'out_of_range', path: ['lines', 0] });
    // Each line fits; their sum does not.
    const big = line({ unitPrice: 600_000_000_000, tax: { rate: 0 } });
    expect(refusal(eur('TAX_INCLUSIVE', [big, big]))).toEqual({ code: 'out_of_range', path: ['lines'] });
    // The tax on top of the largest amount does not fit either: that line's total is 1.21 × 10^12.
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ unitPrice: 1_000_000_000_000 })]))).toEqual({ code: 'out_of_range', path: ['lines', 0] });
    expect(computeDocument(eur('TAX_INCLUSIVE', [line({ unitPrice: 1_000_000_000_000 })])).totals.total).toBe(1_000_000_000_000);
  });

  it('a discount no larger than what it discounts, and of its sign', () => {
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ discount: { amount: 1001 } })]))).toEqual({ code: 'out_of_range', path: ['lines', 0, 'discount', 'amount'] });
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ discount: { amount: -1 } })]))).toEqual({ code: 'out_of_range', path: ['lines', 0, 'discount', 'amount'] });
    expect(refusal(eur('TAX_EXCLUSIVE', [line(), line()], { discount: { amount: 2001 } }))).toEqual({ code: 'out_of_range', path: ['discount', 'amount'] });
    expect(refusal(eur('TAX_EXCLUSIVE', [line(), line({ quantity: -1 })], { discount: { percentage: 10 } }))).toEqual({ code: 'mixed_signs', path: ['discount'] });
  });

  it('an exemption cause E1…E6, and no rate with it', () => {
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ tax: { exemption: 'E9' as 'E1' } })]))).toEqual({ code: 'invalid_exemption', path: ['lines', 0, 'tax', 'exemption'] });
    expect(refusal(eur('TAX_EXCLUSIVE', [line({ tax: { exemption: 'E1', rate: 21 } as never })]))).toEqual({ code: 'invalid_exemption', path: ['lines', 0, 'tax', 'rate'] });
  });

  it('percentages alone: 0 to 100 with 3 decimals, in thousandths of a percent', () => {
    expect(parsePercentage(21)).toEqual({ ok: true, value: 21000 });
    expect(parsePercentage('10.5')).toEqual({ ok: true, value: 10500 });
    expect(parsePercentage(0.07)).toEqual({ ok: true, value: 70 });
    expect(parsePercentage(8.875)).toEqual({ ok: true, value: 8875 });
    expect(parsePercentage('8.875')).toEqual({ ok: true, value: 8875 });
    expect(parsePercentage(21.005)).toEqual({ ok: true, value: 21005 });
    expect(parsePercentage(8.8755)).toEqual({ ok: false, code: 'too_many_decimals' });
    expect(parsePercentage('8.8750')).toEqual({ ok: true, value: 8875 });
    expect(parsePercentage(100.001)).toEqual({ ok: false, code: 'out_of_range' });
    expect(parsePercentage(-1)).toEqual({ ok: false, code: 'out_of_range' });
    expect(parsePercentage('x')).toEqual({ ok: false, code: 'not_a_number' });
  });

  it('a currency ISO 4217 lists', () => {
    expect(refusal({ currency: 'XYZ', priceMode: 'TAX_EXCLUSIVE', lines: [line()] })).toEqual({ code: 'unknown_currency', path: ['currency'] });
  });
});

// New York City's sales tax: 8.875 % (4 % state + 4.5 % city + 0.375 % MCTD), three decimals.
const usd = (priceMode: DocumentInput['priceMode'], lines: DocumentLineInput[], extra: Partial<DocumentInput> = {}): DocumentInput => ({ currency: 'USD', priceMode, lines, ...extra });

describe('computeDocument: a three-decimal rate (8.875 %)', () => {
  it('a $120.00 item, tax added: tax $10.65, total $130.65', () => {
    const doc = computeDocument(usd('TAX_EXCLUSIVE', [{ quantity: 1, unitPrice: 12000, tax: { rate: 8.875 } }]));
    expect(doc.breakdown).toEqual([{ rateMilliPercent: 8875, taxPercentage: 8.875, exemption: null, base: 12000, tax: 1065 }]);
    expect(doc.totals).toEqual({ subtotal: 12000, discount: 0, tax: 1065, totalBeforeWithholding: 13065, withholding: 0, total: 13065 });
  });

  it('the same rate given as text reads the same', () => {
    const doc = computeDocument(usd('TAX_EXCLUSIVE', [{ quantity: 1, unitPrice: 12000, tax: { rate: '8.875' } }]));
    expect(doc.totals.tax).toBe(1065);
    expect(doc.lines[0]!.taxPercentage).toBe(8.875);
  });

  it('a $120.00 price that includes the tax: base $110.22, tax $9.78', () => {
    // 120 / 1.08875 = 110.2181… → 110.22; tax = 120.00 − 110.22.
    const doc = computeDocument(usd('TAX_INCLUSIVE', [{ quantity: 1, unitPrice: 12000, tax: { rate: 8.875 } }]));
    expect(doc.breakdown).toEqual([{ rateMilliPercent: 8875, taxPercentage: 8.875, exemption: null, base: 11022, tax: 978 }]);
    expect(doc.totals.total).toBe(12000);
  });

  it('six $1.00 lines: the tax is rounded once on $6.00 ($0.5325 → $0.53), not per line (6 × $0.09 = $0.54)', () => {
    const doc = computeDocument(usd('TAX_EXCLUSIVE', Array.from({ length: 6 }, () => ({ quantity: 1, unitPrice: 100, tax: { rate: 8.875 } }))));
    expect(doc.breakdown).toEqual([{ rateMilliPercent: 8875, taxPercentage: 8.875, exemption: null, base: 600, tax: 53 }]);
    // Each line's exact share is 8.875 cents: 8 each, and the 5 cents left go to the earlier lines.
    expect(doc.lines.map((l) => l.tax)).toEqual([9, 9, 9, 9, 9, 8]);
    expect(doc.totals).toEqual({ subtotal: 600, discount: 0, tax: 53, totalBeforeWithholding: 653, withholding: 0, total: 653 });
  });

  it('several lines at 8.875 % and one exempt: $59.97 + $4.50 + $0.99 taxed ($5.80957… → $5.81), a $200.00 exempt visit', () => {
    const doc = computeDocument(
      usd('TAX_EXCLUSIVE', [
        { quantity: 3, unitPrice: 1999, tax: { rate: 8.875 } },
        { quantity: 1, unitPrice: 450, tax: { rate: '8.875' } },
        { quantity: 1, unitPrice: 99, tax: { rate: 8.875 } },
        { quantity: 1, unitPrice: 20000, tax: { exemption: 'E1' } },
      ]),
    );
    expect(doc.breakdown).toEqual([
      { rateMilliPercent: 8875, taxPercentage: 8.875, exemption: null, base: 6546, tax: 581 },
      { rateMilliPercent: 0, taxPercentage: 0, exemption: 'E1', base: 20000, tax: 0 },
    ]);
    // Shares of 581 by 5997 : 450 : 99 = 532.27…, 39.94…, 8.78… → 532, 40, 9.
    expect(doc.lines.map((l) => l.tax)).toEqual([532, 40, 9, 0]);
    expect(doc.totals).toEqual({ subtotal: 26546, discount: 0, tax: 581, totalBeforeWithholding: 27127, withholding: 0, total: 27127 });
  });

  it('a half cent rounds up, and a refund mirrors it: $4.00 → $0.355 → $0.36', () => {
    const sale = computeDocument(usd('TAX_EXCLUSIVE', [{ quantity: 4, unitPrice: 100, tax: { rate: 8.875 } }]));
    expect(sale.totals.tax).toBe(36);
    const refund = computeDocument(usd('TAX_EXCLUSIVE', [{ quantity: -4, unitPrice: 100, tax: { rate: 8.875 } }]));
    expect(refund.totals.tax).toBe(-36);
  });

  it('a tax given for a rate replaces its rounding: its lines share it, the base follows (a refund closing a rate)', () => {
    // Two −$1.00 lines at 7.25 % on top would round to −$0.15; given −$0.08, the base stays −$2.00.
    const onTop = computeDocument(usd('TAX_EXCLUSIVE', [{ quantity: -1, unitPrice: 100, tax: { rate: 7.25 } }, { quantity: -1, unitPrice: 100, tax: { rate: 7.25 } }], { givenTax: [{ rate: '7.250', tax: -8 }] }));
    expect(onTop.breakdown).toEqual([{ rateMilliPercent: 7250, taxPercentage: 7.25, exemption: null, base: -200, tax: -8 }]);
    expect(onTop.lines.map((l) => [l.base, l.tax, l.total])).toEqual([[-100, -4, -104], [-100, -4, -104]]);
    expect(onTop.totals).toMatchObject({ subtotal: -200, tax: -8, total: -208 });
    // Tax included: −€1.00 at 21 % rounds to 0.83 + 0.17; given −0.18, the base is what is left, 0.82.
    const included = computeDocument(eur('TAX_INCLUSIVE', [{ quantity: -1, unitPrice: 100, tax: { rate: 21 } }, { quantity: 1, unitPrice: 500, tax: { rate: 10 } }], { givenTax: [{ rate: 21, tax: -18 }] }));
    expect(included.breakdown.map((b) => [b.taxPercentage, b.base, b.tax])).toEqual([[21, -82, -18], [10, 455, 45]]);
    expect(included.totals.total).toBe(400);
    // Free lines closing a rate share the given tax equally; a rate the lines lack is a mistake.
    expect(computeDocument(usd('TAX_EXCLUSIVE', [{ quantity: -1, unitPrice: 0, tax: { rate: 5 } }, { quantity: -1, unitPrice: 0, tax: { rate: 5 } }], { givenTax: [{ rate: 5, tax: -1 }] })).lines.map((l) => l.total)).toEqual([-1, 0]);
    expect(() => computeDocument(usd('TAX_EXCLUSIVE', [{ quantity: 1, unitPrice: 100, tax: { rate: 5 } }], { givenTax: [{ rate: 21, tax: 1 }] }))).toThrow(RangeError);
  });

  it('a fourth decimal is refused', () => {
    expect(refusal(usd('TAX_EXCLUSIVE', [{ quantity: 1, unitPrice: 100, tax: { rate: '8.8751' } }]))).toEqual({ code: 'too_many_decimals', path: ['lines', 0, 'tax', 'rate'] });
  });
});
