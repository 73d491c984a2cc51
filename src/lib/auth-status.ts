import { isUnderPath } from './paths.ts';

/** User and tenant statuses, the post-login destination (SPEC §4) and the status guard (SPEC §2 guard 3). */

export const USER_STATUSES = [
  'USER_STATUS_ACTIVE',
  'USER_STATUS_NEW',
  'USER_STATUS_DELETED',
  'USER_STATUS_SUSPENDED',
  'USER_STATUS_UNSPECIFIED',
] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const TENANT_STATUSES = [
  'TENANT_STATUS_ACTIVE',
  'TENANT_STATUS_PENDING_OPENING_HOURS',
  'TENANT_STATUS_PENDING_SERVICES_DEFINITION',
  'TENANT_STATUS_DELETED',
  'TENANT_STATUS_SUSPENDED',
  'TENANT_STATUS_UNSPECIFIED',
] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/** The session's user status when none is known (SPEC §3). */
export const DEFAULT_USER_STATUS: UserStatus = 'USER_STATUS_ACTIVE';

export type Destination = 'home' | 'appointments' | 'onboarding-opening-hours' | 'onboarding-how-do-you-work';

/** The path of each post-login destination (SPEC §4), without locale. */
export const DESTINATION_PATHS: Record<Destination, string> = {
  home: '/',
  appointments: '/appointments',
  'onboarding-opening-hours': '/onboarding/opening-hours',
  'onboarding-how-do-you-work': '/onboarding/how-do-you-work',
};

export interface StatusInput {
  tenantStatus?: string | null;
  userStatus?: string | null;
}

/**
 * Where to go after login or when the status guard redirects. A tenant status, if present, wins;
 * otherwise the user status (default active) decides. Unknown statuses go home.
 */
export function destinationFor({
  tenantStatus,
  userStatus,
  wantsAppointments = false,
}: StatusInput & { wantsAppointments?: boolean }): Destination {
  const homeOrAppointments: Destination = wantsAppointments ? 'appointments' : 'home';
  if (tenantStatus) {
    if (tenantStatus === 'TENANT_STATUS_ACTIVE') return homeOrAppointments;
    if (tenantStatus === 'TENANT_STATUS_PENDING_OPENING_HOURS') return 'onboarding-opening-hours';
    return 'home';
  }
  const user = userStatus || DEFAULT_USER_STATUS;
  if (user === 'USER_STATUS_ACTIVE') return homeOrAppointments;
  if (user === 'USER_STATUS_NEW') return 'onboarding-how-do-you-work';
  return 'home';
}

/** Paths (and sub-paths, with or without /es-ES) the status guard never touches. */
// /invitations: a new user accepting an invitation is on their way into a business, not to onboarding.
export const STATUS_GUARD_FREE_PATHS = ['/login', '/register', '/onboarding', '/business/auto-register', '/invitations'] as const;

const SETTLED_TENANT_STATUSES: readonly string[] = ['TENANT_STATUS_ACTIVE', 'TENANT_STATUS_PENDING_SERVICES_DEFINITION'];

/**
 * True when the status guard lets a logged-in user through untouched: on login, register, onboarding
 * or auto-register paths, when the user is active (the default) or the tenant is active or pending
 * services definition. False means: refresh user and tenant, then redirect to destinationFor(...).
 */
export function statusGuardSkips({ userStatus, tenantStatus, path }: StatusInput & { path: string }): boolean {
  return (
    STATUS_GUARD_FREE_PATHS.some((free) => isUnderPath(path, free)) ||
    (userStatus || DEFAULT_USER_STATUS) === 'USER_STATUS_ACTIVE' ||
    SETTLED_TENANT_STATUSES.includes(tenantStatus ?? '')
  );
}
