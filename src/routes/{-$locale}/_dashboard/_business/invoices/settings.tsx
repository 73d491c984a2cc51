import { createFileRoute } from '@tanstack/react-router';
import { getInvoiceSettingsOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { InvoiceSettingsPage } from '~/features/invoices/components/invoice-settings-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/invoices/settings')({
  loader: ({ context }) => context.queryClient.ensureQueryData(getInvoiceSettingsOptions({ path: { tenantId: context.tenantId } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: InvoiceSettingsRoute,
});

function InvoiceSettingsRoute() {
  const tenant = useBusiness();
  return <InvoiceSettingsPage key={tenant.id} tenant={tenant} />;
}
