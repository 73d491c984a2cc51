import { Temporal } from 'temporal-polyfill';

/**
 * Time rules of appointments, working hours and time off (pure: no database, no clock).
 *
 * The API speaks wall-clock parts in the business's IANA time zone (DateTimeParts); the database keeps
 * both the wall-clock (timestamp) and the instant (timestamptz). The contract's daylight-saving rule:
 * a wall-clock time that occurs twice (clocks go back) means its first occurrence; one that does not
 * exist (clocks go forward) moves forward by the gap (02:30 → 03:30). That is Temporal's
 * `disambiguation: 'compatible'`.
 */

export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

export interface OpeningRange {
  start: string;
  end: string;
}

export type Weekly = Record<WeekdayName, OpeningRange[]>;
export type WeekdayName = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
export const WEEKDAYS: readonly WeekdayName[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Parts → PlainDateTime; throws RangeError on an impossible date (31 February, 25:00). */
export function plainFromParts(parts: DateTimeParts): Temporal.PlainDateTime {
  return Temporal.PlainDateTime.from(
    { year: parts.year, month: parts.month, day: parts.day, hour: parts.hours, minute: parts.minutes },
    { overflow: 'reject' },
  );
}

/** Parts → PlainDateTime, or undefined when the parts are no real date. */
export function tryPlainFromParts(parts: DateTimeParts): Temporal.PlainDateTime | undefined {
  try {
    return plainFromParts(parts);
  } catch {
    return undefined;
  }
}

export function partsOf(dateTime: Temporal.PlainDateTime): DateTimeParts {
  return { year: dateTime.year, month: dateTime.month, day: dateTime.day, hours: dateTime.hour, minutes: dateTime.minute };
}

/** A wall-clock time in `timeZone` as a zoned moment, with the contract's DST rule. */
export function zoned(local: Temporal.PlainDateTime, timeZone: string): Temporal.ZonedDateTime {
  return local.toZonedDateTime(timeZone, { disambiguation: 'compatible' });
}

/**
 * A booked wall-clock time resolved in `timeZone`: the instant, and the wall-clock as it will be
 * shown and stored (a skipped time moved forward by the gap; otherwise unchanged).
 */
export function resolveLocal(local: Temporal.PlainDateTime, timeZone: string): { instant: Temporal.Instant; local: Temporal.PlainDateTime } {
  const moment = zoned(local, timeZone);
  return { instant: moment.toInstant(), local: moment.toPlainDateTime() };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const BUCKET_MS = 15 * 60_000;

/**
 * The UTC offset of `timeZone` at an instant, in minutes. Intl instead of the Temporal polyfill (which
 * takes ~0.1 ms a call: 80 ms for a week of ten members), memoized per quarter-hour bucket: offsets
 * change on whole quarter-hours in every zone since 1970.
 */
export function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  const bucket = Math.floor(epochMs / BUCKET_MS);
  const key = `${timeZone} ${bucket}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, format);
  }
  const at = bucket * BUCKET_MS;
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(new Date(at))) if (type !== 'literal') part[type] = Number(value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  const offset = Math.round((wall - at) / 60_000);
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const offsetTexts = new Map<string, string>();

/**
 * RFC 3339 with the zone's offset at that instant, seconds precision: 2026-11-23T10:30:00+01:00.
 * Memoized by instant (a week of ten members repeats the same start times: 800 calls an answer).
 */
export function offsetDateTime(instant: Temporal.Instant | Date | string, timeZone: string): string {
  const epochMs = instant instanceof Temporal.Instant ? instant.epochMilliseconds : new Date(instant as Date | string).getTime();
  const key = `${timeZone} ${epochMs}`;
  let text = offsetTexts.get(key);
  if (text === undefined) {
    if (offsetTexts.size > 50_000) offsetTexts.clear();
    offsetTexts.set(key, (text = formatOffsetDateTime(epochMs, timeZone)));
  }
  return text;
}

function formatOffsetDateTime(epochMs: number, timeZone: string): string {
  const offset = zoneOffsetMinutes(epochMs, timeZone);
  const wall = new Date(Math.floor(epochMs / 1000) * 1000 + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T` +
    `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** A database `timestamp` as text ('2026-03-29 03:30:00') → parts, without Temporal (hot path of lists). */
export function partsFromSql(text: string): DateTimeParts {
  // Fast path, by position: '2026-03-29 03:30:00' or '2026-03-29T03:30:00' (the JSON of a timestamp).
  if (text.length >= 16 && text[4] === '-' && text[7] === '-' && (text[10] === ' ' || text[10] === 'T') && text[13] === ':') {
    const year = Number(text.slice(0, 4));
    const month = Number(text.slice(5, 7));
    const day = Number(text.slice(8, 10));
    const hours = Number(text.slice(11, 13));
    const minutes = Number(text.slice(14, 16));
    if (Number.isInteger(year + month + day + hours + minutes)) return { year, month, day, hours, minutes };
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text.trim());
  if (!match) return partsOf(plainFromSql(text));
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]), hours: Number(match[4]), minutes: Number(match[5]) };
}

/** A database `timestamp` as text ('2026-03-29 03:30:00' or with a T) → PlainDateTime. */
export function plainFromSql(text: string): Temporal.PlainDateTime {
  return Temporal.PlainDateTime.from(text.trim().replace(' ', 'T'));
}

/**
 * PlainDateTime → the text a `timestamp` parameter takes. Range bounds past the contract's years
 * (a day after 9999-12-31) become `infinity`, which PostgreSQL reads (it cannot read '+010000-…').
 */
export function sqlLocal(dateTime: Temporal.PlainDateTime): string {
  if (dateTime.year > 9999) return 'infinity';
  if (dateTime.year < 1) return '-infinity';
  return dateTime.toString({ smallestUnit: 'second' });
}

/** Whether an instant is within the years PostgreSQL and the contract write (UTC year 1…9999). */
export const isWritableInstant = (instant: Temporal.Instant) => {
  const year = instant.toZonedDateTimeISO('UTC').year;
  return year >= 1 && year <= 9999;
};

export const isOnFiveMinuteStep = (dateTime: Temporal.PlainDateTime) => dateTime.minute % 5 === 0 && dateTime.second === 0;

export function weekdayName(date: Temporal.PlainDate | Temporal.PlainDateTime): WeekdayName {
  return WEEKDAYS[date.dayOfWeek - 1]!;
}

// ---------------------------------------------------------------------------------------------
// Recurrence

export interface RecurrenceRule {
  frequency: 'RECURRENCE_FREQUENCY_WEEKLY' | 'RECURRENCE_FREQUENCY_MONTHLY';
  interval?: number;
  count?: number;
  /** YYYY-MM-DD, inclusive. */
  until?: string;
}

export const MAX_OCCURRENCES = 104;

export interface Occurrence {
  index: number;
  start: Temporal.PlainDateTime;
  end: Temporal.PlainDateTime;
}

export class RecurrenceError extends Error {
  constructor(
    readonly field: 'count' | 'until' | 'interval',
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The occurrences of a repeated appointment, wall-clock (each keeps the first one's time of day and
 * length, whatever the daylight-saving changes between them). WEEKLY: every `interval` weeks. MONTHLY:
 * every `interval` months on the first one's day of the month; a month without that day (the 31st in
 * April) is skipped and does not count. `count` occurrences in all, the first included, or every one
 * up to `until` (inclusive); at most 104 and within 2 years of the first (else RecurrenceError).
 */
export function expandRecurrence(start: Temporal.PlainDateTime, end: Temporal.PlainDateTime, rule: RecurrenceRule): Occurrence[] {
  const interval = rule.interval ?? 1;
  if ((rule.count === undefined) === (rule.until === undefined)) {
    throw new RecurrenceError(rule.count === undefined ? 'count' : 'until', 'count_or_until', 'Give either a number of occurrences or an end date, not both.');
  }
  let until: Temporal.PlainDate | undefined;
  if (rule.until !== undefined) {
    try {
      until = Temporal.PlainDate.from(rule.until, { overflow: 'reject' });
    } catch {
      throw new RecurrenceError('until', 'invalid_date', 'This is not a calendar date.');
    }
    if (Temporal.PlainDate.compare(until, start.toPlainDate()) <= 0) {
      throw new RecurrenceError('until', 'until_before_start', 'The end date must be after the first appointment.');
    }
  }
  const horizon = start.toPlainDate().add({ years: 2 });
  const length = start.until(end);
  const occurrences: Occurrence[] = [];
  for (let step = 0; ; step++) {
    let date: Temporal.PlainDate | undefined;
    if (rule.frequency === 'RECURRENCE_FREQUENCY_WEEKLY') {
      date = start.toPlainDate().add({ weeks: step * interval });
    } else {
      const month = start.toPlainDate().toPlainYearMonth().add({ months: step * interval });
      if (start.day <= month.daysInMonth) date = month.toPlainDate({ day: start.day });
    }
    const probe = date ?? start.toPlainDate().toPlainYearMonth().add({ months: step * interval }).toPlainDate({ day: 1 });
    if (until && Temporal.PlainDate.compare(probe, until) > 0) break;
    if (Temporal.PlainDate.compare(probe, horizon) > 0) {
      if (until) throw new RecurrenceError('until', 'series_too_long', 'A series may span at most 2 years.');
      throw new RecurrenceError('count', 'series_too_long', 'A series may span at most 2 years.');
    }
    if (date) {
      const first = date.toPlainDateTime(start.toPlainTime());
      occurrences.push({ index: occurrences.length + 1, start: first, end: first.add(length) });
      if (rule.count !== undefined && occurrences.length === rule.count) break;
      if (occurrences.length > MAX_OCCURRENCES) {
        throw new RecurrenceError(until ? 'until' : 'count', 'too_many_occurrences', `A series has at most ${MAX_OCCURRENCES} occurrences.`);
      }
    }
  }
  if (occurrences.length < 2) throw new RecurrenceError(until ? 'until' : 'count', 'too_few_occurrences', 'A series needs at least two occurrences.');
  return occurrences;
}

// ---------------------------------------------------------------------------------------------
// Availability
//
// Wall-clock times here are "wall minutes": minutes since 1970-01-01T00:00 of the wall clock (no zone),
// plain numbers, because the Temporal polyfill costs ~2 ms a member-week on this hot path (the range).

const DAY = 1440;

/** PlainDateTime → wall minutes. */
export function wallMinutes(dateTime: Temporal.PlainDateTime): number {
  return Date.UTC(dateTime.year, dateTime.month - 1, dateTime.day, dateTime.hour, dateTime.minute) / 60_000;
}

/** Parts → wall minutes. */
export const wallOfParts = (parts: DateTimeParts) => Date.UTC(parts.year, parts.month - 1, parts.day, parts.hours, parts.minutes) / 60_000;

/** Wall minutes → parts. */
export function partsOfWall(minutes: number): DateTimeParts {
  const d = new Date(minutes * 60_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hours: d.getUTCHours(), minutes: d.getUTCMinutes() };
}

/** 'HH:mm' → minutes of the day; '23:59' as an end means the end of the day. */
const minuteOfDay = (text: string, isEnd: boolean) => (isEnd && text === '23:59' ? DAY : Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5)));

/** Monday = 0 … Sunday = 6 for a day number (days since 1970-01-01, a Thursday). */
const weekdayOfDay = (day: number) => WEEKDAYS[(((day + 3) % 7) + 7) % 7]!;

export type UnavailableReason =
  | 'UNAVAILABLE_SLOT_REASON_OUTSIDE_OPENING_HOURS'
  | 'UNAVAILABLE_SLOT_REASON_BREAK'
  | 'UNAVAILABLE_SLOT_REASON_TIME_OFF'
  | 'UNAVAILABLE_SLOT_REASON_HOLIDAY'
  | 'UNAVAILABLE_SLOT_REASON_BLOCKED';

/** An unavailable time, in wall minutes, [start, end). */
export interface Interval {
  start: number;
  end: number;
  reason: UnavailableReason;
  timeOffId?: string;
  description?: string;
}

/** A time off or block, in wall minutes. */
export interface TimeOffSpan {
  id: string;
  kind: 'TIME_OFF_KIND_TIME_OFF' | 'TIME_OFF_KIND_BLOCK';
  start: number;
  end: number;
  description?: string | null;
}

export interface MemberSchedule {
  /** The member's weekly hours, or the business's opening hours; undefined: open around the clock. */
  weekly?: Weekly;
  closedDates?: ReadonlyArray<{ date: string; reason?: string }>;
  timeOff?: readonly TimeOffSpan[];
}

const dayOf = (date: Temporal.PlainDate | string) => Date.parse(`${date.toString()}T00:00:00Z`) / 86_400_000;

/**
 * When a member cannot be booked over the days [firstDay, lastDay]: each day before its first range
 * and after its last (outside opening hours), the gaps between its ranges (breaks), a whole closed
 * date (holiday), and their time off and blocks overlapping the days. A day with no ranges is
 * unavailable all day.
 */
export function unavailableIntervals(schedule: MemberSchedule, firstDay: Temporal.PlainDate, lastDay: Temporal.PlainDate): Interval[] {
  const result: Interval[] = [];
  const closed = new Map((schedule.closedDates ?? []).map((entry) => [dayOf(entry.date), entry.reason]));
  const first = dayOf(firstDay);
  const last = dayOf(lastDay);
  const days = schedule.weekly
    ? Object.fromEntries(
        WEEKDAYS.map((name) => [
          name,
          (schedule.weekly![name] ?? [])
            .map((range) => ({ start: minuteOfDay(range.start, false), end: minuteOfDay(range.end, true) }))
            .filter((range) => range.end > range.start)
            .sort((a, b) => a.start - b.start),
        ]),
      )
    : undefined;
  for (let day = first; day <= last; day += 1) {
    const dayStart = day * DAY;
    if (closed.has(day)) {
      const reason = closed.get(day);
      result.push({ start: dayStart, end: dayStart + DAY, reason: 'UNAVAILABLE_SLOT_REASON_HOLIDAY', ...(reason ? { description: reason } : {}) });
      continue;
    }
    if (!days) continue;
    let cursor = 0;
    days[weekdayOfDay(day)]!.forEach((range, i) => {
      if (range.start > cursor) {
        result.push({ start: dayStart + cursor, end: dayStart + range.start, reason: i === 0 ? 'UNAVAILABLE_SLOT_REASON_OUTSIDE_OPENING_HOURS' : 'UNAVAILABLE_SLOT_REASON_BREAK' });
      }
      if (range.end > cursor) cursor = range.end;
    });
    if (cursor < DAY) result.push({ start: dayStart + cursor, end: dayStart + DAY, reason: 'UNAVAILABLE_SLOT_REASON_OUTSIDE_OPENING_HOURS' });
  }
  const rangeStart = first * DAY;
  const rangeEnd = (last + 1) * DAY;
  for (const off of schedule.timeOff ?? []) {
    if (off.end <= rangeStart || off.start >= rangeEnd) continue;
    result.push({
      start: off.start,
      end: off.end,
      reason: off.kind === 'TIME_OFF_KIND_BLOCK' ? 'UNAVAILABLE_SLOT_REASON_BLOCKED' : 'UNAVAILABLE_SLOT_REASON_TIME_OFF',
      timeOffId: off.id,
      ...(off.description ? { description: off.description } : {}),
    });
  }
  return result;
}

/** Whether [start, end) falls outside the schedule (outside hours, a break, a closed date, time off). */
export function isOutsideSchedule(schedule: MemberSchedule, start: Temporal.PlainDateTime, end: Temporal.PlainDateTime): boolean {
  const from = wallMinutes(start);
  const to = wallMinutes(end);
  const firstDay = start.toPlainDate();
  const lastDay = Temporal.PlainDate.from(partsOfWallDate(Math.max(from, to - 1)));
  return unavailableIntervals(schedule, firstDay, lastDay).some((interval) => interval.start < to && interval.end > from);
}

const partsOfWallDate = (minutes: number) => {
  const p = partsOfWall(minutes);
  return { year: p.year, month: p.month, day: p.day };
};

/** The earliest hour a day of the week opens (undefined when never open or open around the clock). */
export function earliestOpeningHour(weekly: Weekly | undefined, days: readonly Temporal.PlainDate[]): number | undefined {
  if (!weekly) return undefined;
  let earliest: number | undefined;
  for (const day of days) {
    for (const range of weekly[weekdayName(day)] ?? []) {
      const hour = Number(range.start.slice(0, 2));
      if (earliest === undefined || hour < earliest) earliest = hour;
    }
  }
  return earliest;
}
