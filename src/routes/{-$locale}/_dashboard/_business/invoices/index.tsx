import { createFileRoute } from '@tanstack/react-router';
import { listInvoicesOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { InvoicesListPage } from '~/features/invoices/components/invoices-list-page';
import { defaultInvoicesQuery } from '~/features/invoices/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/invoices/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(listInvoicesOptions({ path: { tenantId: context.tenantId }, query: defaultInvoicesQuery })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: InvoicesRoute,
});

function InvoicesRoute() {
  const tenant = useBusiness();
  return <InvoicesListPage key={tenant.id} tenant={tenant} />;
}
