import { Temporal } from 'temporal-polyfill';
import { licenseExpiry, type LicensedTenant } from './license.ts';

/** The calendar day a licence ends, in the given time zone (default: the browser's); null without a date. */
export function licenseEndDate(
  tenant: LicensedTenant | null | undefined,
  timeZone: string = Temporal.Now.timeZoneId(),
): Temporal.PlainDate | null {
  const expiry = licenseExpiry(tenant);
  return expiry ? expiry.toZonedDateTimeISO(timeZone).toPlainDate() : null;
}
