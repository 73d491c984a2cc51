import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { newTimeOffForm, timeOffSpan, toTimeOffInput } from './time-off';

const base = newTimeOffForm(Temporal.PlainDate.from('2026-11-25'));

describe('time off form', () => {
  it('turns days off into whole days, the last one included', () => {
    expect(toTimeOffInput({ ...base, endDate: '2026-11-27', description: '  Vacaciones ' })).toEqual({
      input: {
        kind: 'TIME_OFF_KIND_TIME_OFF',
        startDate: { year: 2026, month: 11, day: 25, hours: 0, minutes: 0 },
        endDate: { year: 2026, month: 11, day: 28, hours: 0, minutes: 0 },
        description: 'Vacaciones',
      },
    });
  });

  it('turns a block into hours of one day', () => {
    expect(toTimeOffInput({ ...base, kind: 'TIME_OFF_KIND_BLOCK', startTime: '16:00', endTime: '18:30' })).toEqual({
      input: {
        kind: 'TIME_OFF_KIND_BLOCK',
        startDate: { year: 2026, month: 11, day: 25, hours: 16, minutes: 0 },
        endDate: { year: 2026, month: 11, day: 25, hours: 18, minutes: 30 },
      },
    });
  });

  it('refuses an end before the start, bad dates and more than a year', () => {
    expect(toTimeOffInput({ ...base, endDate: '2026-11-24' })).toEqual({ errors: { endDate: 'endBeforeStart' } });
    expect(toTimeOffInput({ ...base, startDate: '2026-02-30' })).toEqual({ errors: { startDate: 'startDate' } });
    expect(toTimeOffInput({ ...base, endDate: '2027-11-26' })).toEqual({ errors: { endDate: 'tooLong' } });
    expect(toTimeOffInput({ ...base, kind: 'TIME_OFF_KIND_BLOCK', startTime: '18:00', endTime: '18:00' })).toEqual({
      errors: { endTime: 'endTimeBeforeStart' },
    });
    expect(toTimeOffInput({ ...base, kind: 'TIME_OFF_KIND_BLOCK', startTime: '' })).toEqual({ errors: { startTime: 'startTime' } });
  });

  it('reads a time off back as days, hours or a span', () => {
    const day = (d: number, h = 0, m = 0) => ({ year: 2026, month: 11, day: d, hours: h, minutes: m });
    const days = timeOffSpan({ startDate: day(25), endDate: day(28) });
    expect(days.type === 'days' && [days.first.toString(), days.last.toString()]).toEqual(['2026-11-25', '2026-11-27']);
    expect(timeOffSpan({ startDate: day(25, 16), endDate: day(25, 18) }).type).toBe('hours');
    expect(timeOffSpan({ startDate: day(25, 16), endDate: day(26, 10) }).type).toBe('span');
  });
});
