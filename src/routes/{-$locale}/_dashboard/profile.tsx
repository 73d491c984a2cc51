import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '~/app/session/use-session';
import { NoProfile } from '~/features/profile/components/no-profile';
import { ProfilePage } from '~/features/profile/components/profile-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/profile')({
  component: ProfileRoute,
});

function ProfileRoute() {
  const { user } = useSession();
  return user ? <ProfilePage key={user.id} user={user} /> : <NoProfile />;
}
