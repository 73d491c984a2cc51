import { Stack, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { EmptyState } from '~/components/empty-state';

export function HomePage() {
  return (
    <Stack>
      <Title order={1}>
        <FormattedMessage id="home.title" defaultMessage="Home" />
      </Title>
      <EmptyState
        order={2}
        icon={<IconCalendarEvent size={30} aria-hidden />}
        title={<FormattedMessage id="home.empty.title" defaultMessage="Your day at a glance" />}
        description={
          <FormattedMessage
            id="home.empty.description"
            defaultMessage="Today's appointments, sales and reminders will appear here."
          />
        }
      />
    </Stack>
  );
}
