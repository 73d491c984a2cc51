import { createFileRoute, Outlet, type ErrorComponentProps } from '@tanstack/react-router';
import { NoBusiness } from '~/components/no-business';
import { RouteError } from '~/components/route-error';
import { NoBusinessError, requireBusiness } from '~/entities/session/use-business';
import { useSession } from '~/entities/session/use-session';

// Pages of a business without the dashboard around them (SPEC §2: /qrs/{id} has no layout): a
// printable sheet. Like the business's screens, they need a business and read its id from the context.
export const Route = createFileRoute('/{-$locale}/_sheet')({
  beforeLoad: () => ({ tenantId: requireBusiness().id }),
  errorComponent: SheetError,
  component: SheetLayout,
});

function SheetLayout() {
  const { tenant } = useSession();
  return tenant ? <Outlet /> : <NoBusiness />;
}

function SheetError(props: ErrorComponentProps) {
  return props.error instanceof NoBusinessError ? <NoBusiness /> : <RouteError {...props} />;
}
