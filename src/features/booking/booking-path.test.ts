import { describe, expect, it } from 'vitest';
import { bookingPath, parseBookingPath } from '~/lib/booking-path';
import { chooseBookingLocale } from './booking-locale';
import { fieldOfPointer, toBookingRequest, validateDetails, type DetailsValues } from './booking-form';
import { membersFor, totals } from './booking-format';

const service = (id: string, durationMinutes: number, amount: number, userIds: string[] = []) => ({ id, name: id, durationMinutes, price: { amount, currency: 'EUR' }, userIds });

describe('the booking page address', () => {
  it('reads the slug and the language segment', () => {
    expect(parseBookingPath('/book/peluqueria-ana')).toEqual({ slug: 'peluqueria-ana' });
    expect(parseBookingPath('/es-ES/book/peluqueria-ana/')).toEqual({ slug: 'peluqueria-ana', locale: 'es-ES' });
    expect(parseBookingPath('/en-US/book/x')).toBeNull();
    expect(parseBookingPath('/book')).toBeNull();
    expect(parseBookingPath('/book/a/b')).toBeNull();
    expect(bookingPath('peluqueria-ana', 'es-ES')).toBe('/es-ES/book/peluqueria-ana');
    expect(bookingPath('peluqueria-ana', 'en-US')).toBe('/book/peluqueria-ana');
  });

  it('chooses the language: address, then the kept choice, then the browser, then the business', () => {
    expect(chooseBookingLocale({ fromPath: 'es-ES', cookie: 'locale=en-US', languages: ['en'] })).toBe('es-ES');
    expect(chooseBookingLocale({ cookie: 'a=1; locale=es-ES', languages: ['en-GB'] })).toBe('es-ES');
    expect(chooseBookingLocale({ cookie: '', languages: ['es-MX', 'en'], business: 'en-US' })).toBe('es-ES');
    expect(chooseBookingLocale({ cookie: '', languages: ['de-DE'], business: 'es-ES' })).toBe('es-ES');
    expect(chooseBookingLocale({ cookie: '', languages: ['de-DE'] })).toBe('en-US');
  });
});

describe('the booking choices', () => {
  it('adds durations and prices up, and keeps the members who perform every service', () => {
    const chosen = [service('cut', 45, 2500, ['ana', 'luis']), service('dye', 60, 4000, ['ana']), service('wash', 15, 500)];
    expect(totals(chosen)).toEqual({ minutes: 120, amount: 7000 });
    expect(membersFor([{ id: 'ana' }, { id: 'luis' }], chosen)).toEqual([{ id: 'ana' }]);
  });
});

describe('the details form', () => {
  const valid: DetailsValues = {
    name: ' Lucía ',
    lastName: 'Gómez',
    phoneCountry: 'ES',
    phoneDialCode: '+34',
    phoneNumber: '612 345 678',
    email: 'lucia@example.com',
    privacyConsent: true,
    marketingConsent: false,
    notes: '',
    website: '',
  };

  it('names each field that needs attention', () => {
    expect(validateDetails(valid)).toEqual({});
    const errors = validateDetails({ ...valid, name: ' ', phoneNumber: '12', email: 'lucia@', privacyConsent: false, notes: 'x'.repeat(501) });
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'notes', 'phoneNumber', 'privacyConsent']);
  });

  it('sends digits only, no empty optional fields, and the honeypot only when filled', () => {
    const body = toBookingRequest(valid, { serviceIds: ['cut'], memberId: '', startAt: '2026-11-24T10:00:00+01:00', language: 'es-ES' });
    expect(body).toEqual({
      serviceIds: ['cut'],
      startAt: '2026-11-24T10:00:00+01:00',
      customer: { name: 'Lucía', lastName: 'Gómez', phoneCountryCode: '+34', phoneNumber: '612345678', email: 'lucia@example.com' },
      language: 'es-ES',
      privacyConsent: true,
      marketingConsent: false,
    });
    expect(toBookingRequest({ ...valid, website: 'spam' }, { serviceIds: ['cut'], memberId: 'ana', startAt: 'x', language: 'en-US' })).toMatchObject({ userId: 'ana', website: 'spam' });
    expect(fieldOfPointer('/customer/email')).toBe('email');
    expect(fieldOfPointer('#/customer/phoneCountryCode')).toBe('phoneDialCode');
  });
});
