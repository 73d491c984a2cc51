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

/** RFC 3339 with the zone's offset at that instant, seconds precision: 2026-11-23T10:30:00+01:00. */
export function offsetDateTime(instant: Temporal.Instant | Date | string, timeZone: string): string {
  const value = instant instanceof Temporal.Instant ? instant : Temporal.Instant.fromEpochMilliseconds(new Date(instant as Date | string).getTime());
  return value.toZonedDateTimeISO(timeZone).toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

/** A database `timestamp` as text ('2026-03-29 03:30:00' or with a T) → PlainDateTime. */
export function plainFromSql(text: string): Temporal.PlainDateTime {
  return Temporal.PlainDateTime.from(text.trim().replace(' ', 'T'));
}

/** PlainDateTime → the text a `timestamp` parameter takes. */
export function sqlLocal(dateTime: Temporal.PlainDateTime): string {
  return dateTime.toString({ smallestUnit: 'second' });
}

export const isOnFiveMinuteStep = (dateTime: Temporal.PlainDateTime) => dateTime.minute % 5 === 0 && dateTime.second === 0;

export function weekdayName(date: Temporal.PlainDate | Temporal.PlainDateTime): WeekdayName {
  return WEEKDAYS[date.dayOfWeek - 1]!;
}

/** 'HH:mm' on `date`; '23:59' as an end means the end of the day (the next midnight). */
function atTime(date: Temporal.PlainDate, text: string, isEnd: boolean): Temporal.PlainDateTime {
  if (isEnd && text === '23:59') return date.add({ days: 1 }).toPlainDateTime();
  const [hour, minute] = text.split(':').map(Number);
  return date.toPlainDateTime({ hour: hour!, minute: minute! });
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

export type UnavailableReason =
  | 'UNAVAILABLE_SLOT_REASON_OUTSIDE_OPENING_HOURS'
  | 'UNAVAILABLE_SLOT_REASON_BREAK'
  | 'UNAVAILABLE_SLOT_REASON_TIME_OFF'
  | 'UNAVAILABLE_SLOT_REASON_HOLIDAY'
  | 'UNAVAILABLE_SLOT_REASON_BLOCKED';

export interface Interval {
  start: Temporal.PlainDateTime;
  end: Temporal.PlainDateTime;
  reason: UnavailableReason;
  timeOffId?: string;
  description?: string;
}

export interface TimeOffSpan {
  id: string;
  kind: 'TIME_OFF_KIND_TIME_OFF' | 'TIME_OFF_KIND_BLOCK';
  start: Temporal.PlainDateTime;
  end: Temporal.PlainDateTime;
  description?: string | null;
}

export interface MemberSchedule {
  /** The member's weekly hours, or the business's opening hours; undefined: open around the clock. */
  weekly?: Weekly;
  closedDates?: ReadonlyArray<{ date: string; reason?: string }>;
  timeOff?: readonly TimeOffSpan[];
}

/**
 * When a member cannot be booked over the days [firstDay, lastDay] (wall-clock): each day before its
 * first range and after its last (outside opening hours), the gaps between its ranges (breaks), a
 * whole closed date (holiday), and their time off and blocks overlapping the days. A day with no
 * ranges is unavailable all day.
 */
export function unavailableIntervals(schedule: MemberSchedule, firstDay: Temporal.PlainDate, lastDay: Temporal.PlainDate): Interval[] {
  const result: Interval[] = [];
  const closed = new Map((schedule.closedDates ?? []).map((entry) => [entry.date, entry.reason]));
  for (let day = firstDay; Temporal.PlainDate.compare(day, lastDay) <= 0; day = day.add({ days: 1 })) {
    const dayStart = day.toPlainDateTime();
    const dayEnd = day.add({ days: 1 }).toPlainDateTime();
    const key = day.toString();
    if (closed.has(key)) {
      const reason = closed.get(key);
      result.push({ start: dayStart, end: dayEnd, reason: 'UNAVAILABLE_SLOT_REASON_HOLIDAY', ...(reason ? { description: reason } : {}) });
      continue;
    }
    if (!schedule.weekly) continue;
    const ranges = [...(schedule.weekly[weekdayName(day)] ?? [])]
      .map((range) => ({ start: atTime(day, range.start, false), end: atTime(day, range.end, true) }))
      .filter((range) => Temporal.PlainDateTime.compare(range.end, range.start) > 0)
      .sort((a, b) => Temporal.PlainDateTime.compare(a.start, b.start));
    let cursor = dayStart;
    ranges.forEach((range, i) => {
      if (Temporal.PlainDateTime.compare(range.start, cursor) > 0) {
        result.push({ start: cursor, end: range.start, reason: i === 0 ? 'UNAVAILABLE_SLOT_REASON_OUTSIDE_OPENING_HOURS' : 'UNAVAILABLE_SLOT_REASON_BREAK' });
      }
      if (Temporal.PlainDateTime.compare(range.end, cursor) > 0) cursor = range.end;
    });
    if (Temporal.PlainDateTime.compare(cursor, dayEnd) < 0) result.push({ start: cursor, end: dayEnd, reason: 'UNAVAILABLE_SLOT_REASON_OUTSIDE_OPENING_HOURS' });
  }
  const rangeStart = firstDay.toPlainDateTime();
  const rangeEnd = lastDay.add({ days: 1 }).toPlainDateTime();
  for (const off of schedule.timeOff ?? []) {
    if (Temporal.PlainDateTime.compare(off.end, rangeStart) <= 0 || Temporal.PlainDateTime.compare(off.start, rangeEnd) >= 0) continue;
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

/** The first unavailable interval overlapping [start, end), if any: booking there is outside working hours. */
export function firstOverlap(intervals: readonly Interval[], start: Temporal.PlainDateTime, end: Temporal.PlainDateTime): Interval | undefined {
  return intervals.find(
    (interval) => Temporal.PlainDateTime.compare(interval.start, end) < 0 && Temporal.PlainDateTime.compare(interval.end, start) > 0,
  );
}

/** Whether [start, end) falls outside the schedule (outside hours, a break, a closed date, time off). */
export function isOutsideSchedule(schedule: MemberSchedule, start: Temporal.PlainDateTime, end: Temporal.PlainDateTime): boolean {
  const lastDay = Temporal.PlainDateTime.compare(end.toPlainDate().toPlainDateTime(), end) === 0 ? end.toPlainDate().subtract({ days: 1 }) : end.toPlainDate();
  const firstDay = start.toPlainDate();
  const days = Temporal.PlainDate.compare(lastDay, firstDay) < 0 ? firstDay : lastDay;
  return firstOverlap(unavailableIntervals(schedule, firstDay, days), start, end) !== undefined;
}

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
