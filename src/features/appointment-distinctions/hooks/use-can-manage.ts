import type { Tenant } from '@generated/types.gen';
import { useIsManager } from '~/entities/session/use-team-role';

/**
 * Whether the signed-in person may add, change and delete appointment distinctions: an owner or an
 * administrator (server/tenancy/roles.ts, resource `distinctions`). Undefined while it is not known
 * yet; the server decides either way.
 */
export function useCanManageDistinctions(tenant: Pick<Tenant, 'id' | 'ownerUserId'>): boolean | undefined {
  return useIsManager(tenant);
}
