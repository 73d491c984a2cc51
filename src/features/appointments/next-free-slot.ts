import { epochMsFromParts, partsFromEpochMs, type DateTimeParts } from '~/lib/temporal';

/** A busy stretch of a member's calendar: an unavailable slot (closed, break, time off…) or an appointment. */
export interface BusyInterval {
  startDate: DateTimeParts;
  endDate: DateTimeParts;
}

/** Wall-clock minutes since 1970-01-01 00:00, zone-free (the calendar's parts are wall-clock times). */
export function wallMinutes(parts: DateTimeParts): number {
  return epochMsFromParts(parts, 'UTC') / 60_000;
}

function partsOf(minutes: number): DateTimeParts {
  return partsFromEpochMs(minutes * 60_000, 'UTC');
}

const ceilTo = (minutes: number, step: number) => Math.ceil(minutes / step) * step;

/**
 * A new appointment's default start (issue 18): the first start at or after `from`, on the
 * `stepMinutes` grid, whose `durationMinutes` fit between the busy stretches (outside opening hours,
 * breaks, time off, blocks, other appointments) and end on the same day, before `until`. Null when
 * there is none (no working hours in the range): the caller keeps its own default.
 */
export function nextFreeStart(
  from: DateTimeParts,
  busy: readonly BusyInterval[],
  options: { until: DateTimeParts; durationMinutes?: number; stepMinutes?: number },
): DateTimeParts | null {
  const duration = options.durationMinutes ?? 30;
  const step = options.stepMinutes ?? 5;
  const until = wallMinutes(options.until);
  const intervals = busy
    .map((item) => ({ start: wallMinutes(item.startDate), end: wallMinutes(item.endDate) }))
    .filter((item) => item.end > item.start)
    .sort((a, b) => a.start - b.start);
  let candidate = ceilTo(wallMinutes(from), step);
  while (candidate + duration <= until) {
    const dayEnd = Math.floor(candidate / 1440) * 1440 + 1440;
    if (candidate + duration > dayEnd) {
      candidate = dayEnd;
      continue;
    }
    const end = candidate + duration;
    const overlapping = intervals.filter((item) => item.start < end && item.end > candidate);
    if (overlapping.length === 0) return partsOf(candidate);
    candidate = ceilTo(Math.max(...overlapping.map((item) => item.end)), step);
  }
  return null;
}
