import { Temporal } from 'temporal-polyfill';
import { unprocessable } from '../problem.ts';
import type { DateRange } from './revenue.ts';

export type Grouping = 'REPORT_GROUPING_DAY' | 'REPORT_GROUPING_WEEK' | 'REPORT_GROUPING_MONTH';

/** At most a year (366 days: a leap year) per report, statistics or CSV. */
export const MAX_RANGE_DAYS = 366;

/**
 * The range checked: end not before start, at most 366 days. `fields` names the request's fields in
 * the 422 (body `/endDate`, query `endDate`, statistics `/end_date`).
 */
export function checkedRange(from: string, to: string, endField = '/endDate'): DateRange {
  const start = Temporal.PlainDate.from(from);
  const end = Temporal.PlainDate.from(to);
  if (Temporal.PlainDate.compare(end, start) < 0) throw unprocessable(endField, 'end_before_start', 'The last day cannot be before the first.');
  if (start.until(end).days + 1 > MAX_RANGE_DAYS) throw unprocessable(endField, 'range_too_long', `A report spans at most ${MAX_RANGE_DAYS} days.`);
  return { from: start.toString(), to: end.toString() };
}

/** The SQL expression of a local date column's period start. */
export function periodSql(grouping: Grouping, column: string): string {
  if (grouping === 'REPORT_GROUPING_WEEK') return `date_trunc('week', ${column})::date`;
  if (grouping === 'REPORT_GROUPING_MONTH') return `date_trunc('month', ${column})::date`;
  return `${column}::date`;
}

export interface Period {
  /** Unclipped start: the key the SQL groups by. */
  key: string;
  periodStart: string;
  periodEnd: string;
}

const min = (a: Temporal.PlainDate, b: Temporal.PlainDate) => (Temporal.PlainDate.compare(a, b) <= 0 ? a : b);
const max = (a: Temporal.PlainDate, b: Temporal.PlainDate) => (Temporal.PlainDate.compare(a, b) >= 0 ? a : b);

/** Every period of the range, chronological, clipped to it (ISO weeks start on Monday). */
export function periodsOf(range: DateRange, grouping: Grouping): Period[] {
  const first = Temporal.PlainDate.from(range.from);
  const last = Temporal.PlainDate.from(range.to);
  const startOf = (date: Temporal.PlainDate) =>
    grouping === 'REPORT_GROUPING_WEEK' ? date.subtract({ days: date.dayOfWeek - 1 }) : grouping === 'REPORT_GROUPING_MONTH' ? date.with({ day: 1 }) : date;
  const next = (date: Temporal.PlainDate) =>
    grouping === 'REPORT_GROUPING_WEEK' ? date.add({ weeks: 1 }) : grouping === 'REPORT_GROUPING_MONTH' ? date.add({ months: 1 }) : date.add({ days: 1 });
  const periods: Period[] = [];
  for (let start = startOf(first); Temporal.PlainDate.compare(start, last) <= 0; start = next(start)) {
    const end = next(start).subtract({ days: 1 });
    periods.push({ key: start.toString(), periodStart: max(start, first).toString(), periodEnd: min(end, last).toString() });
  }
  return periods;
}

/** The period of the same length right before `range`. */
export function previousRange(range: DateRange): DateRange {
  const first = Temporal.PlainDate.from(range.from);
  const days = first.until(Temporal.PlainDate.from(range.to)).days + 1;
  return { from: first.subtract({ days }).toString(), to: first.subtract({ days: 1 }).toString() };
}

/** Today's date in a time zone. */
export const todayIn = (timeZone: string): Temporal.PlainDate => Temporal.Now.plainDateISO(timeZone);
