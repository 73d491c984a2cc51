import { describe, expect, it } from 'vitest';
import { timeZoneCity } from './time-zone-city';

describe('timeZoneCity', () => {
  it('names the city of a zone, as people write it', () => {
    expect(timeZoneCity('Europe/Madrid')).toBe('Madrid');
    expect(timeZoneCity('America/New_York')).toBe('New York');
    expect(timeZoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(timeZoneCity('Atlantic/Canary')).toBe('Canary');
    expect(timeZoneCity('UTC')).toBe('UTC');
  });
});
