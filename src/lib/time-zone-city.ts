/**
 * The place an IANA time zone is named after, as a customer reads it (issue 18: the cancellation page
 * names the city, not "Europe/Madrid"): 'Europe/Madrid' → 'Madrid', 'America/New_York' → 'New York',
 * 'America/Argentina/Buenos_Aires' → 'Buenos Aires'; 'UTC' stays 'UTC'. No imports: the public
 * booking page (its own bundle) uses it too.
 */
export function timeZoneCity(timeZone: string): string {
  const last = timeZone.split('/').pop() ?? timeZone;
  return last.replaceAll('_', ' ') || timeZone;
}
