import { describe, expect, it } from 'vitest';
import { hasThreeDecimalsAtMost } from './percent.ts';

describe('hasThreeDecimalsAtMost', () => {
  it('takes whole, two- and three-decimal percentages (8.875), refuses a fourth decimal or a number that is not decimal text', () => {
    for (const ok of [0, 21, 10.5, 1.25, 99.99, 8.875, 10.125, 0.001, 100]) expect(hasThreeDecimalsAtMost(ok), String(ok)).toBe(true);
    for (const refused of [8.8755, 0.0001, 1e-7, 33.333333]) expect(hasThreeDecimalsAtMost(refused), String(refused)).toBe(false);
  });
});
