/**
 * Dates and times of the booking page. The API speaks in the business's time zone: a LocalDate is a
 * day there, and a slot's `startAt` carries the business's offset ('2026-11-24T10:00:00+01:00'), so
 * its date and hh:mm are read straight from the string: the customer sees the business's wall clock
 * wherever their phone is.
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

function utcOf(date: string, hour = 0, minute = 0): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!, hour, minute));
}

/** A LocalDate plus some days: ('2026-12-30', 3) → '2027-01-02'. */
export function addDays(date: string, days: number): string {
  const next = utcOf(date);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Days from one LocalDate to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to).getTime() - utcOf(from).getTime()) / 86_400_000);
}

/** Today in a time zone, as a LocalDate. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
    const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')}`;
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** A LocalDate in words: ('2026-11-24', 'es-ES') → 'martes, 24 de noviembre de 2026'. */
export function formatDate(date: string, locale: string, options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(utcOf(date));
}

/** The wall-clock time of an offset date-time: ('…T14:05:00+01:00', 'en-US') → '2:05 PM'; es-ES → '14:05'. */
export function formatTime(offsetDateTime: string, locale: string): string {
  const clock = wallClock(offsetDateTime);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(utcOf(clock.date, clock.hour, clock.minute));
}

/** The browser's time zone, or undefined when it cannot tell. */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
