import { describe, expect, it } from 'vitest';
import { nextFreeStart, type BusyInterval } from './next-free-slot';

const at = (day: number, hours: number, minutes = 0) => ({ year: 2026, month: 11, day, hours, minutes });
const busy = (from: ReturnType<typeof at>, to: ReturnType<typeof at>): BusyInterval => ({ startDate: from, endDate: to });

/** Monday 23 and Tuesday 24 November 2026: open 09:00–14:00 and 16:00–20:00 (a lunch break between). */
const WEEK: BusyInterval[] = [23, 24].flatMap((day) => [busy(at(day, 0), at(day, 9)), busy(at(day, 14), at(day, 16)), busy(at(day, 20), at(day + 1, 0))]);
const until = at(25, 0);

describe('nextFreeStart', () => {
  it('is now, on the 5-minute grid, when now is free inside working hours', () => {
    expect(nextFreeStart(at(23, 10, 31), WEEK, { until })).toEqual(at(23, 10, 35));
  });

  it('skips the break: at 14:10 the next start is 16:00, not the current minute', () => {
    expect(nextFreeStart(at(23, 14, 10), WEEK, { until })).toEqual(at(23, 16));
  });

  it('needs the whole duration free: 13:45 does not fit 30 minutes before the break', () => {
    expect(nextFreeStart(at(23, 13, 45), WEEK, { until })).toEqual(at(23, 16));
    expect(nextFreeStart(at(23, 13, 45), WEEK, { until, durationMinutes: 15 })).toEqual(at(23, 13, 45));
  });

  it('steps over appointments already booked', () => {
    const booked = [...WEEK, busy(at(23, 16), at(23, 16, 45)), busy(at(23, 16, 50), at(23, 17, 30))];
    expect(nextFreeStart(at(23, 15), booked, { until })).toEqual(at(23, 17, 30));
  });

  it('goes to the next working day after closing, and before opening waits for it', () => {
    expect(nextFreeStart(at(23, 19, 45), WEEK, { until })).toEqual(at(24, 9));
    expect(nextFreeStart(at(23, 7, 2), WEEK, { until })).toEqual(at(23, 9));
  });

  it('is null when nothing is free before the end of the range', () => {
    expect(nextFreeStart(at(24, 19, 50), WEEK, { until })).toBeNull();
    expect(nextFreeStart(at(23, 8), [busy(at(23, 0), until)], { until })).toBeNull();
  });

  it('with no busy stretch at all, is simply the next grid step', () => {
    expect(nextFreeStart(at(23, 23, 58), [], { until })).toEqual(at(24, 0));
  });
});
