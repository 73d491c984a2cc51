import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { InvoiceCreatePage } from '~/features/invoices/components/invoice-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/invoices/create')({
  component: InvoiceCreateRoute,
});

function InvoiceCreateRoute() {
  const tenant = useBusiness();
  return <InvoiceCreatePage key={tenant.id} tenant={tenant} />;
}
