import { createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '~/app/layouts/dashboard-layout';

export const Route = createFileRoute('/{-$locale}/_dashboard')({
  component: DashboardLayout,
});
