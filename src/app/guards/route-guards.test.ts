import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  licenseGuard,
  loginHref,
  redirectRuleGuard,
  statusGuard,
  statusRedirect,
  tokenGuard,
  type GuardLocation,
  type GuardSession,
} from './route-guards';

const at = (href: string): GuardLocation => ({ pathname: href.split(/[?#]/)[0] ?? '/', href });
const signedOut: GuardSession = { isSignedIn: false };
const active: GuardSession = { isSignedIn: true, userStatus: 'USER_STATUS_ACTIVE', tenantStatus: 'TENANT_STATUS_ACTIVE' };
const now = Temporal.Instant.from('2025-06-15T12:00:00Z');
const licence = (year: number) => ({ licenseActiveUntil: { year, month: 1, day: 1, hours: 0, minutes: 0, seconds: 0 } });

describe('token guard', () => {
  it('sends a signed-in user away from login, register, auto-register and cancel-appointments', () => {
    expect(tokenGuard(at('/login'), active)).toEqual({ kind: 'redirect', href: '/' });
    expect(tokenGuard(at('/es-ES/register'), active)).toEqual({ kind: 'redirect', href: '/es-ES' });
    expect(tokenGuard(at('/business/auto-register'), active)).toEqual({ kind: 'redirect', href: '/' });
    expect(tokenGuard(at('/cancel-appointments?token=x'), active)).toEqual({ kind: 'redirect', href: '/' });
    expect(tokenGuard(at('/login/'), active)).toEqual({ kind: 'redirect', href: '/' });
  });

  it('lets a signed-in user use SSO, the password reset and every other page', () => {
    for (const href of ['/login/sso?response_type=code', '/login/forgot-password', '/', '/customers', '/es-ES/settings']) {
      expect(tokenGuard(at(href), active)).toEqual({ kind: 'continue' });
    }
  });

  it('sends a signed-out user to the login of their locale, remembering the full path', () => {
    expect(tokenGuard(at('/customers/7?tab=notes#x'), signedOut)).toEqual({
      kind: 'redirect',
      href: '/login?redirectedFrom=%2Fcustomers%2F7%3Ftab%3Dnotes%23x',
    });
    expect(tokenGuard(at('/es-ES/appointments'), signedOut)).toEqual({
      kind: 'redirect',
      href: '/es-ES/login?redirectedFrom=%2Fes-ES%2Fappointments',
    });
    expect(tokenGuard(at('/'), signedOut)).toEqual({ kind: 'redirect', href: '/login' });
    expect(tokenGuard(at('/es-ES'), signedOut)).toEqual({ kind: 'redirect', href: '/es-ES/login' });
  });

  it('leaves the public pages open without a token', () => {
    for (const href of ['/login', '/login/forgot-password', '/es-ES/login/sso', '/register', '/business/auto-register', '/cancel-appointments', '/logout.html']) {
      expect(tokenGuard(at(href), signedOut)).toEqual({ kind: 'continue' });
    }
    expect(tokenGuard(at('/login-help'), signedOut).kind).toBe('redirect');
  });

  it('builds login addresses', () => {
    expect(loginHref('/?x=1', 'en-US')).toBe('/login?redirectedFrom=%2F%3Fx%3D1');
  });
});

describe('status guard', () => {
  it('does nothing when signed out, on free paths, for active users or settled tenants', () => {
    expect(statusGuard(at('/customers'), signedOut)).toEqual({ kind: 'continue' });
    expect(statusGuard(at('/customers'), active)).toEqual({ kind: 'continue' });
    const newUser = { isSignedIn: true, userStatus: 'USER_STATUS_NEW' };
    expect(statusGuard(at('/onboarding/how-do-you-work'), newUser)).toEqual({ kind: 'continue' });
    expect(statusGuard(at('/es-ES/login/sso'), newUser)).toEqual({ kind: 'continue' });
    expect(statusGuard(at('/customers'), { ...newUser, tenantStatus: 'TENANT_STATUS_PENDING_SERVICES_DEFINITION' })).toEqual({
      kind: 'continue',
    });
  });

  it('asks for a refresh otherwise', () => {
    expect(statusGuard(at('/customers'), { isSignedIn: true, userStatus: 'USER_STATUS_NEW' })).toEqual({ kind: 'refresh-status' });
    expect(statusGuard(at('/'), { isSignedIn: true, userStatus: 'USER_STATUS_NEW', tenantStatus: 'TENANT_STATUS_PENDING_OPENING_HOURS' })).toEqual({
      kind: 'refresh-status',
    });
  });

  it('redirects by the refreshed status', () => {
    expect(statusRedirect(at('/es-ES/customers'), { isSignedIn: true, userStatus: 'USER_STATUS_NEW' })).toEqual({
      kind: 'redirect',
      href: '/es-ES/onboarding/how-do-you-work',
    });
    expect(statusRedirect(at('/'), { isSignedIn: true, userStatus: 'USER_STATUS_NEW', tenantStatus: 'TENANT_STATUS_PENDING_OPENING_HOURS' })).toEqual({
      kind: 'redirect',
      href: '/onboarding/opening-hours',
    });
    // Now active: stays where it is.
    expect(statusRedirect(at('/customers'), active)).toEqual({ kind: 'continue' });
  });

  it('does not loop: home for home-bound statuses is left alone, elsewhere it redirects home', () => {
    const suspended = { isSignedIn: true, userStatus: 'USER_STATUS_SUSPENDED', tenantStatus: 'TENANT_STATUS_SUSPENDED' };
    expect(statusRedirect(at('/'), suspended)).toEqual({ kind: 'continue' });
    expect(statusRedirect(at('/es-ES'), suspended)).toEqual({ kind: 'continue' });
    expect(statusRedirect(at('/customers'), suspended)).toEqual({ kind: 'redirect', href: '/' });
  });
});

describe('licence guard', () => {
  it('lets everything through without a tenant or with an active licence', () => {
    expect(licenseGuard(at('/customers'), { isSignedIn: true }, now)).toEqual({ kind: 'continue' });
    expect(licenseGuard(at('/customers'), { isSignedIn: true, tenant: licence(2026) }, now)).toEqual({ kind: 'continue' });
    expect(licenseGuard(at('/customers'), { isSignedIn: false, tenant: licence(2020) }, now)).toEqual({ kind: 'continue' });
  });

  it('sends an expired or undated licence to license-expiration, except that page and support', () => {
    expect(licenseGuard(at('/customers'), { isSignedIn: true, tenant: licence(2025) }, now)).toEqual({
      kind: 'redirect',
      href: '/license-expiration',
    });
    expect(licenseGuard(at('/es-ES'), { isSignedIn: true, tenant: {} }, now)).toEqual({ kind: 'redirect', href: '/es-ES/license-expiration' });
    expect(licenseGuard(at('/license-expiration'), { isSignedIn: true, tenant: licence(2025) }, now)).toEqual({ kind: 'continue' });
    expect(licenseGuard(at('/es-ES/support'), { isSignedIn: true, tenant: licence(2025) }, now)).toEqual({ kind: 'continue' });
  });

  it('treats the instant of expiry as expired', () => {
    const until = { licenseActiveUntil: { year: 2025, month: 6, day: 15, hours: 12, minutes: 0, seconds: 0 } };
    expect(licenseGuard(at('/'), { isSignedIn: true, tenant: until }, now).kind).toBe('redirect');
  });
});

describe('redirect-rule guard', () => {
  const origin = 'https://app.cita.test';
  const rules = [
    { from: '/old-reports', to: '/reports' },
    { from: '/blog/*', to: 'https://blog.cita.test/' },
    { from: '/same', to: 'https://app.cita.test/other?x=1' },
    { from: '/bad', to: 'javascript:alert(1)' },
  ];

  it('sends matching paths to their target in the current locale', () => {
    expect(redirectRuleGuard(at('/old-reports'), rules, origin)).toEqual({ kind: 'redirect', href: '/reports' });
    expect(redirectRuleGuard(at('/es-ES/old-reports/'), rules, origin)).toEqual({ kind: 'redirect', href: '/es-ES/reports' });
    expect(redirectRuleGuard(at('/same'), rules, origin)).toEqual({ kind: 'redirect', href: '/other?x=1' });
  });

  it('sends to other sites with a full-page load', () => {
    expect(redirectRuleGuard(at('/blog/post-1'), rules, origin)).toEqual({ kind: 'external', url: 'https://blog.cita.test/' });
  });

  it('ignores non-matching paths, unsafe targets and self-redirects', () => {
    expect(redirectRuleGuard(at('/reports'), rules, origin)).toEqual({ kind: 'continue' });
    expect(redirectRuleGuard(at('/bad'), rules, origin)).toEqual({ kind: 'continue' });
    expect(redirectRuleGuard(at('/loop'), [{ from: '/loop', to: '/loop' }], origin)).toEqual({ kind: 'continue' });
    expect(redirectRuleGuard(at('/anything'), [], origin)).toEqual({ kind: 'continue' });
  });
});
