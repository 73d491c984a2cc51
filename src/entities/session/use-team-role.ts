import { useQuery } from '@tanstack/react-query';
import { listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant, TeamRole } from '@generated/types.gen';
import { useSession } from './use-session';

/** Owners and administrators: the roles that manage the catalogue, distinctions and others' schedules (server/tenancy/roles.ts). */
export const MANAGER_ROLES: readonly TeamRole[] = ['TEAM_ROLE_OWNER', 'TEAM_ROLE_ADMIN'];

/**
 * The signed-in person's role in the business: the owner is known from the tenant, anyone else from
 * their own row of the team list (which a member may read). Undefined while it is not known yet; a
 * member when the list fails or does not name them. The server decides either way (403, translated).
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

/** Whether the signed-in person is an owner or administrator; undefined while not known yet. */
export function useIsManager(tenant: Pick<Tenant, 'id' | 'ownerUserId'>): boolean | undefined {
  const role = useTeamRole(tenant);
  return role === undefined ? undefined : MANAGER_ROLES.includes(role);
}

/**
 * Whether the signed-in person sees the business's figures in reports and statistics: owners and
 * administrators, and members when the business lets them (membersSeeTeamFigures; the server decides
 * the same in server/reports/scope.ts). False while the role is not known yet.
 */
export function useSeesTeamFigures(tenant: Pick<Tenant, 'id' | 'ownerUserId' | 'membersSeeTeamFigures'>): boolean {
  const manager = useIsManager(tenant);
  return manager === true || (manager === false && tenant.membersSeeTeamFigures === true);
}
