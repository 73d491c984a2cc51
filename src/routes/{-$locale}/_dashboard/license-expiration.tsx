import { createFileRoute } from '@tanstack/react-router';
import { getConfigurationOptions } from '@generated/@tanstack/react-query.gen';
import { useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { LicenseExpirationPage } from '~/features/license/components/license-expiration-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/license-expiration')({
  loader: ({ context }) => context.queryClient.ensureQueryData(getConfigurationOptions()),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: LicenseExpirationRoute,
});

function LicenseExpirationRoute() {
  const { tenant } = useSession();
  return <LicenseExpirationPage tenant={tenant} />;
}
