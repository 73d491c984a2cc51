import { useQuery } from '@tanstack/react-query';
import { listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import type { TeamMember, Tenant } from '@generated/types.gen';
import { MANAGER_ROLES, useTeamRole } from '~/entities/session/use-team-role';
import { memberColor } from '~/entities/team-member/colors';

export interface TeamView {
  members: TeamMember[];
  /** Owner or administrator: may see and book for everyone. */
  canManage: boolean;
  /** May look at teammates' calendars (owners, administrators, or members when the business allows it). */
  canSeeTeam: boolean;
  isPending: boolean;
  /** Each member's calendar colour: their own, else the one the team list gives their position (issue 19). */
  colors: Map<string, string>;
}

/**
 * The team of the business (for the member columns and the "who" select) and what the signed-in
 * person may see: the role from useTeamRole (the one place that derives it), the list only for the
 * columns.
 */
export function useTeam(tenant: Pick<Tenant, 'id' | 'ownerUserId' | 'membersSeeTeamCalendars'>): TeamView {
  const role = useTeamRole(tenant);
  const team = useQuery({ ...listTeamMembersOptions({ path: { tenantId: tenant.id }, query: { limit: 100 } }), staleTime: 5 * 60_000 });
  const members = (team.data?.items ?? []).filter((member) => member.status !== 'USER_STATUS_DELETED');
  const canManage = role !== undefined && MANAGER_ROLES.includes(role);
  const colors = new Map((team.data?.items ?? []).map((member, index) => [member.userId, memberColor(member.color, index)]));
  return { members, canManage, canSeeTeam: canManage || Boolean(tenant.membersSeeTeamCalendars), isPending: team.isPending || role === undefined, colors };
}

/** "Ana López", or the e-mail when the member has no name yet. */
export function memberName(member: Pick<TeamMember, 'name' | 'lastName' | 'email'> | undefined): string {
  if (!member) return '';
  const name = [member.name, member.lastName].filter(Boolean).join(' ');
  return name || member.email;
}
