import { Temporal } from 'temporal-polyfill';

/** The only door to dates and times in the app. Everything else imports from here. */

/** Minutes between selectable times (SPEC §5, §9). */
export const MINUTE_STEP = 5;

/** The API's wall-clock date-time: appointments, unavailable slots, calendar ranges. */
export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

/** A date-time the API sends as UTC, e.g. a tenant's licenseActiveUntil. */
export interface UtcParts extends DateTimeParts {
  seconds?: number;
}

export type DateLocale = 'en' | 'ca' | 'es' | 'gl';

const DATE_LOCALES: readonly DateLocale[] = ['en', 'ca', 'es', 'gl'];

/** API parts → PlainDateTime. Throws RangeError on impossible values (month 13, 25:00, …). */
export function fromParts(parts: DateTimeParts): Temporal.PlainDateTime {
  return Temporal.PlainDateTime.from(
    { year: parts.year, month: parts.month, day: parts.day, hour: parts.hours, minute: parts.minutes },
    { overflow: 'reject' },
  );
}

/** PlainDateTime → API parts (seconds and below are dropped). */
export function toParts(dateTime: Temporal.PlainDateTime): DateTimeParts {
  return {
    year: dateTime.year,
    month: dateTime.month,
    day: dateTime.day,
    hours: dateTime.hour,
    minutes: dateTime.minute,
  };
}

/** UTC parts → Instant. Throws RangeError on impossible values. */
export function instantFromUtcParts(parts: UtcParts): Temporal.Instant {
  return Temporal.ZonedDateTime.from(
    {
      timeZone: 'UTC',
      year: parts.year,
      month: parts.month,
      day: parts.day,
      hour: parts.hours,
      minute: parts.minutes,
      second: parts.seconds ?? 0,
    },
    { overflow: 'reject' },
  ).toInstant();
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD'. */
export function formatDate(date: Temporal.PlainDate | Temporal.PlainDateTime): string {
  return `${String(date.year).padStart(4, '0')}-${pad2(date.month)}-${pad2(date.day)}`;
}

/** 'HH:mm' (24-hour). */
export function formatTime(time: Temporal.PlainTime | Temporal.PlainDateTime): string {
  return `${pad2(time.hour)}:${pad2(time.minute)}`;
}

/** 'YYYY-MM-DD' → PlainDate, or null when the text is not a real calendar date. */
export function parseDate(text: string | null | undefined): Temporal.PlainDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  try {
    return Temporal.PlainDate.from(
      { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) },
      { overflow: 'reject' },
    );
  } catch {
    return null;
  }
}

/** 'HH:mm' (also 'H:mm') → PlainTime, or null when the text is not a valid 24-hour time. */
export function parseTime(text: string | null | undefined): Temporal.PlainTime | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return Temporal.PlainTime.from({ hour, minute });
}

export function nowInstant(): Temporal.Instant {
  return Temporal.Now.instant();
}

/** Today's date in the given time zone (default: the browser's). */
export function today(timeZone: string = Temporal.Now.timeZoneId()): Temporal.PlainDate {
  return Temporal.Now.plainDateISO(timeZone);
}

/** The current wall-clock date-time in the given time zone (default: the browser's). */
export function nowPlain(timeZone: string = Temporal.Now.timeZoneId()): Temporal.PlainDateTime {
  return Temporal.Now.plainDateTimeISO(timeZone);
}

/**
 * Rounds up to the next multiple of `stepMinutes` (10:31 → 10:35, 10:35 stays, 23:58 → next day 00:00).
 * Any seconds past a step count as "past it" (10:35:20 → 10:40). The step must divide 60.
 */
export function roundUpToStep(
  dateTime: Temporal.PlainDateTime,
  stepMinutes: number = MINUTE_STEP,
): Temporal.PlainDateTime {
  return dateTime.round({ smallestUnit: 'minute', roundingIncrement: stepMinutes, roundingMode: 'ceil' });
}

export interface DateTimeRange {
  start: Temporal.PlainDateTime;
  end: Temporal.PlainDateTime;
}

/**
 * When start and end fall on the same day and `extendToEndOfDay` is set, the end becomes 23:59 of that day.
 * Otherwise the range is returned unchanged.
 */
export function singleDayRange(
  start: Temporal.PlainDateTime,
  end: Temporal.PlainDateTime,
  options: { extendToEndOfDay?: boolean } = {},
): DateTimeRange {
  const sameDay = start.toPlainDate().equals(end.toPlainDate());
  if (!sameDay || !options.extendToEndOfDay) return { start, end };
  return { start, end: end.toPlainDate().toPlainDateTime({ hour: 23, minute: 59 }) };
}

/** Maps a language tag (en, es-ES, ca_ES, GL, …) to a supported date locale; anything else → 'en'. */
export function dateLocale(language: string | null | undefined): DateLocale {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return DATE_LOCALES.find((locale) => locale === primary) ?? 'en';
}

