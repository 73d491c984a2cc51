import { describe, expect, it } from 'vitest';
import { browserTimeZone, FALLBACK_TIME_ZONE, isValidTimeZone, timeZoneLabel, timeZoneOptions } from './time-zones.ts';

describe('isValidTimeZone', () => {
  it('accepts IANA zones the API accepts', () => {
    expect(isValidTimeZone('Europe/Madrid')).toBe(true);
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
  });

  it('rejects unknown zones and offsets the API does not accept', () => {
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('+02:00')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(null)).toBe(false);
  });
});

describe('browserTimeZone', () => {
  it('is a zone the API accepts', () => {
    expect(isValidTimeZone(browserTimeZone())).toBe(true);
    expect(FALLBACK_TIME_ZONE).toBe('Europe/Madrid');
  });
});

describe('timeZoneOptions', () => {
  it('lists UTC first, then the zones sorted, without duplicates', () => {
    const options = timeZoneOptions();
    expect(options[0]).toBe('UTC');
    expect(options).toContain('Europe/Madrid');
    expect(new Set(options).size).toBe(options.length);
    const rest = options.slice(1);
    expect([...rest].sort()).toEqual(rest);
  });

  it('keeps a saved zone the runtime does not list, but not one the API refuses', () => {
    expect(timeZoneOptions(['Europe/Kyiv_Test'])).toContain('Europe/Kyiv_Test');
    expect(timeZoneOptions(['+02:00'])).not.toContain('+02:00');
    expect(timeZoneOptions([null, undefined, 'UTC']).filter((zone) => zone === 'UTC')).toHaveLength(1);
  });
});

describe('timeZoneLabel', () => {
  it('reads like a place', () => {
    expect(timeZoneLabel('America/Argentina/Buenos_Aires')).toBe('America / Argentina / Buenos Aires');
  });
});
