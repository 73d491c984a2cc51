import { createFileRoute } from '@tanstack/react-router';
import { AdminInvoicesPage } from '~/features/admin-invoices/components/admin-invoices-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/admin/invoice/management')({
  component: AdminInvoicesPage,
});
