import { describe, expect, it } from 'vitest';
import { HOURS, MINUTES, timeOptions } from './time-options.ts';
import { parseTime } from './temporal.ts';

describe('time options', () => {
  it('offers hours 0-23', () => {
    expect(HOURS).toHaveLength(24);
    expect(HOURS[0]).toBe(0);
    expect(HOURS[23]).toBe(23);
  });

  it('offers minutes 0, 5 … 55', () => {
    expect(MINUTES).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
  });

  it('lists every hour and minute step as HH:mm, in order', () => {
    const options = timeOptions();
    expect(options).toHaveLength(24 * 12);
    expect(options[0]).toEqual({ value: '00:00', label: '00:00' });
    expect(options[1]).toEqual({ value: '00:05', label: '00:05' });
    expect(options[13]).toEqual({ value: '01:05', label: '01:05' });
    expect(options.at(-1)).toEqual({ value: '23:55', label: '23:55' });
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
  });

  it('produces values that parse back as times', () => {
    for (const option of timeOptions()) {
      expect(parseTime(option.value)?.minute ?? -1).toBeGreaterThanOrEqual(0);
    }
  });
});
