import { describe, expect, it } from 'vitest';
import { TENANT_STATUSES, USER_STATUSES, destinationFor, statusGuardSkips } from './auth-status.ts';

describe('status constants', () => {
  it('list the statuses of SPEC §4', () => {
    expect(USER_STATUSES).toEqual([
      'USER_STATUS_ACTIVE',
      'USER_STATUS_NEW',
      'USER_STATUS_DELETED',
      'USER_STATUS_SUSPENDED',
      'USER_STATUS_UNSPECIFIED',
    ]);
    expect(TENANT_STATUSES).toEqual([
      'TENANT_STATUS_ACTIVE',
      'TENANT_STATUS_PENDING_OPENING_HOURS',
      'TENANT_STATUS_PENDING_SERVICES_DEFINITION',
      'TENANT_STATUS_DELETED',
      'TENANT_STATUS_SUSPENDED',
      'TENANT_STATUS_UNSPECIFIED',
    ]);
  });
});

describe('destinationFor', () => {
  it.each([
    ['TENANT_STATUS_ACTIVE', false, 'home'],
    ['TENANT_STATUS_ACTIVE', true, 'appointments'],
    ['TENANT_STATUS_PENDING_OPENING_HOURS', true, 'onboarding-opening-hours'],
    ['TENANT_STATUS_PENDING_SERVICES_DEFINITION', true, 'home'],
    ['TENANT_STATUS_DELETED', true, 'home'],
    ['TENANT_STATUS_SUSPENDED', false, 'home'],
    ['TENANT_STATUS_UNSPECIFIED', false, 'home'],
  ] as const)('tenant %s (appointments requested: %s) → %s', (tenantStatus, wantsAppointments, expected) => {
    expect(destinationFor({ tenantStatus, wantsAppointments })).toBe(expected);
  });

  it.each([
    ['USER_STATUS_ACTIVE', false, 'home'],
    ['USER_STATUS_ACTIVE', true, 'appointments'],
    ['USER_STATUS_NEW', false, 'onboarding-how-do-you-work'],
    ['USER_STATUS_DELETED', true, 'home'],
    ['USER_STATUS_SUSPENDED', false, 'home'],
    ['USER_STATUS_UNSPECIFIED', false, 'home'],
  ] as const)('no tenant, user %s (appointments requested: %s) → %s', (userStatus, wantsAppointments, expected) => {
    expect(destinationFor({ userStatus, wantsAppointments })).toBe(expected);
  });

  it('lets the tenant status win over the user status', () => {
    expect(destinationFor({ tenantStatus: 'TENANT_STATUS_ACTIVE', userStatus: 'USER_STATUS_NEW' })).toBe('home');
    expect(
      destinationFor({ tenantStatus: 'TENANT_STATUS_PENDING_OPENING_HOURS', userStatus: 'USER_STATUS_ACTIVE' }),
    ).toBe('onboarding-opening-hours');
  });

  it('treats a missing user status as active', () => {
    expect(destinationFor({ wantsAppointments: true })).toBe('appointments');
    expect(destinationFor({ tenantStatus: null, userStatus: null })).toBe('home');
  });

  it('sends unknown statuses home', () => {
    expect(destinationFor({ tenantStatus: 'SOMETHING_NEW', wantsAppointments: true })).toBe('home');
    expect(destinationFor({ userStatus: 'SOMETHING_NEW', wantsAppointments: true })).toBe('home');
  });
});

describe('statusGuardSkips', () => {
  const blocked = { userStatus: 'USER_STATUS_NEW', tenantStatus: 'TENANT_STATUS_PENDING_OPENING_HOURS' };

  it.each([
    '/login',
    '/login/sso',
    '/register',
    '/onboarding',
    '/onboarding/opening-hours',
    '/es-ES/onboarding/how-do-you-work',
    '/business/auto-register',
  ])('skips on %s', (path) => {
    expect(statusGuardSkips({ ...blocked, path })).toBe(true);
  });

  it('acts on other paths when neither status is settled', () => {
    expect(statusGuardSkips({ ...blocked, path: '/customers' })).toBe(false);
    expect(statusGuardSkips({ ...blocked, path: '/es-ES' })).toBe(false);
    expect(statusGuardSkips({ userStatus: 'USER_STATUS_SUSPENDED', tenantStatus: 'TENANT_STATUS_DELETED', path: '/' })).toBe(
      false,
    );
  });

  it('skips for an active user', () => {
    expect(statusGuardSkips({ ...blocked, userStatus: 'USER_STATUS_ACTIVE', path: '/customers' })).toBe(true);
    expect(statusGuardSkips({ tenantStatus: 'TENANT_STATUS_DELETED', path: '/customers' })).toBe(true);
  });

  it('skips for an active tenant or one pending services definition', () => {
    expect(statusGuardSkips({ ...blocked, tenantStatus: 'TENANT_STATUS_ACTIVE', path: '/customers' })).toBe(true);
    expect(
      statusGuardSkips({ ...blocked, tenantStatus: 'TENANT_STATUS_PENDING_SERVICES_DEFINITION', path: '/customers' }),
    ).toBe(true);
  });
});
