import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { useBusiness } from '~/entities/session/use-business';
import { SalesListPage } from '~/features/sales/components/sales-list-page';

/** The sales list, optionally of one customer (?customerId, from the customer's page). */
export const Route = createFileRoute('/{-$locale}/_dashboard/_business/sales/')({
  validateSearch: z.object({ customerId: z.string().uuid().optional().catch(undefined) }),
  component: SalesRoute,
});

function SalesRoute() {
  const tenant = useBusiness();
  const { customerId } = Route.useSearch();
  return <SalesListPage key={`${tenant.id}/${customerId ?? ''}`} tenant={tenant} customerId={customerId} />;
}
