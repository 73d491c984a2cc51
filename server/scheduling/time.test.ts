import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  earliestOpeningHour,
  expandRecurrence,
  isOutsideSchedule,
  offsetDateTime,
  partsFromSql,
  plainFromParts,
  RecurrenceError,
  resolveLocal,
  unavailableIntervals,
  wallMinutes,
  type Weekly,
} from './time.ts';

const MADRID = 'Europe/Madrid';
const at = (text: string) => Temporal.PlainDateTime.from(text);
const day = (text: string) => Temporal.PlainDate.from(text);

describe('wall-clock ↔ instant (Europe/Madrid)', () => {
  it('keeps an ordinary time and answers its offset', () => {
    const { instant, local } = resolveLocal(at('2026-11-23T10:30'), MADRID);
    expect(instant.toString()).toBe('2026-11-23T09:30:00Z');
    expect(local.toString()).toBe('2026-11-23T10:30:00');
    expect(offsetDateTime(instant, MADRID)).toBe('2026-11-23T10:30:00+01:00');
    expect(offsetDateTime(resolveLocal(at('2026-07-01T10:30'), MADRID).instant, MADRID)).toBe('2026-07-01T10:30:00+02:00');
  });

  it('moves a time skipped on 2026-03-29 forward by the gap (02:30 → 03:30 CEST)', () => {
    const { instant, local } = resolveLocal(at('2026-03-29T02:30'), MADRID);
    expect(local.toString()).toBe('2026-03-29T03:30:00');
    expect(instant.toString()).toBe('2026-03-29T01:30:00Z');
    expect(offsetDateTime(instant, MADRID)).toBe('2026-03-29T03:30:00+02:00');
    // Either side of the gap is untouched.
    expect(offsetDateTime(resolveLocal(at('2026-03-29T01:55'), MADRID).instant, MADRID)).toBe('2026-03-29T01:55:00+01:00');
    expect(offsetDateTime(resolveLocal(at('2026-03-29T03:00'), MADRID).instant, MADRID)).toBe('2026-03-29T03:00:00+02:00');
  });

  it('reads the hour repeated on 2026-10-25 as its first occurrence (summer time)', () => {
    const { instant, local } = resolveLocal(at('2026-10-25T02:30'), MADRID);
    expect(local.toString()).toBe('2026-10-25T02:30:00');
    expect(instant.toString()).toBe('2026-10-25T00:30:00Z');
    expect(offsetDateTime(instant, MADRID)).toBe('2026-10-25T02:30:00+02:00');
    // 03:00 exists once, after the change: winter time.
    expect(offsetDateTime(resolveLocal(at('2026-10-25T03:00'), MADRID).instant, MADRID)).toBe('2026-10-25T03:00:00+01:00');
  });

  it('refuses impossible parts', () => {
    expect(() => plainFromParts({ year: 2026, month: 2, day: 30, hours: 10, minutes: 0 })).toThrow(RangeError);
  });
});

