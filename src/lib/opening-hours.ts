import { Temporal } from 'temporal-polyfill';
import { parseTime } from './temporal.ts';

/**
 * The weekly opening-hours editor's model and rules (SPEC §3 opening_hours, §5 time pickers).
 * The API keeps, per weekday, the open ranges in order and not overlapping (an empty list = closed).
 * The editor keeps, per weekday, an open/closed switch plus its ranges, so closing a day and opening
 * it again loses nothing.
 */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Monday to Friday: where "copy Monday to weekdays" copies to. */
export const WORKING_DAYS: readonly Weekday[] = ['tuesday', 'wednesday', 'thursday', 'friday'];

/** The API caps a day at this many ranges. */
export const MAX_RANGES_PER_DAY = 6;
/** The latest end of a day ("until closing time"), SPEC §5. */
export const END_OF_DAY = '23:59';

export interface TimeRange {
  /** 'HH:mm' */
  start: string;
  /** 'HH:mm' (23:59 for the end of the day) */
  end: string;
}

export interface DaySchedule {
  open: boolean;
  ranges: TimeRange[];
}

export type WeekSchedule = Record<Weekday, DaySchedule>;

/** The API shape (OpeningHoursWeek / OpeningHours), kept structural so this module stays pure. */
export type ApiWeek = Record<Weekday, TimeRange[]>;
export interface ApiOpeningHours {
  timeZone: string;
  weekly: ApiWeek;
  closedDates?: { date: string; reason?: string }[];
}

export const DEFAULT_RANGE: Readonly<TimeRange> = { start: '09:00', end: '18:00' };

const copyRanges = (ranges: readonly TimeRange[]): TimeRange[] => ranges.map((range) => ({ start: range.start, end: range.end }));

/** Monday to Friday 09:00-18:00, weekend closed. */
export function defaultWeekSchedule(): WeekSchedule {
  const schedule = {} as WeekSchedule;
  for (const day of WEEKDAYS) {
    schedule[day] = { open: day !== 'saturday' && day !== 'sunday', ranges: [{ ...DEFAULT_RANGE }] };
  }
  return schedule;
}

/**
 * API opening hours → editor model. Without opening hours: the default week. A day with no ranges is
 * closed and offers the default range when opened again.
 */
export function scheduleFromOpeningHours(openingHours: { weekly?: Partial<ApiWeek> | null } | null | undefined): WeekSchedule {
  if (!openingHours?.weekly) return defaultWeekSchedule();
  const schedule = {} as WeekSchedule;
  for (const day of WEEKDAYS) {
    const ranges = openingHours.weekly[day] ?? [];
    schedule[day] = ranges.length > 0 ? { open: true, ranges: copyRanges(ranges) } : { open: false, ranges: [{ ...DEFAULT_RANGE }] };
  }
  return schedule;
}

function minutesOf(text: string): number | null {
  const time = parseTime(text);
  return time ? time.hour * 60 + time.minute : null;
}

/** Ranges sorted by start time (then end), as the API keeps them. */
export function sortRanges(ranges: readonly TimeRange[]): TimeRange[] {
  return copyRanges(ranges).sort((a, b) => {
    const byStart = compareTimes(a.start, b.start);
    return byStart !== 0 ? byStart : compareTimes(a.end, b.end);
  });
}

function compareTimes(a: string, b: string): number {
  const ta = parseTime(a);
  const tb = parseTime(b);
  if (!ta || !tb) return a.localeCompare(b);
  return Temporal.PlainTime.compare(ta, tb);
}

/** Editor model → API opening hours: closed days become [], ranges are sorted, closed dates are kept. */
export function openingHoursFromSchedule(
  schedule: WeekSchedule,
  timeZone: string,
  closedDates?: ApiOpeningHours['closedDates'],
): ApiOpeningHours {
  const weekly = {} as ApiWeek;
  for (const day of WEEKDAYS) {
    weekly[day] = schedule[day].open ? sortRanges(schedule[day].ranges) : [];
  }
  return closedDates && closedDates.length > 0 ? { timeZone, weekly, closedDates } : { timeZone, weekly };
}

