import { Temporal } from 'temporal-polyfill';

/** IANA time zones for the business settings and onboarding (the API's IanaTimeZone). */

/** The shape the API accepts: 'UTC' or Area/Location[/Sublocation]. */
const API_TIME_ZONE = /^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+){1,2})$/;

/** The server's default when a business has none (TenantInput). */
export const FALLBACK_TIME_ZONE = 'Europe/Madrid';

/** True for a zone this browser knows and the API accepts. */
export function isValidTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone || timeZone.length > 64 || !API_TIME_ZONE.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's time zone when the API accepts it, else the fallback (Europe/Madrid). */
export function browserTimeZone(fallback: string = FALLBACK_TIME_ZONE): string {
  let zone: string | undefined;
  try {
    zone = Temporal.Now.timeZoneId();
  } catch {
    zone = undefined;
  }
  return isValidTimeZone(zone) ? zone : fallback;
}

let cached: readonly string[] | null = null;

/**
 * The zones to choose from, sorted, with UTC first. `extra` zones (the current value, the browser's)
 * are included even when the runtime's list lacks them, so a saved value is never dropped.
 */
export function timeZoneOptions(extra: readonly (string | null | undefined)[] = []): string[] {
  if (!cached) {
    let all: string[];
    try {
      all = Intl.supportedValuesOf('timeZone');
    } catch {
      all = [];
    }
    cached = Object.freeze(all.filter((zone) => API_TIME_ZONE.test(zone) && zone !== 'UTC').sort());
  }
  const set = new Set<string>(cached);
  for (const zone of extra) if (zone && API_TIME_ZONE.test(zone) && zone !== 'UTC') set.add(zone);
  return ['UTC', ...[...set].sort()];
}

/** 'America/Argentina/Buenos_Aires' → 'America / Argentina / Buenos Aires'. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ').split('/').join(' / ');
}
