import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { listServicesQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Service, Tenant } from '@generated/types.gen';
import { refreshSession, setSession } from '~/entities/session/use-session';

/**
 * After a service was saved: the lists refetch, and when an active service completed onboarding
 * (the server made the business active) the session's business follows, as settings does.
 */
export function useAfterServiceSaved(tenant: Tenant) {
  const queryClient = useQueryClient();
  return useCallback(
    async (service: Service) => {
      await queryClient.invalidateQueries({ queryKey: listServicesQueryKey({ path: { tenantId: tenant.id } }) });
      if (service.active && tenant.status === 'TENANT_STATUS_PENDING_SERVICES_DEFINITION') {
        try {
          await refreshSession(queryClient);
        } catch (error) {
          console.warn('session refresh after the first service failed', error);
          setSession({ tenant: { ...tenant, status: 'TENANT_STATUS_ACTIVE' } });
        }
      }
    },
    [queryClient, tenant],
  );
}
