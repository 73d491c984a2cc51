import type { Tenant, User } from '@generated/types.gen';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { deriveSession, EMPTY_STORED_SESSION, expiredTokenCookie, parseStoredSession, sessionTokenCookie, tokenCookie } from './session-values';

const user = { id: 'u1', email: 'ana@example.com', status: 'USER_STATUS_NEW', locale: 'es-ES' } as User;
const tenant = {
  id: 't1',
  status: 'TENANT_STATUS_PENDING_OPENING_HOURS',
  currency: { currencyCode: 'USD' },
  currencySymbol: '$',
  taxPercentage: 10,
  services: ['haircut'],
} as unknown as Tenant;

describe('session derivations (SPEC §3)', () => {
  it('has the defaults with nothing stored', () => {
    const session = deriveSession(EMPTY_STORED_SESSION, undefined);
    expect(session).toMatchObject({
      isSignedIn: false,
      token: undefined,
      userId: undefined,
      tenantId: undefined,
      tenantCurrency: { currencySymbol: '€', currencyCode: 'EUR' },
      taxPercentage: 0.21,
      userEmail: undefined,
      userStatus: 'USER_STATUS_ACTIVE',
      tenantStatus: undefined,
      tenantServices: [],
      isAdmin: false,
    });
  });

  it('derives from user and tenant', () => {
    const session = deriveSession({ user, tenant, isAdmin: true }, 'tok');
    expect(session).toMatchObject({
      isSignedIn: true,
      token: 'tok',
      userId: 'u1',
      tenantId: 't1',
      tenantCurrency: { currencySymbol: '$', currencyCode: 'USD' },
      taxPercentage: 0.1,
      userEmail: 'ana@example.com',
      userStatus: 'USER_STATUS_NEW',
      tenantStatus: 'TENANT_STATUS_PENDING_OPENING_HOURS',
      tenantServices: ['haircut'],
      isAdmin: true,
    });
  });

  it('keeps a tax of 0 % and falls back per missing field', () => {
    const partial = { ...tenant, taxPercentage: 0, currencySymbol: '', currency: undefined, services: undefined } as unknown as Tenant;
    const session = deriveSession({ user: null, tenant: partial, isAdmin: false }, '');
    expect(session.taxPercentage).toBe(0);
    expect(session.tenantCurrency).toEqual({ currencySymbol: '€', currencyCode: 'EUR' });
    expect(session.tenantServices).toEqual([]);
    expect(session.isSignedIn).toBe(false);
  });
});

describe('stored session', () => {
  it('reads what was written, and nonsense as empty', () => {
    expect(parseStoredSession(JSON.stringify({ user, tenant, isAdmin: true }))).toEqual({ user, tenant, isAdmin: true });
    expect(parseStoredSession(null)).toEqual(EMPTY_STORED_SESSION);
    expect(parseStoredSession('{oops')).toEqual(EMPTY_STORED_SESSION);
    expect(parseStoredSession('"text"')).toEqual(EMPTY_STORED_SESSION);
    expect(parseStoredSession(JSON.stringify({ user: { email: 'x' }, isAdmin: 'yes' }))).toEqual(EMPTY_STORED_SESSION);
  });
});

describe('token cookie', () => {
  it('lives until expiresAt, on the whole site, SameSite=Lax, Secure on https', () => {
    expect(tokenCookie('a b', 3_600_000, 0, false)).toBe('token=a%20b; Path=/; Max-Age=3600; SameSite=Lax');
    expect(tokenCookie('abc', 1000, 5000, true)).toBe('token=abc; Path=/; Max-Age=0; SameSite=Lax; Secure');
    const now = Temporal.Instant.from('2025-01-01T00:00:00Z');
    expect(sessionTokenCookie('abc', '2025-01-31T00:00:00Z', now, false)).toContain('Max-Age=2592000');
    expect(sessionTokenCookie('abc', 'not a date', now, false)).toContain('Max-Age=86400');
    expect(expiredTokenCookie(false)).toBe('token=; Path=/; Max-Age=0; SameSite=Lax');
  });
});
