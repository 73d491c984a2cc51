import { afterEach, describe, expect, it, vi } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import {
  formatDateTimeMedium,
  MINUTE_STEP,
  dateLocale,
  daysBetween,
  formatDate,
  formatDateLong,
  formatDateTimeShort,
  formatTime,
  fromDateString,
  fromParts,
  instantFromUtcParts,
  nowInstant,
  nowPlain,
  parseDate,
  parseTime,
  roundUpToStep,
  singleDayRange,
  toDateString,
  toParts,
  today,
} from './temporal.ts';

const pdt = (iso: string) => Temporal.PlainDateTime.from(iso);

describe('API parts', () => {
  it('maps wall-clock parts to a PlainDateTime and back', () => {
    const parts = { year: 2025, month: 3, day: 9, hours: 14, minutes: 5 };
    const dateTime = fromParts(parts);
    expect(dateTime.toString()).toBe('2025-03-09T14:05:00');
    expect(toParts(dateTime)).toEqual(parts);
  });

  it('drops seconds when converting to parts', () => {
    expect(toParts(pdt('2025-01-02T03:04:59'))).toEqual({ year: 2025, month: 1, day: 2, hours: 3, minutes: 4 });
  });

  it('rejects impossible parts instead of silently shifting them', () => {
    expect(() => fromParts({ year: 2025, month: 2, day: 30, hours: 10, minutes: 0 })).toThrow(RangeError);
    expect(() => fromParts({ year: 2025, month: 2, day: 3, hours: 24, minutes: 0 })).toThrow(RangeError);
  });

  it('reads licence parts as UTC', () => {
    const instant = instantFromUtcParts({ year: 2025, month: 6, day: 30, hours: 22, minutes: 15, seconds: 7 });
    expect(instant.toString()).toBe('2025-06-30T22:15:07Z');
    expect(instantFromUtcParts({ year: 2025, month: 6, day: 30, hours: 22, minutes: 15 }).toString()).toBe(
      '2025-06-30T22:15:00Z',
    );
  });
});

describe('formatting and parsing', () => {
  it('formats dates as YYYY-MM-DD and times as HH:mm', () => {
    expect(formatDate(Temporal.PlainDate.from('2025-01-05'))).toBe('2025-01-05');
    expect(formatDate(pdt('0987-11-30T08:00'))).toBe('0987-11-30');
    expect(formatTime(Temporal.PlainTime.from('07:03'))).toBe('07:03');
    expect(formatTime(pdt('2025-01-05T23:59:59'))).toBe('23:59');
  });

  it('parses valid dates and returns null on bad input', () => {
    expect(parseDate('2024-02-29')?.toString()).toBe('2024-02-29');
    expect(parseDate(' 2025-12-01 ')?.toString()).toBe('2025-12-01');
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-1', '01/02/2025', '', 'tomorrow', null, undefined]) {
      expect(parseDate(bad)).toBeNull();
    }
  });

  it('parses valid times and returns null on bad input', () => {
    expect(parseTime('09:05')?.toString()).toBe('09:05:00');
    expect(parseTime('9:05')?.toString()).toBe('09:05:00');
    expect(parseTime('23:59')?.toString()).toBe('23:59:00');
    for (const bad of ['24:00', '12:60', '12:5', '1205', 'noon', '', null, undefined]) {
      expect(parseTime(bad)).toBeNull();
    }
  });
});

describe('now', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the clock, in the requested time zone', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Temporal.Instant.from('2025-03-01T10:30:00Z').epochMilliseconds);
    expect(nowInstant().toString()).toBe('2025-03-01T10:30:00Z');
    expect(today('Pacific/Kiritimati').toString()).toBe('2025-03-02');
    expect(today('America/New_York').toString()).toBe('2025-03-01');
    expect(nowPlain('Europe/Madrid').toString()).toBe('2025-03-01T11:30:00');
  });

  it('defaults to the system time zone', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Temporal.Instant.from('2025-03-01T10:30:00Z').epochMilliseconds);
    const zone = Temporal.Now.timeZoneId();
    expect(nowPlain().equals(nowPlain(zone))).toBe(true);
    expect(today().equals(today(zone))).toBe(true);
  });
});

