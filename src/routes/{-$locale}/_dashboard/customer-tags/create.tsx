import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '~/entities/session/use-session';
import { NoTagsBusiness } from '~/features/customer-tags/components/no-business';
import { TagCreatePage } from '~/features/customer-tags/components/tag-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/customer-tags/create')({
  component: TagCreateRoute,
});

function TagCreateRoute() {
  const { tenant } = useSession();
  return tenant ? <TagCreatePage key={tenant.id} tenant={tenant} /> : <NoTagsBusiness />;
}
