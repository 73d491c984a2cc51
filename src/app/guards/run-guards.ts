import type { QueryClient } from '@tanstack/react-query';
import { isRedirect, redirect } from '@tanstack/react-router';
import { refreshSession } from '~/entities/session/refresh-session';
import { clearSession, getSession } from '~/entities/session/session-store';
import { nowInstant } from '~/lib/temporal';
import { loadRedirectRules } from './redirect-rules';
import {
  licenseGuard,
  redirectRuleGuard,
  statusGuard,
  statusRedirect,
  tokenGuard,
  type GuardLocation,
  type GuardOutcome,
} from './route-guards';
import { sidebarGuard } from './sidebar-store';

export interface RouteGuardInput {
  location: GuardLocation;
  queryClient: QueryClient;
  /** A hover preload: only the pure checks run, nothing is fetched or collapsed. */
  preload: boolean;
}

/** Throws the router redirect an outcome asks for; an external address is a full-page load. */
function apply(outcome: GuardOutcome): void {
  if (outcome.kind === 'redirect') throw redirect({ href: outcome.href, replace: true });
  if (outcome.kind === 'external') {
    window.location.assign(outcome.url);
    // Stop this navigation while the browser leaves.
    throw redirect({ href: window.location.pathname + window.location.search, replace: true });
  }
}

/** Guard 6 alone: used for unknown paths too, so that a rule can rescue an old address. */
export async function runRedirectRuleGuard(location: GuardLocation): Promise<void> {
  const rules = await loadRedirectRules();
  if (rules.length) apply(redirectRuleGuard(location, rules, window.location.origin));
}

/** SPEC §2 guards 2-6, in order. */
export async function runRouteGuards({ location, queryClient, preload }: RouteGuardInput): Promise<void> {
  // A token without the stored user (storage cleared apart from the cookie) cannot be used: the
  // user id is unknown. Start over from the login page.
  if (!preload && getSession().isSignedIn && !getSession().userId) clearSession();
  apply(tokenGuard(location, getSession()));

  if (!preload && statusGuard(location, getSession()).kind === 'refresh-status') {
    try {
      apply(statusRedirect(location, await refreshSession(queryClient)));
    } catch (error) {
      if (isRedirect(error)) throw error;
      console.warn('status guard: user and tenant could not be refreshed', error);
    }
  }

  apply(licenseGuard(location, getSession(), nowInstant()));

  if (!preload && typeof window !== 'undefined') sidebarGuard(window.innerWidth);

  await runRedirectRuleGuard(location);
}
