import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../problem.ts';
import { refundDocument, saleDocument, type SoldLine } from '../sales/rules.ts';
import { aeatQrUrl, checkIssuable, computeInvoice, creditOfInvoice, creditOfRefund, displayNumber, fiscalHash, fiscalHashInput, firstBrokenLink, invoiceFromSale, offsetDateTime, paymentStatus, type FiscalFields } from './rules.ts';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const line = fc.record({
  description: fc.constant('x'),
  quantity: fc.integer({ min: -50_000, max: 50_000 }).filter((q) => q !== 0).map((q) => Number((q / 1000).toFixed(3))),
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }).map(eur),
  taxPercentage: fc.constantFrom(0, 4, 10, 21, 7.5),
  discountPercentage: fc.constantFrom(0, 5, 12.5, 100),
});

describe('invoice arithmetic (computeDocument through computeInvoice)', () => {
  it('Σ line bases + line taxes = subtotal + tax = Σ breakdown, and total = that − withholding, for any lines', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.boolean(), fc.constantFrom(0, 7, 15), (lines, inclusive, irpf) => {
        const doc = computeInvoice(lines, { currency: 'EUR', pricesIncludeTax: inclusive, withholdingPercentage: irpf });
        const byLines = doc.lines.reduce((s, l) => s + l.base + l.tax, 0);
        const byBreakdown = doc.breakdown.reduce((s, b) => s + b.base + b.tax, 0);
        expect(byLines).toBe(doc.totals.subtotal + doc.totals.tax);
        expect(byBreakdown).toBe(byLines);
        expect(doc.totals.total).toBe(byLines - doc.totals.withholding);
        expect(doc.breakdown.length).toBeLessThanOrEqual(12);
      }),
      { numRuns: 300 },
    );
  });

  it('a full credit by differences mirrors its invoice exactly', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const doc = computeInvoice(lines, { currency: 'EUR', pricesIncludeTax: false, withholdingPercentage: 0 });
        const credit = computeInvoice(lines.map((l) => ({ ...l, quantity: -l.quantity })), { currency: 'EUR', pricesIncludeTax: false, withholdingPercentage: 0 });
        expect(credit.totals.total + doc.totals.total).toBe(0);
        expect(credit.totals.tax + doc.totals.tax).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('2 × €10 with tax included is €20.00 exactly (the sale and its invoice agree)', () => {
    const doc = computeInvoice([{ description: 'x', quantity: 2, unitPrice: eur(1000), taxPercentage: 21 }], { currency: 'EUR', pricesIncludeTax: true, withholdingPercentage: 0 });
    expect(doc.totals).toMatchObject({ subtotal: 1653, tax: 347, total: 2000 });
  });

  it('refuses an exempt line with a rate, a zero quantity and another currency, naming the field', () => {
    const refuse = (l: object) => {
      try {
        computeInvoice([{ description: 'x', quantity: 1, unitPrice: eur(100), taxPercentage: 21, ...l }], { currency: 'EUR', pricesIncludeTax: false, withholdingPercentage: 0 });
      } catch (error) {
        return (error as HttpProblem).errors?.map((e) => [e.field, e.code]);
      }
      return undefined;
    };
    expect(refuse({ exemption: { code: 'E1', reason: 'art. 20' } })).toEqual([['invoice.lines[0].taxPercentage', 'invalid_exemption']]);
    expect(refuse({ quantity: 0 })).toEqual([['invoice.lines[0].quantity', 'out_of_range']]);
    expect(refuse({ unitPrice: { amount: 100, currency: 'USD' } })).toEqual([['invoice.lines[0].unitPrice.currency', 'currency_mismatch']]);
  });
});

