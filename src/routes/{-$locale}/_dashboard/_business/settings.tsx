import { createFileRoute } from '@tanstack/react-router';
import { getConfigurationOptions, listCurrenciesOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { SettingsPage } from '~/features/settings/components/settings-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/settings')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(getConfigurationOptions()),
      context.queryClient.ensureQueryData(listCurrenciesOptions()),
    ]),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: SettingsRoute,
});

function SettingsRoute() {
  const tenant = useBusiness();
  // Keyed by business, so a different business (another tab, a new sign-in) starts a fresh form.
  return <SettingsPage key={tenant.id} tenant={tenant} />;
}
