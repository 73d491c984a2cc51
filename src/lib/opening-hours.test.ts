import { describe, expect, it } from 'vitest';
import {
  copyMondayToWeekdays,
  defaultWeekSchedule,
  END_OF_DAY,
  hasScheduleErrors,
  isOpenSomeDay,
  MAX_RANGES_PER_DAY,
  nextRange,
  openingHoursFromSchedule,
  scheduleFromOpeningHours,
  validateDay,
  validateWeekSchedule,
  WEEKDAYS,
  type ApiWeek,
  type WeekSchedule,
} from './opening-hours.ts';

const closedWeek = (): ApiWeek => ({ monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] });

describe('defaultWeekSchedule', () => {
  it('opens Monday to Friday 09:00-18:00 and closes the weekend', () => {
    const week = defaultWeekSchedule();
    expect(week.monday).toEqual({ open: true, ranges: [{ start: '09:00', end: '18:00' }] });
    expect(week.friday.open).toBe(true);
    expect(week.saturday.open).toBe(false);
    expect(week.sunday.open).toBe(false);
    expect(validateWeekSchedule(week)).toEqual({});
  });

  it('gives independent copies each time', () => {
    const a = defaultWeekSchedule();
    a.monday.ranges[0]!.start = '10:00';
    expect(defaultWeekSchedule().monday.ranges[0]!.start).toBe('09:00');
  });
});

describe('scheduleFromOpeningHours / openingHoursFromSchedule', () => {
  it('falls back to the default week without opening hours', () => {
    expect(scheduleFromOpeningHours(undefined)).toEqual(defaultWeekSchedule());
    expect(scheduleFromOpeningHours(null)).toEqual(defaultWeekSchedule());
  });

  it('reads closed days as closed, keeping a range to reopen with', () => {
    const weekly = { ...closedWeek(), monday: [{ start: '08:00', end: '14:00' }, { start: '16:00', end: '20:00' }] };
    const schedule = scheduleFromOpeningHours({ weekly });
    expect(schedule.monday).toEqual({ open: true, ranges: weekly.monday });
    expect(schedule.sunday.open).toBe(false);
    expect(schedule.sunday.ranges).toHaveLength(1);
  });

  it('round-trips the API shape', () => {
    const weekly = { ...closedWeek(), tuesday: [{ start: '09:30', end: '13:00' }], saturday: [{ start: '10:00', end: END_OF_DAY }] };
    const back = openingHoursFromSchedule(scheduleFromOpeningHours({ weekly }), 'Europe/Madrid');
    expect(back).toEqual({ timeZone: 'Europe/Madrid', weekly });
  });

  it('sends closed days as empty lists even when they keep ranges in the editor', () => {
    const schedule = defaultWeekSchedule();
    schedule.monday.open = false;
    const api = openingHoursFromSchedule(schedule, 'UTC');
    expect(api.weekly.monday).toEqual([]);
    expect(api.weekly.tuesday).toEqual([{ start: '09:00', end: '18:00' }]);
  });

  it('sorts ranges by start time', () => {
    const schedule = defaultWeekSchedule();
    schedule.monday.ranges = [
      { start: '16:00', end: '20:00' },
      { start: '08:00', end: '13:00' },
    ];
    expect(openingHoursFromSchedule(schedule, 'UTC').weekly.monday).toEqual([
      { start: '08:00', end: '13:00' },
      { start: '16:00', end: '20:00' },
    ]);
  });

  it('keeps closed dates that the editor does not show', () => {
    const closedDates = [{ date: '2025-12-25', reason: 'Christmas' }];
    expect(openingHoursFromSchedule(defaultWeekSchedule(), 'UTC', closedDates).closedDates).toEqual(closedDates);
    expect(openingHoursFromSchedule(defaultWeekSchedule(), 'UTC', []).closedDates).toBeUndefined();
  });
});

describe('copyMondayToWeekdays', () => {
  it('copies Monday to Tuesday-Friday and leaves the weekend alone', () => {
    const schedule = defaultWeekSchedule();
    schedule.monday = { open: true, ranges: [{ start: '08:00', end: '14:00' }, { start: '15:00', end: '19:00' }] };
    schedule.wednesday.open = false;
    schedule.saturday = { open: true, ranges: [{ start: '10:00', end: '13:00' }] };
    const copied = copyMondayToWeekdays(schedule);
    for (const day of ['tuesday', 'wednesday', 'thursday', 'friday'] as const) {
      expect(copied[day]).toEqual(schedule.monday);
    }
    expect(copied.saturday).toEqual(schedule.saturday);
    expect(copied.sunday).toEqual(schedule.sunday);
  });

  it('copies a closed Monday as closed', () => {
    const schedule = defaultWeekSchedule();
    schedule.monday.open = false;
    expect(copyMondayToWeekdays(schedule).friday.open).toBe(false);
  });

  it('does not share range objects between days', () => {
    const copied = copyMondayToWeekdays(defaultWeekSchedule());
    copied.tuesday.ranges[0]!.start = '07:00';
    expect(copied.monday.ranges[0]!.start).toBe('09:00');
  });
});

