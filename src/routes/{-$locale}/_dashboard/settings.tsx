import { createFileRoute } from '@tanstack/react-router';
import { getConfigurationOptions, listCurrenciesOptions } from '@generated/@tanstack/react-query.gen';
import { useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { NoBusiness } from '~/features/settings/components/no-business';
import { SettingsPage } from '~/features/settings/components/settings-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/settings')({
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
  const { tenant } = useSession();
  // Keyed by business, so a different business (another tab, a new sign-in) starts a fresh form.
  return tenant ? <SettingsPage key={tenant.id} tenant={tenant} /> : <NoBusiness />;
}
