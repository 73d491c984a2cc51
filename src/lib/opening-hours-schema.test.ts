import { describe, expect, it } from 'vitest';
import { defaultWeekSchedule } from './opening-hours.ts';
import { openingHoursFormSchema, toOpeningHours } from './opening-hours-schema.ts';

describe('openingHoursFormSchema', () => {
  it('accepts the default week in a real time zone', () => {
    expect(openingHoursFormSchema.safeParse({ timeZone: 'Europe/Madrid', schedule: defaultWeekSchedule() }).success).toBe(true);
  });

  it('rejects a week with a reversed or overlapping range, on the schedule field', () => {
    const schedule = defaultWeekSchedule();
    schedule.tuesday.ranges.push({ start: '17:00', end: '19:00' });
    const result = openingHoursFormSchema.safeParse({ timeZone: 'Europe/Madrid', schedule });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['schedule']);
  });

  it('rejects unknown or malformed time zones', () => {
    for (const timeZone of ['', 'Mars/Base', 'GMT+2']) {
      const result = openingHoursFormSchema.safeParse({ timeZone, schedule: defaultWeekSchedule() });
      expect(result.error?.issues[0]?.path).toEqual(['timeZone']);
    }
  });
});

describe('toOpeningHours', () => {
  it('gives the API body, closed days empty and ranges in order', () => {
    const schedule = defaultWeekSchedule();
    schedule.monday.ranges = [
      { start: '16:00', end: '20:00' },
      { start: '09:00', end: '14:00' },
    ];
    schedule.saturday = { open: true, ranges: [{ start: '10:00', end: '23:59' }] };
    const body = toOpeningHours({ timeZone: 'America/New_York', schedule });
    expect(body.timeZone).toBe('America/New_York');
    expect(body.weekly.monday).toEqual([
      { start: '09:00', end: '14:00' },
      { start: '16:00', end: '20:00' },
    ]);
    expect(body.weekly.saturday).toEqual([{ start: '10:00', end: '23:59' }]);
    expect(body.weekly.sunday).toEqual([]);
  });
});
