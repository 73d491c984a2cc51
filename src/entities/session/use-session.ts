import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from './session-store';
import type { Session } from './session-values';

export type { Session, StoredSession, TenantCurrencyValue } from './session-values';
export { refreshSession } from './refresh-session';
export { clearSession, getSession, setSession, startSession, subscribeSession } from './session-store';

/**
 * The current session (SPEC §3) with its derived values: user, tenant, isAdmin, token, isSignedIn,
 * userId, tenantId, tenantCurrency, taxPercentage, userEmail, userStatus, tenantStatus, tenantServices.
 * Re-renders when the session changes (also from another tab).
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
