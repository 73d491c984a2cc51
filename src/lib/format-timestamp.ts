import { dateLocale, instantFromUtcParts } from '~/lib/temporal';

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?Z$/;

/**
 * An API timestamp (ISO 8601 in UTC, as the server writes it) as a short date and time in the
 * business time zone, through src/lib/temporal. Anything else is shown as it came.
 */
export function formatTimestamp(value: string, language: string, timeZone: string): string {
  const match = ISO.exec(value);
  if (!match) return value;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  try {
    return instantFromUtcParts({ year, month, day, hours, minutes, seconds })
      .toZonedDateTimeISO(timeZone)
      .toLocaleString(dateLocale(language), { dateStyle: 'short', timeStyle: 'short' });
  } catch {
    return value;
  }
}