describe('recurrence', () => {
  it('keeps the wall-clock time weekly across both DST changes', () => {
    const occurrences = expandRecurrence(at('2026-03-22T10:00'), at('2026-03-22T10:45'), { frequency: 'RECURRENCE_FREQUENCY_WEEKLY', count: 3 });
    expect(occurrences.map((o) => o.start.toString())).toEqual(['2026-03-22T10:00:00', '2026-03-29T10:00:00', '2026-04-05T10:00:00']);
    expect(occurrences.map((o) => offsetDateTime(resolveLocal(o.start, MADRID).instant, MADRID))).toEqual([
      '2026-03-22T10:00:00+01:00',
      '2026-03-29T10:00:00+02:00',
      '2026-04-05T10:00:00+02:00',
    ]);
    const autumn = expandRecurrence(at('2026-10-18T09:00'), at('2026-10-18T10:00'), { frequency: 'RECURRENCE_FREQUENCY_WEEKLY', interval: 1, until: '2026-10-25' });
    expect(autumn.map((o) => offsetDateTime(resolveLocal(o.start, MADRID).instant, MADRID))).toEqual(['2026-10-18T09:00:00+02:00', '2026-10-25T09:00:00+01:00']);
    expect(autumn[1]!.end.toString()).toBe('2026-10-25T10:00:00');
  });

  it('every N weeks, up to a date inclusive', () => {
    const occurrences = expandRecurrence(at('2026-01-05T09:00'), at('2026-01-05T09:30'), { frequency: 'RECURRENCE_FREQUENCY_WEEKLY', interval: 2, until: '2026-02-02' });
    expect(occurrences.map((o) => [o.index, o.start.toPlainDate().toString()])).toEqual([
      [1, '2026-01-05'],
      [2, '2026-01-19'],
      [3, '2026-02-02'],
    ]);
  });

  it('monthly skips the months without the day, which do not count', () => {
    const occurrences = expandRecurrence(at('2026-01-31T17:00'), at('2026-01-31T18:00'), { frequency: 'RECURRENCE_FREQUENCY_MONTHLY', count: 4 });
    expect(occurrences.map((o) => o.start.toPlainDate().toString())).toEqual(['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31']);
  });

  it('refuses count and until together, too many occurrences, and more than 2 years', () => {
    const start = at('2026-01-05T09:00');
    const end = at('2026-01-05T09:30');
    expect(() => expandRecurrence(start, end, { frequency: 'RECURRENCE_FREQUENCY_WEEKLY', count: 3, until: '2026-03-01' })).toThrow(RecurrenceError);
    expect(() => expandRecurrence(start, end, { frequency: 'RECURRENCE_FREQUENCY_WEEKLY', until: '2028-12-31' })).toThrow(/2 years|104/);
    expect(() => expandRecurrence(start, end, { frequency: 'RECURRENCE_FREQUENCY_MONTHLY', interval: 12, count: 4 })).toThrow(/2 years/);
    expect(expandRecurrence(start, end, { frequency: 'RECURRENCE_FREQUENCY_WEEKLY', count: 104 })).toHaveLength(104);
  });
});

const weekly: Weekly = {
  monday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
  tuesday: [{ start: '09:00', end: '17:00' }],
  wednesday: [{ start: '09:00', end: '17:00' }],
  thursday: [{ start: '09:00', end: '17:00' }],
  friday: [{ start: '09:00', end: '17:00' }],
  saturday: [],
  sunday: [],
};

