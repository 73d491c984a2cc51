import { useQuery } from '@tanstack/react-query';
import { listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import type { TeamMember, Tenant } from '@generated/types.gen';
import { useSession } from '~/app/session/use-session';

export interface TeamView {
  members: TeamMember[];
  /** Owner or administrator: may see and book for everyone. */
  canManage: boolean;
  /** May look at teammates' calendars (owners, administrators, or members when the business allows it). */
  canSeeTeam: boolean;
  isPending: boolean;
}

/** The team of the business (for member columns and the "who" select) and what the signed-in person may see. */
export function useTeam(tenant: Pick<Tenant, 'id' | 'ownerUserId' | 'membersSeeTeamCalendars'>): TeamView {
  const { userId } = useSession();
  const team = useQuery({ ...listTeamMembersOptions({ path: { tenantId: tenant.id }, query: { limit: 100 } }), staleTime: 5 * 60_000 });
  const members = (team.data?.items ?? []).filter((member) => member.status !== 'USER_STATUS_DELETED');
  const role = tenant.ownerUserId === userId ? 'TEAM_ROLE_OWNER' : members.find((member) => member.userId === userId)?.role;
  const canManage = role === 'TEAM_ROLE_OWNER' || role === 'TEAM_ROLE_ADMIN';
  return { members, canManage, canSeeTeam: canManage || Boolean(tenant.membersSeeTeamCalendars), isPending: team.isPending };
}

/** "Ana López", or the e-mail when the member has no name yet. */
export function memberName(member: Pick<TeamMember, 'name' | 'lastName' | 'email'> | undefined): string {
  if (!member) return '';
  const name = [member.name, member.lastName].filter(Boolean).join(' ');
  return name || member.email;
}
