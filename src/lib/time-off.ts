import type { TimeOff, TimeOffInput, TimeOffKind } from '@generated/types.gen';
import { daysBetween, fromParts, parseDate, parseTime, toParts } from '~/lib/temporal';
import type { Temporal } from 'temporal-polyfill';

/**
 * The time-off form (a member's schedule, the calendar's "Block time") and how a time off reads. A day off covers whole days:
 * from the first day at 00:00 to the day after the last at 00:00. A block is a few hours of one day.
 */

export const MAX_TIME_OFF_DAYS = 366;

export interface TimeOffFormValues {
  kind: TimeOffKind;
  /** 'YYYY-MM-DD': the first day off, or the day of the block. */
  startDate: string;
  /** 'YYYY-MM-DD': the last day off (days off only). */
  endDate: string;
  /** 'HH:mm' (blocks only). */
  startTime: string;
  /** 'HH:mm' (blocks only). */
  endTime: string;
  description: string;
}

export type TimeOffFormError = 'startDate' | 'endDate' | 'endBeforeStart' | 'startTime' | 'endTime' | 'endTimeBeforeStart' | 'tooLong';

export function newTimeOffForm(today: Temporal.PlainDate): TimeOffFormValues {
  const day = today.toString();
  return { kind: 'TIME_OFF_KIND_TIME_OFF', startDate: day, endDate: day, startTime: '16:00', endTime: '18:00', description: '' };
}

/** The API input of valid form values, or the first problem by field. */
export function toTimeOffInput(values: TimeOffFormValues): { input: TimeOffInput } | { errors: Partial<Record<keyof TimeOffFormValues, TimeOffFormError>> } {
  const start = parseDate(values.startDate);
  if (!start) return { errors: { startDate: 'startDate' } };
  const description = values.description.trim();
  const extra = description ? { description } : {};
  if (values.kind === 'TIME_OFF_KIND_TIME_OFF') {
    const end = parseDate(values.endDate);
    if (!end) return { errors: { endDate: 'endDate' } };
    const days = daysBetween(start, end);
    if (days < 0) return { errors: { endDate: 'endBeforeStart' } };
    if (days + 1 > MAX_TIME_OFF_DAYS) return { errors: { endDate: 'tooLong' } };
    return {
      input: {
        kind: values.kind,
        startDate: toParts(start.toPlainDateTime()),
        endDate: toParts(end.add({ days: 1 }).toPlainDateTime()),
        ...extra,
      },
    };
  }
  const from = parseTime(values.startTime);
  const to = parseTime(values.endTime);
  if (!from) return { errors: { startTime: 'startTime' } };
  if (!to) return { errors: { endTime: 'endTime' } };
  if (to.hour * 60 + to.minute <= from.hour * 60 + from.minute) return { errors: { endTime: 'endTimeBeforeStart' } };
  return {
    input: { kind: values.kind, startDate: toParts(start.toPlainDateTime(from)), endDate: toParts(start.toPlainDateTime(to)), ...extra },
  };
}

export type TimeOffSpan =
  | { type: 'days'; first: Temporal.PlainDate; last: Temporal.PlainDate }
  | { type: 'hours'; day: Temporal.PlainDate; start: Temporal.PlainDateTime; end: Temporal.PlainDateTime }
  | { type: 'span'; start: Temporal.PlainDateTime; end: Temporal.PlainDateTime };

/** How a time off reads: whole days (first to last), a few hours of one day, or any other span. */
export function timeOffSpan(item: Pick<TimeOff, 'startDate' | 'endDate'>): TimeOffSpan {
  const start = fromParts(item.startDate);
  const end = fromParts(item.endDate);
  const midnight = (value: Temporal.PlainDateTime) => value.hour === 0 && value.minute === 0;
  if (midnight(start) && midnight(end) && daysBetween(start.toPlainDate(), end.toPlainDate()) >= 1) {
    return { type: 'days', first: start.toPlainDate(), last: end.toPlainDate().subtract({ days: 1 }) };
  }
  if (start.toPlainDate().equals(end.toPlainDate())) return { type: 'hours', day: start.toPlainDate(), start, end };
  return { type: 'span', start, end };
}
