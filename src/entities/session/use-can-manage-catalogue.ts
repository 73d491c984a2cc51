import type { Tenant } from '@generated/types.gen';
import { useIsManager } from './use-team-role';

/**
 * Whether the signed-in person may write the business's catalogue (services, customer tags, inventory,
 * payment methods): an owner or administrator (server/tenancy/roles.ts). Undefined while it is not
 * known yet, false when the team list fails; the server decides either way (403, translated by the pages).
 */
export function useCanManageCatalogue(tenant: Pick<Tenant, 'id' | 'ownerUserId'>): boolean | undefined {
  return useIsManager(tenant);
}
