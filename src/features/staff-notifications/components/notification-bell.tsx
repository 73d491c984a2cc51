import { ActionIcon, Indicator, Loader, Popover, Stack, Text, UnstyledButton, Button, Group, ScrollArea, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { useIntl } from 'react-intl';
import { listStaffNotificationsOptions, listStaffNotificationsQueryKey, markStaffNotificationsReadMutation } from '@generated/@tanstack/react-query.gen';
import type { StaffNotification } from '@generated/types.gen';
import { localeParam } from '~/lib/locale';
import { useLocale } from '~/lib/use-locale';
import { staffNotificationMessages as m } from '../messages';

/** How often the bell asks the server for news while the app is open. */
const POLL_MS = 60_000;

/**
 * The shell's notification area (SPEC §1; issue 18): a bell with the count of unread notifications
 * (kept on the server: what customers did online that concerns the signed-in person). Each item opens
 * its appointment and is marked read; "Mark all as read" clears the count.
 */
export function NotificationBell({ tenantId, timeZone }: { tenantId: string; timeZone: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const options = { path: { tenantId } };
  const list = useQuery({ ...listStaffNotificationsOptions(options), refetchInterval: POLL_MS });
  const markRead = useMutation({
    ...markStaffNotificationsReadMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listStaffNotificationsQueryKey(options) }),
  });
  const unread = list.data?.unread ?? 0;
  const unreadSuffix = ' ('.concat(intl.formatMessage(m.unread), ')');
  const when = (n: StaffNotification) =>
    Temporal.Instant.from(n.startAt)
      .toZonedDateTimeISO(timeZone)
      .toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  const text = (n: StaffNotification) => {
    const values = { customer: n.customerName || intl.formatMessage(m.someone), when: when(n) };
    if (n.kind === 'STAFF_NOTIFICATION_CANCELLED') {
      return intl.formatMessage({ id: 'staffNotifications.cancelled', defaultMessage: '{customer} cancelled online the appointment of {when}' }, values);
    }
    if (n.kind === 'STAFF_NOTIFICATION_RESCHEDULED') {
      return intl.formatMessage({ id: 'staffNotifications.rescheduled', defaultMessage: '{customer} moved their appointment online to {when}' }, values);
    }
    return intl.formatMessage({ id: 'staffNotifications.booked', defaultMessage: '{customer} booked online for {when}' }, values);
  };
  const open = (n: StaffNotification) => {
    setOpened(false);
    if (!n.read) markRead.mutate({ path: { tenantId }, body: { ids: [n.id] } });
    void navigate({
      to: '/{-$locale}/appointments/$id',
      params: { locale: localeParam(locale), id: n.appointmentId },
      search: { userId: n.memberUserId },
    });
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Indicator label={unread > 99 ? intl.formatNumber(99).concat('+') : unread} size={16} disabled={unread === 0} offset={4} color="red">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={intl.formatMessage(
              { id: 'staffNotifications.bell', defaultMessage: '{unread, plural, =0 {Notifications} one {Notifications, # unread} other {Notifications, # unread}}' },
              { unread },
            )}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((value) => !value)}
            data-testid="notification-bell"
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={intl.formatMessage(m.title)}>
        <Group justify="space-between" mb="xs">
          <Text fw={700}>{intl.formatMessage(m.title)}</Text>
          {unread > 0 ? (
            <Button size="compact-xs" variant="subtle" loading={markRead.isPending} onClick={() => markRead.mutate({ path: { tenantId }, body: {} })}>
              {intl.formatMessage(m.markAll)}
            </Button>
          ) : null}
        </Group>
        {list.isPending ? (
          <Loader size="sm" aria-label={intl.formatMessage(m.title)} />
        ) : list.isError ? (
          <Text size="sm" c="red" role="alert">
            {intl.formatMessage(m.error)}
          </Text>
        ) : list.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage(m.empty)}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {list.data.items.map((n) => (
                <li key={n.id}>
                  <UnstyledButton onClick={() => open(n)} p="xs" w="100%" style={{ borderRadius: 6, background: n.read ? undefined : 'var(--mantine-color-blue-light)' }}>
                    <Text size="sm" fw={n.read ? 400 : 600}>
                      {text(n)}
                      {n.read ? null : <VisuallyHidden>{unreadSuffix}</VisuallyHidden>}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
