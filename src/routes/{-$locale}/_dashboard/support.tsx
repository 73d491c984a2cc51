import { createFileRoute } from '@tanstack/react-router';
import { getConfigurationOptions } from '@generated/@tanstack/react-query.gen';
import { useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { SupportPage } from '~/features/support/components/support-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/support')({
  loader: ({ context }) => context.queryClient.ensureQueryData(getConfigurationOptions()),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: SupportRoute,
});

function SupportRoute() {
  const { tenant } = useSession();
  return <SupportPage businessName={tenant?.businessName} />;
}