/** A long, localized date: 'May 3, 2025', '3 de mayo de 2025'. */
export function formatDateLong(date: Temporal.PlainDate | Temporal.PlainDateTime, language: string): string {
  return Temporal.PlainDate.from(date).toLocaleString(dateLocale(language), { dateStyle: 'long' });
}

/** A full, localized date with its weekday: 'Monday, November 23, 2026', 'lunes, 23 de noviembre de 2026'. */
export function formatDateFull(date: Temporal.PlainDate | Temporal.PlainDateTime, language: string): string {
  return Temporal.PlainDate.from(date).toLocaleString(dateLocale(language), { dateStyle: 'full' });
}

/** Whether a wall-clock time in `timeZone` is already past (a repeated hour counts as its first occurrence). */
export function isPastIn(dateTime: Temporal.PlainDateTime, timeZone: string, now: Temporal.Instant = Temporal.Now.instant()): boolean {
  return Temporal.Instant.compare(dateTime.toZonedDateTime(timeZone, { disambiguation: 'earlier' }).toInstant(), now) <= 0;
}

/** A short, localized date and time: '5/3/25, 2:05 PM', '3/5/25, 14:05'. */
export function formatDateTimeShort(dateTime: Temporal.PlainDateTime, language: string): string {
  return dateTime.toLocaleString(dateLocale(language), { dateStyle: 'short', timeStyle: 'short' });
}

/** PlainDate → Mantine dates value ('YYYY-MM-DD'). */
export function toDateString(date: Temporal.PlainDate): string {
  return formatDate(date);
}

/**
 * Mantine dates value → PlainDate. Accepts 'YYYY-MM-DD' and the 'YYYY-MM-DD HH:mm:ss' of date-time
 * pickers (the time is ignored); null for empty or invalid values.
 */
export function fromDateString(value: string | null | undefined): Temporal.PlainDate | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/.exec(value?.trim() ?? '');
  return match?.[1] ? parseDate(match[1]) : null;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Temporal.PlainDate, to: Temporal.PlainDate): number {
  return from.until(to, { largestUnit: 'day' }).days;
}

/** API parts → 'YYYY-MM-DDTHH:mm:00', a wall-clock ISO text with no offset (read in the calendar's time zone). */
export function partsToIsoLocal(parts: DateTimeParts): string {
  return `${formatDate(fromParts(parts))}T${pad2(parts.hours)}:${pad2(parts.minutes)}:00`;
}

/**
 * The wall-clock parts of an ISO date-time text as written ('2026-03-29T03:30:00+02:00' →
 * 2026-03-29 03:30): the calendar writes its dates in the business's time zone, so its own
 * wall-clock is what the API wants, whatever the browser's zone and across DST changes.
 */
export function partsFromIsoLocal(text: string): DateTimeParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(text);
  if (!match) throw new RangeError(`not an ISO date-time: ${text}`);
  return toParts(
    Temporal.PlainDateTime.from(
      { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]), hour: Number(match[4] ?? 0), minute: Number(match[5] ?? 0) },
      { overflow: 'reject' },
    ),
  );
}

/** An instant (epoch milliseconds) → its wall-clock parts in `timeZone`. */
export function partsFromEpochMs(epochMs: number, timeZone: string): DateTimeParts {
  return toParts(Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone).toPlainDateTime());
}

/**
 * Wall-clock parts in `timeZone` → epoch milliseconds, with the API's DST rule: a repeated time means
 * the first one ('earlier'), a skipped one moves forward by the gap ('compatible' does both).
 */
export function epochMsFromParts(parts: DateTimeParts, timeZone: string): number {
  return fromParts(parts).toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds;
}

/** Parts plus (or minus) some minutes, in wall-clock terms. */
export function addMinutesToParts(parts: DateTimeParts, minutes: number): DateTimeParts {
  return toParts(fromParts(parts).add({ minutes }));
}

/** Whole minutes from `start` to `end` (wall-clock). */
export function minutesBetween(start: DateTimeParts, end: DateTimeParts): number {
  return fromParts(start).until(fromParts(end), { largestUnit: 'minute' }).minutes;
}

/** -1, 0 or 1 as `a` is before, equal to or after `b`. */
export function compareParts(a: DateTimeParts, b: DateTimeParts): number {
  return Temporal.PlainDateTime.compare(fromParts(a), fromParts(b));
}

/** 'YYYY-MM-DD' and 'HH:mm' → parts; null when either is not valid. */
export function partsFromDateAndTime(date: string, time: string): DateTimeParts | null {
  const day = parseDate(date);
  const clock = parseTime(time);
  if (!day || !clock) return null;
  return toParts(day.toPlainDateTime(clock));
}

/** A localized weekday and date, and the time written one way in every language (issue 18): 'Mon, Nov 23, 2026, 09:30', 'lun, 23 nov 2026, 09:30'. */
export function formatDateTimeMedium(parts: DateTimeParts, language: string): string {
  return fromParts(parts).toLocaleString(dateLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}