describe('roundUpToStep', () => {
  it('uses a 5-minute step', () => {
    expect(MINUTE_STEP).toBe(5);
  });

  it.each([
    ['2025-05-01T10:31', '2025-05-01T10:35:00'],
    ['2025-05-01T10:34', '2025-05-01T10:35:00'],
    ['2025-05-01T10:35', '2025-05-01T10:35:00'],
    ['2025-05-01T10:35:20', '2025-05-01T10:40:00'],
    ['2025-05-01T10:56', '2025-05-01T11:00:00'],
    ['2025-05-01T23:58', '2025-05-02T00:00:00'],
    ['2025-12-31T23:56', '2026-01-01T00:00:00'],
  ])('%s → %s', (input, expected) => {
    expect(roundUpToStep(pdt(input)).toString()).toBe(expected);
  });

  it('honours a custom step', () => {
    expect(roundUpToStep(pdt('2025-05-01T10:31'), 15).toString()).toBe('2025-05-01T10:45:00');
  });
});

describe('singleDayRange', () => {
  it('extends a same-day range to 23:59 when asked', () => {
    const { start, end } = singleDayRange(pdt('2025-05-01T09:00'), pdt('2025-05-01T10:00'), { extendToEndOfDay: true });
    expect(start.toString()).toBe('2025-05-01T09:00:00');
    expect(end.toString()).toBe('2025-05-01T23:59:00');
  });

  it('leaves the range alone when not asked', () => {
    expect(singleDayRange(pdt('2025-05-01T09:00'), pdt('2025-05-01T10:00')).end.toString()).toBe('2025-05-01T10:00:00');
  });

  it('leaves a multi-day range alone', () => {
    const range = singleDayRange(pdt('2025-05-01T09:00'), pdt('2025-05-02T00:00'), { extendToEndOfDay: true });
    expect(range.end.toString()).toBe('2025-05-02T00:00:00');
  });
});

describe('localized dates', () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['es-ES', 'es'],
    ['ca-ES', 'ca'],
    ['ca_ES', 'ca'],
    ['GL', 'gl'],
    ['fr-FR', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('dateLocale(%s) → %s', (language, expected) => {
    expect(dateLocale(language)).toBe(expected);
  });

  it('formats a long date in each supported language', () => {
    const date = Temporal.PlainDate.from('2025-05-03');
    expect(formatDateLong(date, 'en-US')).toBe('May 3, 2025');
    expect(formatDateLong(date, 'es-ES')).toBe('3 de mayo de 2025');
    expect(formatDateLong(date, 'ca')).toContain('maig');
    expect(formatDateLong(date, 'gl')).toContain('maio');
    expect(formatDateLong(pdt('2025-05-03T22:00'), 'en')).toBe('May 3, 2025');
  });

  it('formats a short date-time with the locale conventions', () => {
    const dateTime = pdt('2025-05-03T14:05');
    expect(formatDateTimeShort(dateTime, 'en')).toMatch(/^5\/3\/25,?\s2:05\sPM$/);
    expect(formatDateTimeShort(dateTime, 'es-ES')).toMatch(/^3\/5\/25,?\s14:05$/);
  });
});

describe('Mantine date strings', () => {
  it('round-trips a PlainDate through a YYYY-MM-DD string', () => {
    const date = Temporal.PlainDate.from('2025-07-04');
    expect(toDateString(date)).toBe('2025-07-04');
    expect(fromDateString(toDateString(date))?.equals(date)).toBe(true);
  });

  it('accepts a date-time picker value and ignores its time', () => {
    expect(fromDateString('2025-07-04 13:45:00')?.toString()).toBe('2025-07-04');
  });

  it('returns null for empty or invalid values', () => {
    expect(fromDateString(null)).toBeNull();
    expect(fromDateString('')).toBeNull();
    expect(fromDateString('2025-02-31')).toBeNull();
    expect(fromDateString('July 4')).toBeNull();
  });
});

describe('daysBetween', () => {
  it('counts whole days, signed', () => {
    const a = Temporal.PlainDate.from('2024-02-27');
    const b = Temporal.PlainDate.from('2024-03-02');
    expect(daysBetween(a, b)).toBe(4);
    expect(daysBetween(b, a)).toBe(-4);
    expect(daysBetween(a, a)).toBe(0);
  });
});

describe('formatDateTimeMedium (issue 18: times written one way)', () => {
  it('writes two-digit 24-hour times in English and Spanish', () => {
    const parts = { year: 2026, month: 11, day: 23, hours: 9, minutes: 30 };
    expect(formatDateTimeMedium(parts, 'en-US')).toMatch(/09:30$/);
    expect(formatDateTimeMedium(parts, 'es-ES')).toMatch(/09:30$/);
    expect(formatDateTimeMedium({ ...parts, hours: 0, minutes: 5 }, 'en-US')).toMatch(/00:05$/);
  });
});