describe('issuing rules', () => {
  const issuer = { legalName: 'Ana Martín Ruiz', taxId: '50123456Q', address: { line1: 'Mayor 12', city: 'Madrid', postalCode: '28013', country: 'ES' } };
  const customer = { name: 'Lucía SL', taxId: 'B12345674', address: { line1: 'Alcalá 1', city: 'Madrid', postalCode: '28009' } };
  const base = { kind: 'INVOICE_KIND_STANDARD' as const, country: 'ES', issuer, customer, total: 100, simplifiedLimit: 40_000 };
  it('needs both parties on a full invoice; a US business no tax id', () => {
    expect(() => checkIssuable(base)).not.toThrow();
    expect(() => checkIssuable({ ...base, customer: { name: 'Lucía' } })).toThrow(/legal name, tax id and address/);
    expect(() => checkIssuable({ ...base, country: 'US', issuer: { ...issuer, taxId: undefined }, customer: { ...customer, taxId: undefined } })).not.toThrow();
  });
  it('caps simplified invoices at the limit, inclusive', () => {
    expect(() => checkIssuable({ ...base, kind: 'INVOICE_KIND_SIMPLIFIED', customer: {}, total: 40_000 })).not.toThrow();
    expect(() => checkIssuable({ ...base, kind: 'INVOICE_KIND_SIMPLIFIED', customer: {}, total: 40_001 })).toThrow(HttpProblem);
  });
  it('prints numbers with their series, zero-padded', () => {
    expect(displayNumber('A', 42)).toBe('A-000042');
    expect(displayNumber('2026-R', 1234567)).toBe('2026-R-1234567');
  });
  it('derives the payment status from what was collected', () => {
    expect([paymentStatus(0, 100), paymentStatus(40, 100), paymentStatus(100, 100)]).toEqual([
      'INVOICE_PAYMENT_STATUS_UNPAID',
      'INVOICE_PAYMENT_STATUS_PARTIALLY_PAID',
      'INVOICE_PAYMENT_STATUS_PAID',
    ]);
  });
});

describe('VERI*FACTU record', () => {
  const alta: FiscalFields = {
    recordType: 'ALTA',
    issuerTaxId: '89890001K',
    numSerie: '12345678/G33',
    issueDate: '2024-01-01',
    invoiceType: 'F1',
    totalTax: 1235,
    total: 12345,
    currency: 'EUR',
    previousHash: null,
    generatedAt: '2024-01-01T19:20:30+01:00',
  };
  it("hashes the regulation's fields in its order (the AEAT's worked example of a first record)", () => {
    expect(fiscalHashInput(alta)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(fiscalHash(alta)).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
  });
  it('verifies a chain and finds the first record changed', () => {
    const chain: (FiscalFields & { hash: string })[] = [];
    let previous: string | null = null;
    for (let i = 1; i <= 5; i++) {
      const record = { ...alta, numSerie: `A-${i}`, total: i * 100, previousHash: previous };
      const hash = fiscalHash(record);
      chain.push({ ...record, hash });
      previous = hash;
    }
    expect(firstBrokenLink(chain)).toBeNull();
    chain[2] = { ...chain[2]!, total: 1 };
    expect(firstBrokenLink(chain)).toBe(2);
  });
  it('builds the AEAT validation address and the record time with its offset', () => {
    expect(aeatQrUrl({ issuerTaxId: '89890001K', numSerie: '12345678&G33', issueDate: '2024-01-01', total: 24199, currency: 'EUR' })).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.99',
    );
    expect(offsetDateTime(new Date('2024-01-01T18:20:30Z'), 'Europe/Madrid')).toBe('2024-01-01T19:20:30+01:00');
    expect(offsetDateTime(new Date('2024-07-01T18:20:30Z'), 'Europe/Madrid')).toBe('2024-07-01T20:20:30+02:00');
  });
});

