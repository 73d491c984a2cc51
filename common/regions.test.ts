import { describe, expect, it } from 'vitest';
import { detectCountry, regionDefaults } from './regions.ts';

describe('regions', () => {
  it('finds the country from the browser time zone first', () => {
    expect(detectCountry('America/New_York', ['en-US'])).toBe('US');
    expect(detectCountry('Europe/Madrid', ['en-US'])).toBe('ES');
    expect(detectCountry('America/Mexico_City', ['es-ES'])).toBe('MX');
  });

  it('falls back to the language region, then to Spain; UTC says nothing', () => {
    expect(detectCountry('America/Toronto', ['en-GB'])).toBe('GB');
    expect(detectCountry('UTC', ['en-US'])).toBe('ES');
    expect(detectCountry(undefined, [])).toBe('ES');
  });

  it('derives currency, tax, date order and dial code', () => {
    expect(regionDefaults('ES', 'es-ES')).toMatchObject({ currency: 'EUR', taxPercentage: 21, taxName: 'IVA', taxRateEntered: false, dateOrder: 'DMY', dialCode: '+34' });
    expect(regionDefaults('US', 'en-US')).toMatchObject({ currency: 'USD', taxPercentage: 0, taxName: 'Sales tax', taxRateEntered: true, dateOrder: 'MDY', dialCode: '+1' });
    expect(regionDefaults('US', 'es-ES').taxName).toBe('Impuesto sobre las ventas');
    expect(regionDefaults('FR', 'en-US')).toMatchObject({ currency: 'EUR', taxPercentage: 0, taxName: undefined, taxRateEntered: false });
  });
});
