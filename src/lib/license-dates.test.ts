import { describe, expect, it } from 'vitest';
import { licenseEndDate } from './license-dates.ts';

describe('licenseEndDate', () => {
  const tenant = { licenseActiveUntil: { year: 2025, month: 6, day: 30, hours: 23, minutes: 30, seconds: 0 } };

  it('is the UTC end seen from a time zone', () => {
    expect(licenseEndDate(tenant, 'UTC')?.toString()).toBe('2025-06-30');
    expect(licenseEndDate(tenant, 'Europe/Madrid')?.toString()).toBe('2025-07-01');
    expect(licenseEndDate(tenant, 'America/New_York')?.toString()).toBe('2025-06-30');
  });

  it('is null without a date', () => {
    expect(licenseEndDate(null)).toBeNull();
    expect(licenseEndDate({})).toBeNull();
  });
});
