import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhoneDigits } from './phone.ts';

describe('normalizePhoneDigits', () => {
  it('strips everything but digits', () => {
    expect(normalizePhoneDigits('+34 (612) 345-678')).toBe('34612345678');
    expect(normalizePhoneDigits(undefined)).toBe('');
  });
});

describe('formatPhone', () => {
  it('groups the digits in threes after the dial code', () => {
    expect(formatPhone('+34', '612345678')).toBe('+34 612 345 678');
  });

  it('strips non-digits before grouping', () => {
    expect(formatPhone('+34', '612-34 56.78')).toBe('+34 612 345 678');
  });

  it('keeps a remainder of one or two digits at the end', () => {
    expect(formatPhone('+44', '7911123456')).toBe('+44 791 112 345 6');
    expect(formatPhone('+1', '20255501234')).toBe('+1 202 555 012 34');
  });

  it('adds the plus sign to a bare dial code', () => {
    expect(formatPhone('34', '612345678')).toBe('+34 612 345 678');
  });

  it('shows the grouped number alone when there is no dial code', () => {
    expect(formatPhone('', '612345678')).toBe('612 345 678');
    expect(formatPhone(undefined, '61')).toBe('61');
  });

  it('returns an empty string when there is no number', () => {
    expect(formatPhone('+34', '')).toBe('');
    expect(formatPhone('+34', ' - ')).toBe('');
    expect(formatPhone('+34', null)).toBe('');
  });
});
