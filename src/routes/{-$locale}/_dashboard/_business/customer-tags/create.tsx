import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { TagCreatePage } from '~/features/customer-tags/components/tag-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/customer-tags/create')({
  component: TagCreateRoute,
});

function TagCreateRoute() {
  const tenant = useBusiness();
  return <TagCreatePage key={tenant.id} tenant={tenant} />;
}
