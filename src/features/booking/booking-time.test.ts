import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatDate, formatTime, todayIn, wallClock } from './booking-time';

describe('booking-time', () => {
  it('reads the business wall clock straight from the offset date-time', () => {
    expect(wallClock('2026-11-24T10:15:00+01:00')).toEqual({ date: '2026-11-24', hour: 10, minute: 15 });
    expect(wallClock('2026-03-29T03:00:00+02:00')).toEqual({ date: '2026-03-29', hour: 3, minute: 0 });
    expect(formatTime('2026-11-24T14:05:00+01:00')).toBe('14:05');
    expect(formatTime('2026-11-24T09:30:00-05:00')).toBe('09:30');
  });

  it('counts calendar days across months, years and leap days', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('1970-01-01', 0)).toBe('1970-01-01');
    expect(daysBetween('2026-11-23', '2027-01-22')).toBe(60);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
  });

  it('names days in the page language, whatever the device zone', () => {
    expect(formatDate('2026-11-24', 'en-US')).toBe('Tuesday, November 24, 2026');
    expect(formatDate('2026-11-24', 'es-ES')).toBe('martes, 24 de noviembre de 2026');
  });

  it('knows today in the business time zone', () => {
    const instant = 1_795_476_000_000; // 2026-11-23T23:20:00Z
    expect(todayIn('Europe/Madrid', instant)).toBe('2026-11-24');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-23');
    expect(todayIn('Not/AZone', instant)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
