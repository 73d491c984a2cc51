import { describe, expect, it } from 'vitest';
import {
  addMinutesToParts,
  compareParts,
  epochMsFromParts,
  minutesBetween,
  partsFromDateAndTime,
  partsFromEpochMs,
  partsFromIsoLocal,
  partsToIsoLocal,
} from './temporal.ts';

const p = (year: number, month: number, day: number, hours: number, minutes: number) => ({ year, month, day, hours, minutes });

describe('wall-clock parts in a time zone', () => {
  it('reads the wall-clock of an ISO text as written, whatever its offset', () => {
    expect(partsFromIsoLocal('2026-11-23T10:30:00+01:00')).toEqual(p(2026, 11, 23, 10, 30));
    expect(partsFromIsoLocal('2026-03-29T03:30:00+02:00')).toEqual(p(2026, 3, 29, 3, 30));
    expect(partsFromIsoLocal('2026-11-23')).toEqual(p(2026, 11, 23, 0, 0));
    expect(() => partsFromIsoLocal('yesterday')).toThrow(RangeError);
  });

  it('writes parts as a wall-clock ISO text with no offset', () => {
    expect(partsToIsoLocal(p(2026, 1, 5, 9, 5))).toBe('2026-01-05T09:05:00');
  });

  it('converts across the spring-forward gap of Madrid: 02:30 does not exist and moves to 03:30', () => {
    const ms = epochMsFromParts(p(2026, 3, 29, 2, 30), 'Europe/Madrid');
    expect(partsFromEpochMs(ms, 'Europe/Madrid')).toEqual(p(2026, 3, 29, 3, 30));
  });

  it('takes the first of a repeated hour in autumn (02:30 CEST, not CET)', () => {
    const ms = epochMsFromParts(p(2026, 10, 25, 2, 30), 'Europe/Madrid');
    expect(new Intl.DateTimeFormat('en', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms)).toBe('00:30');
  });

  it('finds the same instant as its offset text says, in the business zone and not the browser one', () => {
    const ms = epochMsFromParts(p(2026, 11, 23, 10, 30), 'America/New_York');
    expect(partsFromEpochMs(ms, 'Europe/Madrid')).toEqual(p(2026, 11, 23, 16, 30));
  });

  it('adds minutes, counts minutes and compares in wall-clock terms', () => {
    expect(addMinutesToParts(p(2026, 12, 31, 23, 30), 45)).toEqual(p(2027, 1, 1, 0, 15));
    expect(minutesBetween(p(2026, 3, 29, 1, 0), p(2026, 3, 29, 4, 0))).toBe(180);
    expect(compareParts(p(2026, 1, 1, 0, 0), p(2026, 1, 1, 0, 5))).toBe(-1);
    expect(compareParts(p(2026, 1, 1, 0, 5), p(2026, 1, 1, 0, 5))).toBe(0);
  });

  it('builds parts from a date field and a time field, or null', () => {
    expect(partsFromDateAndTime('2026-11-23', '09:35')).toEqual(p(2026, 11, 23, 9, 35));
    expect(partsFromDateAndTime('2026-02-30', '09:35')).toBeNull();
    expect(partsFromDateAndTime('2026-02-03', '')).toBeNull();
  });
});
