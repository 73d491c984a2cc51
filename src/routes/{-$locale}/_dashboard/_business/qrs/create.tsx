import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { QrCodeCreatePage } from '~/features/qr-codes/components/qr-code-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/qrs/create')({
  component: QrCodeCreateRoute,
});

function QrCodeCreateRoute() {
  const tenant = useBusiness();
  return <QrCodeCreatePage key={tenant.id} tenant={tenant} />;
}
