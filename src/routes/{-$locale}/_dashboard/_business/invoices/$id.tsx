import { createFileRoute } from '@tanstack/react-router';
import { getInvoiceOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { InvoicePage } from '~/features/invoices/components/invoice-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/invoices/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(getInvoiceOptions({ path: { tenantId: context.tenantId, id: params.id } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: InvoiceRoute,
});

function InvoiceRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  return <InvoicePage key={`${tenant.id}/${id}`} tenant={tenant} id={id} />;
}
