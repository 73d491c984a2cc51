import { createFileRoute, Outlet, type ErrorComponentProps } from '@tanstack/react-router';
import { NoBusiness } from '~/components/no-business';
import { RouteError } from '~/components/route-error';
import { NoBusinessError, requireBusiness } from '~/entities/session/use-business';
import { useSession } from '~/entities/session/use-session';

// The screens of a business (no path of its own: their addresses are unchanged). Without a business
// they show the no-business state; with one, their loaders read its id from the router context.
export const Route = createFileRoute('/{-$locale}/_dashboard/_business')({
  beforeLoad: () => ({ tenantId: requireBusiness().id }),
  errorComponent: BusinessError,
  component: BusinessLayout,
});

function BusinessLayout() {
  // The session can lose its business while a screen is open (another tab): the state follows it.
  const { tenant } = useSession();
  return tenant ? <Outlet /> : <NoBusiness />;
}

function BusinessError(props: ErrorComponentProps) {
  return props.error instanceof NoBusinessError ? <NoBusiness /> : <RouteError {...props} />;
}