describe('unavailable intervals', () => {
  it('outside hours, breaks, closed dates and time off of a week', () => {
    const intervals = unavailableIntervals(
      {
        weekly,
        closedDates: [{ date: '2026-03-27', reason: 'Fiesta' }],
        timeOff: [{ id: 'b1', kind: 'TIME_OFF_KIND_BLOCK', start: wallMinutes(at('2026-03-24T10:00')), end: wallMinutes(at('2026-03-24T11:00')), description: 'Médico' }],
      },
      day('2026-03-23'),
      day('2026-03-29'),
    );
    const wall = (minutes: number) => new Date(minutes * 60_000).toISOString().slice(0, 16);
    const text = intervals.map((i) => `${wall(i.start)}/${wall(i.end)} ${i.reason.replace('UNAVAILABLE_SLOT_REASON_', '')}${i.timeOffId ? ` ${i.timeOffId}` : ''}`);
    expect(text).toEqual([
      '2026-03-23T00:00/2026-03-23T09:00 OUTSIDE_OPENING_HOURS',
      '2026-03-23T14:00/2026-03-23T16:00 BREAK',
      '2026-03-23T20:00/2026-03-24T00:00 OUTSIDE_OPENING_HOURS',
      '2026-03-24T00:00/2026-03-24T09:00 OUTSIDE_OPENING_HOURS',
      '2026-03-24T17:00/2026-03-25T00:00 OUTSIDE_OPENING_HOURS',
      '2026-03-25T00:00/2026-03-25T09:00 OUTSIDE_OPENING_HOURS',
      '2026-03-25T17:00/2026-03-26T00:00 OUTSIDE_OPENING_HOURS',
      '2026-03-26T00:00/2026-03-26T09:00 OUTSIDE_OPENING_HOURS',
      '2026-03-26T17:00/2026-03-27T00:00 OUTSIDE_OPENING_HOURS',
      '2026-03-27T00:00/2026-03-28T00:00 HOLIDAY',
      '2026-03-28T00:00/2026-03-29T00:00 OUTSIDE_OPENING_HOURS',
      '2026-03-29T00:00/2026-03-30T00:00 OUTSIDE_OPENING_HOURS',
      '2026-03-24T10:00/2026-03-24T11:00 BLOCKED b1',
    ]);
    expect(intervals.find((i) => i.reason === 'UNAVAILABLE_SLOT_REASON_HOLIDAY')?.description).toBe('Fiesta');
  });

  it('tells a booking inside hours from one outside, in a break, in time off', () => {
    const schedule = { weekly, timeOff: [{ id: 'b1', kind: 'TIME_OFF_KIND_TIME_OFF' as const, start: wallMinutes(at('2026-03-24T00:00')), end: wallMinutes(at('2026-03-25T00:00')) }] };
    expect(isOutsideSchedule(schedule, at('2026-03-23T09:00'), at('2026-03-23T14:00'))).toBe(false);
    expect(isOutsideSchedule(schedule, at('2026-03-23T13:30'), at('2026-03-23T14:30'))).toBe(true);
    expect(isOutsideSchedule(schedule, at('2026-03-23T08:30'), at('2026-03-23T09:30'))).toBe(true);
    expect(isOutsideSchedule(schedule, at('2026-03-24T10:00'), at('2026-03-24T11:00'))).toBe(true);
    expect(isOutsideSchedule(schedule, at('2026-03-28T10:00'), at('2026-03-28T11:00'))).toBe(true);
    // No opening hours at all: always open.
    expect(isOutsideSchedule({}, at('2026-03-28T03:00'), at('2026-03-28T04:00'))).toBe(false);
    // 23:59 as an end means the end of the day.
    const late: Weekly = { ...weekly, saturday: [{ start: '18:00', end: '23:59' }] };
    expect(isOutsideSchedule({ weekly: late }, at('2026-03-28T23:00'), at('2026-03-29T00:00'))).toBe(false);
  });

  it('answers the earliest opening hour of the days shown', () => {
    expect(earliestOpeningHour({ ...weekly, saturday: [{ start: '07:30', end: '12:00' }] }, [day('2026-03-23'), day('2026-03-28')])).toBe(7);
    expect(earliestOpeningHour(weekly, [day('2026-03-29')])).toBeUndefined();
  });
});

describe('offsetDateTime (Intl, memoized) agrees with Temporal', () => {
  it('over 2026 and every 5 minutes around its DST changes, in zones with DST, half-hour and 45-minute offsets', () => {
    const dense = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01'].flatMap((day) => {
      const from = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
      return Array.from({ length: (3 * 86_400_000) / 300_000 }, (_, i) => from + i * 300_000);
    });
    for (const zone of ['Europe/Madrid', 'America/New_York', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC']) {
      const start = Date.UTC(2026, 0, 1);
      const sparse = Array.from({ length: 366 * 8 }, (_, i) => start + i * 3 * 3_600_000 + 7 * 60_000);
      for (const ms of [...sparse, ...dense]) {
        const expected = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toString({ timeZoneName: 'never', smallestUnit: 'second' });
        const actual = offsetDateTime(new Date(ms), zone);
        if (actual !== expected) expect({ zone, ms, actual }).toEqual({ zone, ms, actual: expected });
      }
    }
  }, 60_000);
});

describe('partsFromSql', () => {
  it('reads a timestamp as PostgreSQL writes it and as its JSON does', () => {
    const parts = { year: 2026, month: 3, day: 29, hours: 3, minutes: 30 };
    expect(partsFromSql('2026-03-29 03:30:00')).toEqual(parts);
    expect(partsFromSql('2026-03-29T03:30:00')).toEqual(parts);
    expect(partsFromSql(' 2026-03-29 03:30')).toEqual(parts);
  });
});
