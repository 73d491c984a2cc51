import type { Temporal } from 'temporal-polyfill';
import { DESTINATION_PATHS, destinationFor, statusGuardSkips } from '~/lib/auth-status';
import { isLicenseActive, type LicensedTenant } from '~/lib/license';
import { localizedPath, splitLocalePath, type AppLocale } from '~/lib/locale';
import { isUnderPath } from '~/lib/paths';

/**
 * The route guards of SPEC §2, in order, as pure functions of (location, session, now). The router
 * (src/routes/{-$locale}/route.tsx → run-guards.ts) applies their outcomes.
 */

export interface GuardLocation {
  /** e.g. '/es-ES/customers' */
  pathname: string;
  /** pathname + search + hash, e.g. '/es-ES/customers?page=2' */
  href: string;
}

export interface GuardSession {
  isSignedIn: boolean;
  userStatus?: string | null;
  tenantStatus?: string | null;
  tenant?: LicensedTenant | null;
}

export type GuardOutcome =
  | { kind: 'continue' }
  /** An in-app navigation to `href` (already localized). */
  | { kind: 'redirect'; href: string }
  /** A full-page load of another site. */
  | { kind: 'external'; url: string }
  /** Status guard only: refresh user and tenant, then ask statusRedirect. */
  | { kind: 'refresh-status' };

const CONTINUE: GuardOutcome = { kind: 'continue' };

/** With a token, these paths send the user home (SPEC §2 guard 2). */
export const SIGNED_IN_HOME_PATHS = ['/login', '/register', '/business/auto-register', '/cancel-appointments'] as const;
/** Without a token, these paths (and those under /login) stay reachable; every other one goes to login. */
export const PUBLIC_PATHS = ['/register', '/business/auto-register', '/cancel-appointments', '/logout.html'] as const;
export const LICENSE_EXPIRATION_PATH = '/license-expiration';
// /invitations: joining another business does not depend on the current one's licence.
export const LICENSE_FREE_PATHS = [LICENSE_EXPIRATION_PATH, '/support', '/invitations'] as const;

function bare(pathname: string): { locale: AppLocale; path: string } {
  const { locale, path } = splitLocalePath(pathname);
  return { locale, path: path.replace(/(?<=.)\/+$/, '') };
}

/** The login page of `locale`, remembering `href` as redirectedFrom (left out for the home page). */
export function loginHref(href: string, locale: AppLocale): string {
  const login = localizedPath('/login', locale);
  const { path } = bare(href.split(/[?#]/)[0] ?? '/');
  const onlyHome = path === '/' && !/[?#]/.test(href);
  return onlyHome ? login : `${login}?redirectedFrom=${encodeURIComponent(href)}`;
}

/** Guard 2: the token guard. */
export function tokenGuard(location: GuardLocation, session: Pick<GuardSession, 'isSignedIn'>): GuardOutcome {
  const { locale, path } = bare(location.pathname);
  if (session.isSignedIn) {
    return (SIGNED_IN_HOME_PATHS as readonly string[]).includes(path) ? { kind: 'redirect', href: localizedPath('/', locale) } : CONTINUE;
  }
  const open = isUnderPath(path, '/login') || PUBLIC_PATHS.some((free) => isUnderPath(path, free));
  return open ? CONTINUE : { kind: 'redirect', href: loginHref(location.href, locale) };
}

/** Guard 3, first half: nothing to do, or refresh user and tenant. */
export function statusGuard(location: GuardLocation, session: GuardSession): GuardOutcome {
  if (!session.isSignedIn) return CONTINUE;
  const skips = statusGuardSkips({ path: location.pathname, userStatus: session.userStatus, tenantStatus: session.tenantStatus });
  return skips ? CONTINUE : { kind: 'refresh-status' };
}

/** Guard 3, second half (with the refreshed session): redirect by status unless already there. */
export function statusRedirect(location: GuardLocation, session: GuardSession): GuardOutcome {
  if (!session.isSignedIn) return CONTINUE;
  if (statusGuardSkips({ path: location.pathname, userStatus: session.userStatus, tenantStatus: session.tenantStatus })) return CONTINUE;
  const { locale, path } = bare(location.pathname);
  const destination = destinationFor({
    tenantStatus: session.tenantStatus,
    userStatus: session.userStatus,
    wantsAppointments: isUnderPath(path, '/appointments'),
  });
  const target = DESTINATION_PATHS[destination];
  if (destination === 'appointments' ? isUnderPath(path, target) : path === target) return CONTINUE;
  return { kind: 'redirect', href: localizedPath(target, locale) };
}

/** Guard 4: with a tenant whose licence is not active, only license-expiration and support stay open. */
export function licenseGuard(location: GuardLocation, session: GuardSession, now: Temporal.Instant): GuardOutcome {
  if (!session.isSignedIn || !session.tenant) return CONTINUE;
  if (isLicenseActive(session.tenant, now)) return CONTINUE;
  const { locale, path } = bare(location.pathname);
  if (LICENSE_FREE_PATHS.some((free) => isUnderPath(path, free))) return CONTINUE;
  return { kind: 'redirect', href: localizedPath(LICENSE_EXPIRATION_PATH, locale) };
}

export interface RedirectRule {
  /** A path without locale, e.g. '/old-reports'; a trailing '/*' also matches everything below it. */
  from: string;
  /** A path (localized to the current locale) or an absolute http(s) URL. */
  to: string;
}

function ruleMatches(from: string, path: string): boolean {
  if (from.endsWith('/*')) return isUnderPath(path, from.slice(0, -2) || '/');
  return bare(from).path === path;
}

/** Guard 6: the first rule whose `from` matches sends the user to its `to`, possibly another site. */
export function redirectRuleGuard(location: GuardLocation, rules: readonly RedirectRule[], origin: string): GuardOutcome {
  const { locale, path } = bare(location.pathname);
  const rule = rules.find((candidate) => ruleMatches(candidate.from, path));
  if (!rule) return CONTINUE;
  let target: URL;
  try {
    target = new URL(rule.to, origin);
  } catch {
    return CONTINUE;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return CONTINUE;
  if (target.origin !== origin) return { kind: 'external', url: target.href };
  const href = localizedPath(target.pathname, locale) + target.search + target.hash;
  return href === location.href ? CONTINUE : { kind: 'redirect', href };
}
