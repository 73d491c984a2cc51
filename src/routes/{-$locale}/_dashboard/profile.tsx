import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '~/entities/session/use-session';
import { CalendarFeedCard } from '~/features/calendar-feed/components/calendar-feed-card';
import { NoProfile } from '~/features/profile/components/no-profile';
import { ProfilePage } from '~/features/profile/components/profile-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/profile')({
  component: ProfileRoute,
});

function ProfileRoute() {
  const { user, tenantId } = useSession();
  if (!user) return <NoProfile />;
  return (
    <Stack gap="lg" maw={720}>
      <ProfilePage key={user.id} user={user} />
      {tenantId ? <CalendarFeedCard tenantId={tenantId} /> : null}
    </Stack>
  );
}
