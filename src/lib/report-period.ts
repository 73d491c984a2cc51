import { Temporal } from 'temporal-polyfill';

/** At most a year per report (the server answers 422 range_too_long beyond it). */
export const MAX_DAYS = 366;

export type RangeProblem = 'endBeforeStart' | 'rangeTooLong' | null;

/** What is wrong with a range of YYYY-MM-DD dates, before asking the server. */
export function rangeProblem(from: string, to: string): RangeProblem {
  const start = Temporal.PlainDate.from(from);
  const end = Temporal.PlainDate.from(to);
  if (Temporal.PlainDate.compare(end, start) < 0) return 'endBeforeStart';
  if (start.until(end).days + 1 > MAX_DAYS) return 'rangeTooLong';
  return null;
}

export const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && (() => { try { Temporal.PlainDate.from(text); return true; } catch { return false; } })();

/** The month so far: its first day to today. */
export function monthToDate(today: Temporal.PlainDate): { from: string; to: string } {
  return { from: today.with({ day: 1 }).toString(), to: today.toString() };
}

/** The period of the same length right before (the comparison of the statistics). */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const start = Temporal.PlainDate.from(from);
  const days = start.until(Temporal.PlainDate.from(to)).days + 1;
  return { from: start.subtract({ days }).toString(), to: start.subtract({ days: 1 }).toString() };
}
