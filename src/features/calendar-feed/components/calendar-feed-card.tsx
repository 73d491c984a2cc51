import { Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  createCalendarFeedMutation,
  getCalendarFeedOptions,
  getCalendarFeedQueryKey,
  revokeCalendarFeedMutation,
} from '@generated/@tanstack/react-query.gen';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { QueryState } from '~/components/query-state';

/**
 * The member's calendar feed (beyond SPEC): a secret address their phone's calendar subscribes to,
 * to see their Cita appointments there; it can be replaced (the old one stops working) or turned off.
 */
export function CalendarFeedCard({ tenantId }: { tenantId: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const path = { tenantId };
  const query = useQuery(getCalendarFeedOptions({ path }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: getCalendarFeedQueryKey({ path }) });
  const create = useMutation({ ...createCalendarFeedMutation(), onSuccess: (data) => queryClient.setQueryData(getCalendarFeedQueryKey({ path }), data) });
  const revoke = useMutation({ ...revokeCalendarFeedMutation(), onSuccess: refresh });
  const busy = create.isPending || revoke.isPending;
  const feed = query.data?.feed;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="md">
        <Group gap="xs">
          <IconCalendarShare size={22} aria-hidden />
          <Title order={2} size="h4" id="calendar-feed-title">
            <FormattedMessage id="calendarFeed.title" defaultMessage="Your appointments in your phone's calendar" />
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="calendarFeed.intro"
            defaultMessage="Subscribe to this private address in Google Calendar, Apple Calendar or Outlook to see your appointments there. Anyone with the address can read them: do not share it."
          />
        </Text>
        <QueryState query={query} loaderHeight={80}>
          {({ feed }) =>
            feed?.active && feed.url ? (
              <Stack gap="sm">
                <TextInput
                  label={intl.formatMessage({ id: 'calendarFeed.address', defaultMessage: 'Calendar address' })}
                  value={feed.url}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                />
                <Group gap="sm">
                  <CopyButton value={feed.url}>
                    {({ copied, copy }) => (
                      <Button variant="light" leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
                        {copied ? (
                          <FormattedMessage id="calendarFeed.copied" defaultMessage="Copied" />
                        ) : (
                          <FormattedMessage id="calendarFeed.copy" defaultMessage="Copy address" />
                        )}
                      </Button>
                    )}
                  </CopyButton>
                  <Button variant="default" loading={create.isPending} disabled={busy} onClick={() => create.mutate({ path })}>
                    <FormattedMessage id="calendarFeed.replace" defaultMessage="Replace address" />
                  </Button>
                  <Button variant="subtle" color="red" loading={revoke.isPending} disabled={busy} onClick={() => revoke.mutate({ path })}>
                    <FormattedMessage id="calendarFeed.revoke" defaultMessage="Turn off" />
                  </Button>
                </Group>
                <Text size="xs" c="dimmed">
                  <FormattedMessage id="calendarFeed.replaceHelp" defaultMessage="Replacing it stops the old address at once; subscribe again with the new one." />
                </Text>
              </Stack>
            ) : (
              <Group>
                <Button loading={create.isPending} onClick={() => create.mutate({ path })}>
                  <FormattedMessage id="calendarFeed.create" defaultMessage="Create my calendar address" />
                </Button>
              </Group>
            )
          }
        </QueryState>
        {create.isError || revoke.isError ? <ApiErrorAlert error={create.error ?? revoke.error} /> : null}
        {revoke.isSuccess && !feed?.active ? (
          <Alert color="gray" role="status">
            <FormattedMessage id="calendarFeed.revoked" defaultMessage="The address no longer works. Calendars subscribed to it stop updating." />
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
