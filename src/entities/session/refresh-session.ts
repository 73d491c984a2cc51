import type { QueryClient } from '@tanstack/react-query';
import { getUserOptions, listUserTenantsOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, setSession } from './session-store';
import type { Session } from './session-values';

/**
 * Re-fetches the user (GET /v1/users/{id}) and the first of their tenants (GET /v1/tenants/users/{userId};
 * none for a new user) and stores them. `userId` defaults to the session's.
 */
export async function refreshSession(queryClient: QueryClient, userId: string | undefined = getSession().userId): Promise<Session> {
  if (!userId) throw new Error('refreshSession: no user id in the session');
  const [{ user }, { tenants }] = await Promise.all([
    queryClient.fetchQuery({ ...getUserOptions({ path: { id: userId } }), staleTime: 0 }),
    queryClient.fetchQuery({ ...listUserTenantsOptions({ path: { userId } }), staleTime: 0 }),
  ]);
  return setSession({ user, tenant: tenants[0] ?? null });
}
