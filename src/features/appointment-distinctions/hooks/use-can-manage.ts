import { useQuery } from '@tanstack/react-query';
import { listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useSession } from '~/app/session/use-session';

/**
 * Whether the signed-in person may add, change and delete appointment distinctions: the owner or an
 * administrator (server/tenancy/roles.ts, resource `distinctions`). Undefined while it is not known
 * yet; the server decides either way.
 */
export function useCanManageDistinctions(tenant: Pick<Tenant, 'id' | 'ownerUserId'>): boolean | undefined {
  const { userId, userEmail } = useSession();
  const isOwner = Boolean(userId) && tenant.ownerUserId === userId;
  const team = useQuery({
    ...listTeamMembersOptions({ path: { tenantId: tenant.id }, query: { ...(userEmail ? { q: userEmail } : {}), limit: 50 } }),
    enabled: !isOwner && Boolean(userId),
    staleTime: 60_000,
  });
  if (isOwner) return true;
  if (!team.data) return team.isError ? false : undefined;
  const role = team.data.items.find((member) => member.userId === userId)?.role;
  return role === 'TEAM_ROLE_OWNER' || role === 'TEAM_ROLE_ADMIN';
}