/** Monday's switch and ranges copied to Tuesday-Friday; Saturday and Sunday stay as they are. */
export function copyMondayToWeekdays(schedule: WeekSchedule): WeekSchedule {
  const monday = schedule.monday;
  const next = { ...schedule };
  for (const day of WORKING_DAYS) next[day] = { open: monday.open, ranges: copyRanges(monday.ranges) };
  return next;
}

/**
 * The range to add after the existing ones: an hour long, an hour after the latest end. When that
 * does not fit in the day, the rest of the day after the latest end. null when the day has the most
 * ranges or no time left.
 */
export function nextRange(ranges: readonly TimeRange[]): TimeRange | null {
  if (ranges.length >= MAX_RANGES_PER_DAY) return null;
  if (ranges.length === 0) return { ...DEFAULT_RANGE };
  const lastEnd = Math.max(...ranges.map((range) => minutesOf(range.end) ?? 0));
  const start = lastEnd + 60;
  if (start + 60 <= LAST_STEP) return { start: formatMinutes(start), end: formatMinutes(start + 60) };
  if (lastEnd + 5 <= LAST_STEP) return { start: formatMinutes(roundUpTo5(lastEnd)), end: END_OF_DAY };
  return null;
}

/** 23:55, the last time a 5-minute picker offers. */
const LAST_STEP = 23 * 60 + 55;
const roundUpTo5 = (minutes: number): number => Math.ceil(minutes / 5) * 5;

function formatMinutes(total: number): string {
  const hour = Math.floor(total / 60);
  const minute = total % 60;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Why a range is not acceptable. */
export type RangeErrorCode = 'invalid_start' | 'invalid_end' | 'end_before_start' | 'overlap';
/** Why a day is not acceptable. */
export type DayErrorCode = 'no_ranges' | 'too_many_ranges';

export interface DayErrors {
  day?: DayErrorCode;
  /** Per range, in the editor's order; undefined where the range is fine. */
  ranges: (RangeErrorCode | undefined)[];
}

export type ScheduleErrors = Partial<Record<Weekday, DayErrors>>;

/** Validates one day: each range ends after it starts, and no two ranges overlap (touching is fine). */
export function validateDay(day: DaySchedule): DayErrors | null {
  if (!day.open) return null;
  const rangeErrors: (RangeErrorCode | undefined)[] = day.ranges.map(() => undefined);
  let dayError: DayErrorCode | undefined;
  if (day.ranges.length === 0) dayError = 'no_ranges';
  else if (day.ranges.length > MAX_RANGES_PER_DAY) dayError = 'too_many_ranges';

  const valid: { index: number; start: number; end: number }[] = [];
  day.ranges.forEach((range, index) => {
    const start = minutesOf(range.start);
    const end = minutesOf(range.end);
    if (start === null) rangeErrors[index] = 'invalid_start';
    else if (end === null) rangeErrors[index] = 'invalid_end';
    else if (end <= start) rangeErrors[index] = 'end_before_start';
    else valid.push({ index, start, end });
  });

  // Sweep in start order, remembering the range that reaches furthest so far: a range overlaps when
  // it starts before that one ends (a range inside a long one counts too).
  valid.sort((a, b) => a.start - b.start || a.end - b.end);
  let furthest: (typeof valid)[number] | undefined;
  for (const current of valid) {
    if (furthest && current.start < furthest.end) {
      // Mark the one entered later, so the range typed first stays "right".
      rangeErrors[Math.max(furthest.index, current.index)] = 'overlap';
    }
    if (!furthest || current.end > furthest.end) furthest = current;
  }

  if (!dayError && rangeErrors.every((error) => error === undefined)) return null;
  return dayError ? { day: dayError, ranges: rangeErrors } : { ranges: rangeErrors };
}

/** Errors of the whole week; an empty object when everything is fine. Closed days are not checked. */
export function validateWeekSchedule(schedule: WeekSchedule): ScheduleErrors {
  const errors: ScheduleErrors = {};
  for (const day of WEEKDAYS) {
    const dayErrors = validateDay(schedule[day]);
    if (dayErrors) errors[day] = dayErrors;
  }
  return errors;
}

export function hasScheduleErrors(errors: ScheduleErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** True when at least one day is open. */
export function isOpenSomeDay(schedule: WeekSchedule): boolean {
  return WEEKDAYS.some((day) => schedule[day].open && schedule[day].ranges.length > 0);
}
