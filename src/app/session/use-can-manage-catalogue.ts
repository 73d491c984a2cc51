import { useQuery } from '@tanstack/react-query';
import { listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant, TeamRole } from '@generated/types.gen';
import { useSession } from './use-session';

/** The roles that may add, change and delete services, customer tags, inventory and payment methods (server/tenancy/roles.ts). */
export const CATALOGUE_MANAGERS: readonly TeamRole[] = [
  'TEAM_ROLE_OWNER',
  'TEAM_ROLE_ADMIN',
];

/**
 * Whether the signed-in person may write the business's catalogue (services, customer tags, inventory,
 * payment methods): the owner (known from the tenant) or an administrator (their row of the team list,
 * which a member may read). Undefined while it is not known yet, false when the team list fails; the
 * server decides either way (403, translated by the pages).
 */
export function useCanManageCatalogue(
  tenant: Pick<Tenant, 'id' | 'ownerUserId'>,
): boolean | undefined {
  const { userId, userEmail } = useSession();
  const isOwner = Boolean(userId) && tenant.ownerUserId === userId;
  const team = useQuery({
    ...listTeamMembersOptions({
      path: { tenantId: tenant.id },
      query: { ...(userEmail ? { q: userEmail } : {}), limit: 50 },
    }),
    enabled: !isOwner && Boolean(userId),
    staleTime: 60_000,
  });
  if (isOwner) return true;
  if (!team.data) return team.isError ? false : undefined;
  const role = team.data.items.find((member) => member.userId === userId)?.role;
  return role !== undefined && CATALOGUE_MANAGERS.includes(role);
}
