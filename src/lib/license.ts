import { Temporal } from 'temporal-polyfill';
import { instantFromUtcParts, type UtcParts } from './temporal.ts';

/** Licence rules of SPEC §4. */

export const LICENSE_STATUS_BETA_TESTER = 'LICENSE_STATUS_BETA_TESTER';
/** The beta badge shows when this many days or fewer remain. */
export const BETA_BADGE_DAYS = 21;

export interface LicensedTenant {
  licenseStatus?: string | null;
  licenseActiveUntil?: UtcParts | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The licence end as an Instant; null without tenant, without date or with an impossible date. */
export function licenseExpiry(tenant: LicensedTenant | null | undefined): Temporal.Instant | null {
  if (!tenant?.licenseActiveUntil) return null;
  try {
    return instantFromUtcParts(tenant.licenseActiveUntil);
  } catch {
    return null;
  }
}

/** Active while `now` is before licenseActiveUntil; no tenant or no date → not active. */
export function isLicenseActive(tenant: LicensedTenant | null | undefined, now: Temporal.Instant): boolean {
  const expiry = licenseExpiry(tenant);
  return expiry !== null && Temporal.Instant.compare(now, expiry) < 0;
}

/**
 * Days left, counting a started day as a whole one (1 hour left → 1); 0 once expired;
 * null without tenant or date.
 */
export function licenseDaysLeft(tenant: LicensedTenant | null | undefined, now: Temporal.Instant): number | null {
  const expiry = licenseExpiry(tenant);
  if (!expiry) return null;
  const remainingMs = expiry.epochMilliseconds - now.epochMilliseconds;
  return remainingMs > 0 ? Math.ceil(remainingMs / DAY_MS) : 0;
}

/** True for a beta-tester licence with 21 days or fewer remaining. */
export function showBetaBadge(tenant: LicensedTenant | null | undefined, now: Temporal.Instant): boolean {
  if (tenant?.licenseStatus !== LICENSE_STATUS_BETA_TESTER) return false;
  const daysLeft = licenseDaysLeft(tenant, now);
  return daysLeft !== null && daysLeft <= BETA_BADGE_DAYS;
}
