import { describe, expect, it } from 'vitest';
import { detectLocale, localeCookie, localizedPath, readCookie, splitLocalePath } from './locale';

describe('locale', () => {
  it('detects Spanish in any region as es-ES and falls back to en-US', () => {
    expect(detectLocale(['es-MX', 'en'])).toBe('es-ES');
    expect(detectLocale(['fr-FR', 'es'])).toBe('es-ES');
    expect(detectLocale(['en-GB', 'es'])).toBe('en-US');
    expect(detectLocale(['fr-FR'])).toBe('en-US');
    expect(detectLocale([])).toBe('en-US');
  });

  it('keeps the choice for 365 days on the whole site, SameSite=Lax', () => {
    expect(localeCookie('es-ES')).toBe('locale=es-ES; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('reads a cookie among others', () => {
    expect(readCookie('a=1; locale=es-ES; token=x', 'locale')).toBe('es-ES');
    expect(readCookie('a=1', 'locale')).toBeUndefined();
  });

  it('splits and builds prefixed paths', () => {
    expect(splitLocalePath('/es-ES/customers/1')).toEqual({ locale: 'es-ES', path: '/customers/1' });
    expect(splitLocalePath('/es-ES')).toEqual({ locale: 'es-ES', path: '/' });
    expect(splitLocalePath('/customers')).toEqual({ locale: 'en-US', path: '/customers' });
    expect(localizedPath('/customers', 'es-ES')).toBe('/es-ES/customers');
    expect(localizedPath('/es-ES/customers', 'en-US')).toBe('/customers');
    expect(localizedPath('/', 'es-ES')).toBe('/es-ES');
    expect(localizedPath('/es-ES', 'en-US')).toBe('/');
  });
});