describe('the invoice of a sale (invoiceFromSale)', () => {
  const saleLine = fc.record({
    kind: fc.constantFrom('SALE_LINE_KIND_SERVICE', 'SALE_LINE_KIND_PRODUCT'),
    itemId: fc.constant(null),
    name: fc.constant('x'),
    quantity: fc.integer({ min: 1, max: 50_000 }).map((q) => (q / 1000).toFixed(3)),
    unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
    taxPercentage: fc.constantFrom(0, 4, 10, 21),
    discountPercentage: fc.constantFrom(0, 5, 12.5, 100),
  });
  const discount = fc.option(fc.oneof(fc.record({ percentage: fc.constantFrom(5, 10, 33) }), fc.record({ amount: fc.integer({ min: 0, max: 100 }) })), { nil: undefined });

  it('has the sale\'s totals and breakdown for any lines and discount (one document function computes both)', () => {
    fc.assert(
      fc.property(fc.array(saleLine, { minLength: 1, maxLength: 20 }), discount, (lines, whole) => {
        let sale;
        try {
          sale = saleDocument('EUR', lines, whole, true);
        } catch {
          fc.pre(false); // a discount larger than the sale: no sale, so no invoice
          return;
        }
        const { lines: invoiceLines, computed } = invoiceFromSale({ currency: 'EUR', lines, discount: whole, pricesIncludeTax: true });
        expect(computed.totals).toEqual(sale.totals);
        expect(computed.breakdown).toEqual(sale.breakdown);
        expect(invoiceLines).toHaveLength(lines.length);
        // Its lines read back with prices with tax compute the same document when there is no discount on the whole.
        if (!whole) expect(computeInvoice(invoiceLines, { currency: 'EUR', pricesIncludeTax: true, withholdingPercentage: 0 }).totals.total).toBe(sale.totals.total);
      }),
    );
  });

  it('the credit of a whole invoice of a sale is that invoice negated, discount on the whole included (creditOfInvoice)', () => {
    const negated = (doc: ReturnType<typeof saleDocument>) => ({
      totals: Object.fromEntries(Object.entries(doc.totals).map(([k, v]) => [k, v === 0 ? 0 : -v])),
      breakdown: doc.breakdown.map((b) => ({ ...b, base: b.base === 0 ? 0 : -b.base, tax: b.tax === 0 ? 0 : -b.tax })),
    });
    const zeroless = (doc: ReturnType<typeof saleDocument>) => ({
      totals: Object.fromEntries(Object.entries(doc.totals).map(([k, v]) => [k, v === 0 ? 0 : v])),
      breakdown: doc.breakdown.map((b) => ({ ...b, base: b.base === 0 ? 0 : b.base, tax: b.tax === 0 ? 0 : b.tax })),
    });
    fc.assert(
      fc.property(fc.array(saleLine, { minLength: 1, maxLength: 20 }), discount, (lines, whole) => {
        let sale;
        try {
          sale = saleDocument('EUR', lines, whole, true);
        } catch {
          fc.pre(false);
          return;
        }
        const invoice = invoiceFromSale({ currency: 'EUR', lines, discount: whole, pricesIncludeTax: true });
        const credit = creditOfInvoice(invoice.lines, invoice.computed);
        expect(zeroless(credit.computed)).toEqual(negated(sale));
        expect(credit.lines.map((l) => l.quantity)).toEqual(invoice.lines.map((l) => -l.quantity));
      }),
    );
  });

  it('the credit of a whole manual invoice keeps its price mode and withholding', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), fc.boolean(), fc.constantFrom(0, 7, 15), (lines, inclusive, irpf) => {
        const doc = computeInvoice(lines, { currency: 'EUR', pricesIncludeTax: inclusive, withholdingPercentage: irpf });
        const { computed } = creditOfInvoice(lines, doc);
        expect(computed.priceMode).toBe(doc.priceMode);
        expect(computed.totals.total + doc.totals.total).toBe(0);
        expect(computed.totals.withholding + doc.totals.withholding).toBe(0);
        expect(computed.breakdown.map((b) => b.base + b.tax)).toEqual(doc.breakdown.map((b) => 0 - (b.base + b.tax)));
      }),
      { numRuns: 200 },
    );
  });

  it('the credit of the refund that closes a rate is that refund to the cent: $1.08 after $1.07 on a $2.15 sale (7.25 % on top)', () => {
    const sold: SoldLine[] = [
      { position: 0, quantity: 1, unitPrice: 100, taxPercentage: 7.25, amount: 100, discount: 0, tax: 8 },
      { position: 1, quantity: 1, unitPrice: 100, taxPercentage: 7.25, amount: 100, discount: 0, tax: 7 },
    ];
    // The second refund, after the first took $1.00 + $0.07: the $0.08 of tax left.
    const refund = refundDocument('USD', sold, new Map([[0, { quantity: 1000n, amount: 100, discount: 0, tax: 7 }]]), [{ position: 1, quantity: 1 }], false).document;
    expect(refund.totals).toMatchObject({ subtotal: -100, tax: -8, total: -108 });
    // The refund sale's stored lines and breakdown, as rectifyRefundedSale reads them.
    const stored = [{ kind: 'SALE_LINE_KIND_SERVICE', itemId: null, name: 'Cut', quantity: '-1.000', unitPrice: 100, taxPercentage: '7.250', discountPercentage: '0.000', discount: '0' }];
    const credit = creditOfRefund('USD', stored, false, [{ taxPercentage: 7.25, tax: -8 }]);
    expect(credit.computed.totals).toMatchObject({ subtotal: -100, tax: -8, total: -108 });
    expect(credit.computed.breakdown.map((b) => [b.taxPercentage, b.base, b.tax])).toEqual([[7.25, -100, -8]]);
    expect(credit.lines[0]).toMatchObject({ quantity: -1, unitPrice: { amount: 100, currency: 'USD' }, taxPercentage: 7.25 });
  });

  it('2 × €10 at 21 % with tax is a €20.00 sale and a €20.00 invoice', () => {
    const { computed } = invoiceFromSale({
      currency: 'EUR',
      pricesIncludeTax: true,
      lines: [{ kind: 'SALE_LINE_KIND_SERVICE', itemId: null, name: 'Corte', quantity: '2.000', unitPrice: 1000, taxPercentage: '21.00', discountPercentage: '0.00' }],
    });
    expect(computed.totals.total).toBe(2000);
    expect(computed.totals.tax).toBe(347);
  });
});
