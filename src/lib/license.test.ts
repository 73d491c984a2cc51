import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import {
  BETA_BADGE_DAYS,
  LICENSE_STATUS_BETA_TESTER,
  isLicenseActive,
  licenseDaysLeft,
  licenseExpiry,
  showBetaBadge,
} from './license.ts';

const until = { year: 2025, month: 6, day: 30, hours: 12, minutes: 0, seconds: 0 };
const tenant = { licenseStatus: 'LICENSE_STATUS_ACTIVE', licenseActiveUntil: until };
const beta = { licenseStatus: LICENSE_STATUS_BETA_TESTER, licenseActiveUntil: until };
const at = (iso: string) => Temporal.Instant.from(iso);

describe('isLicenseActive', () => {
  it('is active before the end, read as UTC', () => {
    expect(isLicenseActive(tenant, at('2025-06-30T11:59:59Z'))).toBe(true);
    expect(isLicenseActive(tenant, at('2025-06-30T13:59:59+02:00'))).toBe(true);
  });

  it('is not active at or after the end', () => {
    expect(isLicenseActive(tenant, at('2025-06-30T12:00:00Z'))).toBe(false);
    expect(isLicenseActive(tenant, at('2025-07-01T00:00:00Z'))).toBe(false);
  });

  it('is not active without tenant or date', () => {
    const now = at('2020-01-01T00:00:00Z');
    expect(isLicenseActive(null, now)).toBe(false);
    expect(isLicenseActive(undefined, now)).toBe(false);
    expect(isLicenseActive({}, now)).toBe(false);
    expect(isLicenseActive({ licenseActiveUntil: null }, now)).toBe(false);
  });

  it('treats an impossible date as no date', () => {
    const broken = { licenseActiveUntil: { ...until, month: 13 } };
    expect(licenseExpiry(broken)).toBeNull();
    expect(isLicenseActive(broken, at('2020-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('licenseDaysLeft', () => {
  it('counts started days as whole days', () => {
    expect(licenseDaysLeft(tenant, at('2025-06-20T12:00:00Z'))).toBe(10);
    expect(licenseDaysLeft(tenant, at('2025-06-20T13:00:00Z'))).toBe(10);
    expect(licenseDaysLeft(tenant, at('2025-06-20T11:00:00Z'))).toBe(11);
    expect(licenseDaysLeft(tenant, at('2025-06-30T11:00:00Z'))).toBe(1);
  });

  it('is 0 once expired and null without a date', () => {
    expect(licenseDaysLeft(tenant, at('2025-06-30T12:00:00Z'))).toBe(0);
    expect(licenseDaysLeft(tenant, at('2026-01-01T00:00:00Z'))).toBe(0);
    expect(licenseDaysLeft(null, at('2026-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('showBetaBadge', () => {
  it('shows for a beta tester with 21 days or fewer left', () => {
    expect(BETA_BADGE_DAYS).toBe(21);
    expect(showBetaBadge(beta, at('2025-06-09T12:00:00Z'))).toBe(true); // exactly 21 days
    expect(showBetaBadge(beta, at('2025-06-29T00:00:00Z'))).toBe(true);
  });

  it('hides with more than 21 days left', () => {
    expect(showBetaBadge(beta, at('2025-06-09T11:59:00Z'))).toBe(false);
    expect(showBetaBadge(beta, at('2025-05-01T00:00:00Z'))).toBe(false);
  });

  it('hides for other licence statuses and missing data', () => {
    expect(showBetaBadge(tenant, at('2025-06-29T00:00:00Z'))).toBe(false);
    expect(showBetaBadge({ licenseStatus: LICENSE_STATUS_BETA_TESTER }, at('2025-06-29T00:00:00Z'))).toBe(false);
    expect(showBetaBadge(null, at('2025-06-29T00:00:00Z'))).toBe(false);
  });
});
