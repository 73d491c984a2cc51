import { ActionIcon, Indicator, Text, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Temporal } from 'temporal-polyfill';
import { useIntl } from 'react-intl';
import { listStaffNotificationsOptions, listStaffNotificationsQueryKey, markStaffNotificationsReadMutation } from '@generated/@tanstack/react-query.gen';
import type { StaffNotification } from '@generated/types.gen';
import { MenuButton, MenuButtonDivider, MenuButtonItem, MenuButtonLabel } from '~/components/menu-button';
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
    if (!n.read) markRead.mutate({ path: { tenantId }, body: { ids: [n.id] } });
    void navigate({
      to: '/{-$locale}/appointments/$id',
      params: { locale: localeParam(locale), id: n.appointmentId },
      search: { userId: n.memberUserId },
    });
  };

  const status = list.isPending
    ? intl.formatMessage(m.loading)
    : list.isError
      ? intl.formatMessage(m.error)
      : list.data.items.length === 0
        ? intl.formatMessage(m.empty)
        : null;

  // The shell's MenuButton, not Mantine's Popover: the bell is on every signed-in page, and Popover's
  // positioning library would be 27 kB more for each of them (the bundle rows count it).
  return (
    <MenuButton
      width={340}
      trigger={(props) => (
        <Indicator label={unread > 99 ? intl.formatNumber(99).concat('+') : unread} size={16} disabled={unread === 0} offset={4} color="red">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={intl.formatMessage(
              { id: 'staffNotifications.bell', defaultMessage: '{unread, plural, =0 {Notifications} one {Notifications, # unread} other {Notifications, # unread}}' },
              { unread },
            )}
            data-testid="notification-bell"
            {...props}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      )}
    >
      <MenuButtonLabel>
        <Text fw={700}>{intl.formatMessage(m.title)}</Text>
        {status ? (
          <Text size="sm" c={list.isError ? 'red' : 'dimmed'} role={list.isError ? 'alert' : undefined}>
            {status}
          </Text>
        ) : null}
      </MenuButtonLabel>
      {list.data && list.data.items.length > 0 ? (
        <div style={{ maxHeight: 360, overflowY: 'auto' }}>
          {list.data.items.map((n) => (
            <MenuButtonItem key={n.id} onClick={() => open(n)}>
              <Text size="sm" fw={n.read ? 400 : 600} component="span">
                {text(n)}
                {n.read ? null : <VisuallyHidden>{unreadSuffix}</VisuallyHidden>}
              </Text>
            </MenuButtonItem>
          ))}
        </div>
      ) : null}
      {unread > 0 ? (
        <>
          <MenuButtonDivider />
          <MenuButtonItem onClick={() => markRead.mutate({ path: { tenantId }, body: {} })}>{intl.formatMessage(m.markAll)}</MenuButtonItem>
        </>
      ) : null}
    </MenuButton>
  );
}
