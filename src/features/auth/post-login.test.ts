import { describe, expect, it } from 'vitest';
import { postLoginHref, safeRedirectedFrom, wantsAppointments } from './post-login';

describe('redirectedFrom', () => {
  it('keeps paths of this site with their query and hash', () => {
    expect(safeRedirectedFrom('/customers?page=2#top')).toBe('/customers?page=2#top');
    expect(safeRedirectedFrom('/es-ES/appointments/42')).toBe('/es-ES/appointments/42');
  });

  it('drops other sites, protocol-relative and odd values, and the auth pages', () => {
    for (const value of ['https://evil.test/', '//evil.test/x', '/.//evil.test', '/\t/evil.test', '/\\evil.test', 'customers', '', undefined, 42, '/login', '/es-ES/login/sso', '/register', '/logout.html']) {
      expect(safeRedirectedFrom(value)).toBeNull();
    }
  });

  it('knows when the user was going to the appointments pages', () => {
    expect(wantsAppointments('/appointments')).toBe(true);
    expect(wantsAppointments('/es-ES/appointments/create?x=1')).toBe(true);
    expect(wantsAppointments('/appointments-distinctions')).toBe(false);
    expect(wantsAppointments(undefined)).toBe(false);
  });
});

describe('post-login destination', () => {
  it('goes home, or back to redirectedFrom when the destination is home', () => {
    expect(postLoginHref('home', undefined, 'en-US')).toBe('/');
    expect(postLoginHref('home', undefined, 'es-ES')).toBe('/es-ES');
    // An invitation's link wins over onboarding (issue 19).
    expect(postLoginHref('onboarding-how-do-you-work', '/es-ES/invitations/i1?email=a%40b.es', 'es-ES')).toBe('/es-ES/invitations/i1?email=a%40b.es');
    expect(postLoginHref('home', '/customers/7', 'en-US')).toBe('/customers/7');
    expect(postLoginHref('home', 'https://evil.test', 'en-US')).toBe('/');
  });

  it('returns to the requested appointments page', () => {
    expect(postLoginHref('appointments', '/es-ES/appointments/9', 'es-ES')).toBe('/es-ES/appointments/9');
    expect(postLoginHref('appointments', undefined, 'es-ES')).toBe('/es-ES/appointments');
  });

  it('sends onboarding statuses to onboarding whatever redirectedFrom says', () => {
    expect(postLoginHref('onboarding-opening-hours', '/customers', 'en-US')).toBe('/onboarding/opening-hours');
    expect(postLoginHref('onboarding-how-do-you-work', '/customers', 'es-ES')).toBe('/es-ES/onboarding/how-do-you-work');
  });
});
