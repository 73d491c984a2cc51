import { describe, expect, it } from 'vitest';
import { previousPeriod, rangeProblem } from './report-period';

describe('report periods', () => {
  it('refuses an inverted range and more than 366 days, accepts a leap year', () => {
    expect(rangeProblem('2026-03-10', '2026-03-09')).toBe('endBeforeStart');
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBe('rangeTooLong');
  });
  it('compares with the period of the same length right before', () => {
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousPeriod('2026-11-16', '2026-11-22')).toEqual({ from: '2026-11-09', to: '2026-11-15' });
  });
});
