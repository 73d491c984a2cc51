import { describe, expect, it } from 'vitest';
import { formatPlanPrice } from './plan-price.ts';

describe('formatPlanPrice', () => {
  it('writes the price the way each language does', () => {
    expect(formatPlanPrice({ amount: 1990, currency: 'EUR' }, 'en-US')).toBe('€19.90');
    expect(formatPlanPrice({ amount: 1990, currency: 'EUR' }, 'es-ES')).toBe('19,90 €');
    expect(formatPlanPrice({ amount: 399000, currency: 'EUR' }, 'es-ES')).toBe('3990,00 €');
  });

  it('uses the plan currency symbol', () => {
    expect(formatPlanPrice({ amount: 2500, currency: 'USD' }, 'en-US')).toBe('$25.00');
    expect(formatPlanPrice({ amount: 2500, currency: 'GBP' }, 'en-US')).toBe('£25.00');
  });
});
