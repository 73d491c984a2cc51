import { describe, expect, it } from 'vitest';
import { contactUrl, subscribeUrl, subscriptionPopupVisible } from './subscription.ts';

describe('subscribeUrl', () => {
  it('prefills e-mail, locale and currency', () => {
    const url = new URL(
      subscribeUrl('https://buy.stripe.com/test_abc', { email: 'ana+shop@example.com', language: 'es-ES', currency: 'EUR' }) ?? '',
    );
    expect(url.origin + url.pathname).toBe('https://buy.stripe.com/test_abc');
    expect(url.searchParams.get('prefilled_email')).toBe('ana+shop@example.com');
    expect(url.searchParams.get('locale')).toBe('es');
    expect(url.searchParams.get('currency')).toBe('EUR');
  });

  it('defaults the currency to USD', () => {
    const url = new URL(subscribeUrl('https://buy.stripe.com/x', { email: 'a@b.co', language: 'en-US' }) ?? '');
    expect(url.searchParams.get('currency')).toBe('USD');
    expect(url.searchParams.get('locale')).toBe('en');
  });

  it('keeps existing query parameters', () => {
    const url = new URL(subscribeUrl('https://buy.stripe.com/x?client_reference_id=t1&a=b', { email: 'a@b.co' }) ?? '');
    expect(url.searchParams.get('client_reference_id')).toBe('t1');
    expect(url.searchParams.get('a')).toBe('b');
    expect(url.searchParams.get('prefilled_email')).toBe('a@b.co');
    expect(url.searchParams.has('locale')).toBe(false);
  });

  it('returns null for a missing or invalid link', () => {
    expect(subscribeUrl(undefined, { email: 'a@b.co' })).toBeNull();
    expect(subscribeUrl('', {})).toBeNull();
    expect(subscribeUrl('not a url', {})).toBeNull();
  });
});

describe('contactUrl', () => {
  it('builds a WhatsApp link from the phone digits and encoded text', () => {
    expect(contactUrl('+34 612 345 678', 'Hola, ¿planes para "Peluquería Ana"? 50% & más')).toBe(
      'https://wa.me/34612345678?text=Hola%2C%20%C2%BFplanes%20para%20%22Peluquer%C3%ADa%20Ana%22%3F%2050%25%20%26%20m%C3%A1s',
    );
  });

  it('drops an international 00 prefix', () => {
    expect(contactUrl('0034612345678', 'hi')).toBe('https://wa.me/34612345678?text=hi');
  });

  it('returns null without a phone', () => {
    expect(contactUrl('', 'hi')).toBeNull();
    expect(contactUrl(undefined, 'hi')).toBeNull();
  });
});

describe('subscriptionPopupVisible', () => {
  const visible = { licenseStatus: 'LICENSE_STATUS_BETA_TESTER', pathname: '/appointments', windowWidth: 1024 };

  it('shows for a beta tester on a regular page in a wide window', () => {
    expect(subscriptionPopupVisible(visible)).toBe(true);
    expect(subscriptionPopupVisible({ ...visible, pathname: '/es-ES/customers' })).toBe(true);
    expect(subscriptionPopupVisible({ ...visible, pathname: '/onboarding/how-do-you-work' })).toBe(true);
  });

  it('hides for other licence statuses', () => {
    expect(subscriptionPopupVisible({ ...visible, licenseStatus: 'LICENSE_STATUS_ACTIVE' })).toBe(false);
    expect(subscriptionPopupVisible({ ...visible, licenseStatus: undefined })).toBe(false);
  });

  it.each([
    '/login',
    '/register',
    '/business/auto-register',
    '/cancel-appointments',
    '/onboarding/opening-hours',
    '/es-ES/login',
    '/es-ES/onboarding/opening-hours',
    '/login/sso',
  ])('hides on %s', (pathname) => {
    expect(subscriptionPopupVisible({ ...visible, pathname })).toBe(false);
  });

  it('hides at or below 800 px', () => {
    expect(subscriptionPopupVisible({ ...visible, windowWidth: 801 })).toBe(true);
    expect(subscriptionPopupVisible({ ...visible, windowWidth: 800 })).toBe(false);
    expect(subscriptionPopupVisible({ ...visible, windowWidth: 390 })).toBe(false);
  });
});
