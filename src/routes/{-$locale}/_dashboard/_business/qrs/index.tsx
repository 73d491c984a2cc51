import { createFileRoute } from '@tanstack/react-router';
import { listQrCodesOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { QrCodesListPage } from '~/features/qr-codes/components/qr-codes-list-page';
import { defaultQrCodesQuery } from '~/features/qr-codes/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/qrs/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(listQrCodesOptions({ path: { tenantId: context.tenantId }, query: defaultQrCodesQuery })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: QrCodesRoute,
});

function QrCodesRoute() {
  const tenant = useBusiness();
  return <QrCodesListPage key={tenant.id} tenant={tenant} />;
}
