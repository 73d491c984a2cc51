import { useQuery } from '@tanstack/react-query';
import { listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant, TeamRole } from '@generated/types.gen';
import { useSession } from '~/app/session/use-session';

/**
 * The signed-in person's role in the business, derived once from the team list (the owner is known
 * from the tenant). Undefined while it is not known yet; the server decides either way.
 */
export function useTeamRole(tenant: Pick<Tenant, 'id' | 'ownerUserId'>): TeamRole | undefined {
  const { userId, userEmail } = useSession();
  const isOwner = Boolean(userId) && tenant.ownerUserId === userId;
  const team = useQuery({
    ...listTeamMembersOptions({ path: { tenantId: tenant.id }, query: { ...(userEmail ? { q: userEmail } : {}), limit: 50 } }),
    enabled: !isOwner && Boolean(userId),
    staleTime: 60_000,
  });
  if (isOwner) return 'TEAM_ROLE_OWNER';
  if (!team.data) return team.isError ? 'TEAM_ROLE_MEMBER' : undefined;
  return team.data.items.find((member) => member.userId === userId)?.role ?? 'TEAM_ROLE_MEMBER';
}

/** Owners and administrators change anyone's schedule; a member only their own. */
export function canEditSchedule(role: TeamRole | undefined, myUserId: string | null | undefined, userId: string): boolean | undefined {
  if (role === undefined) return undefined;
  return role === 'TEAM_ROLE_OWNER' || role === 'TEAM_ROLE_ADMIN' || (Boolean(myUserId) && myUserId === userId);
}
