import { describe, expect, it } from 'vitest';
import { hasTwoDecimalsAtMost } from './percent.ts';

describe('hasTwoDecimalsAtMost', () => {
  it('takes whole and two-decimal percentages, refuses a third decimal or a number that is not decimal text', () => {
    for (const ok of [0, 21, 10.5, 1.25, 99.99, 100]) expect(hasTwoDecimalsAtMost(ok), String(ok)).toBe(true);
    for (const refused of [10.125, 0.001, 1e-7, 33.333333]) expect(hasTwoDecimalsAtMost(refused), String(refused)).toBe(false);
  });
});
