/**
 * Dates and times of the booking page. The API speaks in the business's time zone: a LocalDate is a
 * day there, and a slot's `startAt` carries the business's offset ('2026-11-24T10:00:00+01:00'), so
 * its date and hh:mm are read straight from the string: the customer sees the business's wall clock
 * wherever their phone is. Plain calendar arithmetic and Intl: the page stays small (no Temporal
 * polyfill, which the dashboard uses through src/lib/temporal.ts).
 */

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  hour: number;
  minute: number;
}

/** '2026-11-24T10:00:00+01:00' → { date: '2026-11-24', hour: 10, minute: 0 }. */
export function wallClock(offsetDateTime: string): WallClock {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(offsetDateTime);
  if (!match) throw new RangeError(`Not an RFC 3339 date-time: ${offsetDateTime}`);
  return { date: match[1]!, hour: Number(match[2]), minute: Number(match[3]) };
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function epochDay(date: string): number {
  const [y0, m, d] = date.split('-').map(Number) as [number, number, number];
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The date of a day count since 1970-01-01 (civil_from_days). */
function dateOfEpochDay(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A LocalDate plus some days: ('2026-12-30', 3) → '2027-01-02'. */
export function addDays(date: string, days: number): string {
  return dateOfEpochDay(epochDay(date) + days);
}

/** Days from one LocalDate to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** Today in a time zone, as a LocalDate (`now` in epoch milliseconds; the current time by default). */
export function todayIn(timeZone: string, now?: number): string {
  const format = (zone?: string) => {
    const parts = new Intl.DateTimeFormat('en-CA', { ...(zone ? { timeZone: zone } : {}), year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
    const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')}`;
  };
  try {
    return format(timeZone);
  } catch {
    return format();
  }
}

/** Epoch milliseconds of a wall-clock time read as UTC: what Intl formats with timeZone 'UTC'. */
const utcMillis = (date: string, hour = 0, minute = 0) => epochDay(date) * 86_400_000 + hour * 3_600_000 + minute * 60_000;

/** A LocalDate in words: ('2026-11-24', 'es-ES') → 'martes, 24 de noviembre de 2026'. */
export function formatDate(date: string, locale: string, options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(utcMillis(date));
}

/**
 * The wall-clock time of an offset date-time, written as everywhere in Cita (issue 18: one way,
 * 09:30): ('…T14:05:00+01:00') → '14:05', ('…T09:30:00-05:00') → '09:30'.
 */
export function formatTime(offsetDateTime: string): string {
  const clock = wallClock(offsetDateTime);
  return `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
}

/** The browser's time zone, or undefined when it cannot tell. */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
