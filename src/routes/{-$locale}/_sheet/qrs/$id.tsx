import { createFileRoute } from '@tanstack/react-router';
import { getQrCodeOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { QrCodePage } from '~/features/qr-codes/components/qr-code-page';

export const Route = createFileRoute('/{-$locale}/_sheet/qrs/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(getQrCodeOptions({ path: { tenantId: context.tenantId, id: params.id } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: QrCodeRoute,
});

function QrCodeRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  return <QrCodePage key={`${tenant.id}/${id}`} tenant={tenant} id={id} />;
}
