import { describe, expect, it } from 'vitest';
import { previewOf, type DraftLine } from './charge';

// The till's preview is what the server will charge (issue 17): in a US business the sales tax is
// added on top of the prices, in a Spanish one it is inside them.

const haircut = (unitPrice: number, taxPercentage: string): DraftLine => ({
  key: 'a',
  kind: 'SALE_LINE_KIND_SERVICE',
  name: 'Haircut',
  quantity: '1',
  unitPrice,
  taxPercentage,
  discountPercentage: '0',
});

describe('previewOf (the charge page totals)', () => {
  it('a US business (prices without tax): $120.00 at 8.875 % is charged $130.65, tax $10.65', () => {
    const preview = previewOf([haircut(12000, '8.875')], 'USD', '0', false);
    expect(preview?.totals).toMatchObject({ subtotal: 12000, tax: 1065, total: 13065 });
    expect(preview?.breakdown).toEqual([expect.objectContaining({ taxPercentage: 8.875, base: 12000, tax: 1065 })]);
  });

  it('a Spanish business (prices with tax): €120.00 at 21 % stays €120.00 with €20.83 of IVA inside', () => {
    const preview = previewOf([haircut(12000, '21')], 'EUR', '0');
    expect(preview?.totals).toMatchObject({ subtotal: 9917, tax: 2083, total: 12000 });
  });

  it('a discount on the whole comes off before the tax is added: 10 % off $120.00 → $108.00 + $9.59 = $117.59', () => {
    // 108.00 × 8.875 % = 9.585 → 9.59 (half up).
    const preview = previewOf([haircut(12000, '8,875')], 'USD', '10', false);
    expect(preview?.totals).toMatchObject({ subtotal: 10800, tax: 959, total: 11759 });
  });
});