describe('validateDay', () => {
  it('accepts ranges that end after they start and do not overlap', () => {
    expect(validateDay({ open: true, ranges: [{ start: '09:00', end: '13:00' }, { start: '15:00', end: '19:00' }] })).toBeNull();
  });

  it('accepts ranges that touch', () => {
    expect(validateDay({ open: true, ranges: [{ start: '09:00', end: '13:00' }, { start: '13:00', end: '19:00' }] })).toBeNull();
  });

  it('accepts a range until the end of the day', () => {
    expect(validateDay({ open: true, ranges: [{ start: '18:00', end: END_OF_DAY }] })).toBeNull();
  });

  it('rejects an end before or equal to the start', () => {
    expect(validateDay({ open: true, ranges: [{ start: '13:00', end: '09:00' }] })?.ranges).toEqual(['end_before_start']);
    expect(validateDay({ open: true, ranges: [{ start: '09:00', end: '09:00' }] })?.ranges).toEqual(['end_before_start']);
  });

  it('marks the later-entered of two overlapping ranges', () => {
    const errors = validateDay({ open: true, ranges: [{ start: '09:00', end: '14:00' }, { start: '13:00', end: '18:00' }] });
    expect(errors?.ranges).toEqual([undefined, 'overlap']);
  });

  it('finds an overlap whatever the order of entry', () => {
    const errors = validateDay({ open: true, ranges: [{ start: '15:00', end: '19:00' }, { start: '08:00', end: '16:00' }] });
    expect(errors?.ranges).toEqual([undefined, 'overlap']);
  });

  it('finds a range contained in another', () => {
    const errors = validateDay({
      open: true,
      ranges: [{ start: '08:00', end: '20:00' }, { start: '10:00', end: '11:00' }, { start: '12:00', end: '13:00' }],
    });
    expect(errors?.ranges).toEqual([undefined, 'overlap', 'overlap']);
  });

  it('reports unreadable times', () => {
    expect(validateDay({ open: true, ranges: [{ start: '', end: '10:00' }] })?.ranges).toEqual(['invalid_start']);
    expect(validateDay({ open: true, ranges: [{ start: '09:00', end: '25:00' }] })?.ranges).toEqual(['invalid_end']);
  });

  it('needs at least one range on an open day, and no more than the API keeps', () => {
    expect(validateDay({ open: true, ranges: [] })?.day).toBe('no_ranges');
    const many = Array.from({ length: MAX_RANGES_PER_DAY + 1 }, (_, i) => ({
      start: `${String(i * 2 + 1).padStart(2, '0')}:00`,
      end: `${String(i * 2 + 2).padStart(2, '0')}:00`,
    }));
    expect(validateDay({ open: true, ranges: many })?.day).toBe('too_many_ranges');
  });

  it('ignores the ranges of a closed day', () => {
    expect(validateDay({ open: false, ranges: [{ start: '13:00', end: '09:00' }] })).toBeNull();
  });
});

describe('validateWeekSchedule', () => {
  it('reports only the days with problems', () => {
    const schedule: WeekSchedule = defaultWeekSchedule();
    schedule.wednesday.ranges = [{ start: '18:00', end: '09:00' }];
    const errors = validateWeekSchedule(schedule);
    expect(Object.keys(errors)).toEqual(['wednesday']);
    expect(hasScheduleErrors(errors)).toBe(true);
    expect(hasScheduleErrors(validateWeekSchedule(defaultWeekSchedule()))).toBe(false);
  });
});

describe('nextRange', () => {
  it('starts with the default range on an empty day', () => {
    expect(nextRange([])).toEqual({ start: '09:00', end: '18:00' });
  });

  it('adds an hour after the latest end, an hour long', () => {
    expect(nextRange([{ start: '09:00', end: '13:00' }])).toEqual({ start: '14:00', end: '15:00' });
  });

  it('offers the rest of the day when a full hour does not fit, and nothing when the day is over', () => {
    expect(nextRange([{ start: '09:00', end: '22:30' }])).toEqual({ start: '22:30', end: END_OF_DAY });
    expect(nextRange([{ start: '09:00', end: END_OF_DAY }])).toBeNull();
  });

  it('never gives an invalid or overlapping range', () => {
    for (const end of ['10:00', '17:35', '21:55', '22:05', '23:00', '23:50']) {
      const ranges = [{ start: '09:00', end }];
      const next = nextRange(ranges);
      if (next) expect(validateDay({ open: true, ranges: [...ranges, next] })).toBeNull();
    }
  });

  it('stops at the most ranges a day can have', () => {
    const full = Array.from({ length: MAX_RANGES_PER_DAY }, (_, i) => ({ start: `0${i}:00`, end: `0${i}:30` }));
    expect(nextRange(full)).toBeNull();
  });
});

describe('isOpenSomeDay', () => {
  it('is false only when every day is closed', () => {
    const schedule = defaultWeekSchedule();
    expect(isOpenSomeDay(schedule)).toBe(true);
    for (const day of WEEKDAYS) schedule[day].open = false;
    expect(isOpenSomeDay(schedule)).toBe(false);
  });
});
