import type { TeamRole } from '@generated/types.gen';
import { MANAGER_ROLES } from '~/entities/session/use-team-role';

/** Owners and administrators change anyone's schedule; a member only their own. */
export function canEditSchedule(role: TeamRole | undefined, myUserId: string | null | undefined, userId: string): boolean | undefined {
  if (role === undefined) return undefined;
  return MANAGER_ROLES.includes(role) || (Boolean(myUserId) && myUserId === userId);
}
