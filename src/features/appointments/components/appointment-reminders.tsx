import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCheck, IconClock, IconClockX, IconPlugConnectedX, IconRefresh, IconSend, IconUserX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { Temporal } from 'temporal-polyfill';
import type { Appointment, Tenant } from '@generated/types.gen';
import { reminderChannelLabels, reminderTimeLabel } from '~/lib/reminder-labels';
import { formatDateTimeMedium, formatTime, fromParts, isPastIn, toParts } from '~/lib/temporal';
import { isLive, reminderState, type ReminderState } from '../reminder-state';
import { whatsAppDigits } from './whatsapp-reminder-text';

/**
 * The appointment's reminders and what became of each (issue 18): its channel, how long before, and
 * its state in words beside an icon (sent at 10:30, due at 10:30, not sent and why), as the server
 * says it (each reminder's `status`, read from its outbox message). Times HH:mm in the business's
 * time zone, with the date when not today.
 */
export function AppointmentReminders({ appointment, tenant, now }: { appointment: Appointment; tenant: Tenant; now?: Temporal.Instant }) {
  const intl = useIntl();
  const channels = reminderChannelLabels(intl);
  const instant = now ?? Temporal.Now.instant();
  // The WhatsApp card of this page (WhatsAppReminder) offers to send it by hand.
  const byHand =
    Boolean(whatsAppDigits(appointment.customer.phoneCountryCode, appointment.customer.phoneNumber)) &&
    isLive(appointment.status) &&
    !isPastIn(fromParts(appointment.startDate), tenant.timeZone, instant);

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="appointment-reminders">
      <Stack gap="sm">
        <Text fw={600} component="h2" size="md" m={0}>
          <FormattedMessage id="appointments.reminders.title" defaultMessage="Reminders" />
        </Text>
        {appointment.reminders.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="appointments.reminders.none" defaultMessage="This appointment has no reminders." />
          </Text>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {appointment.reminders.map((reminder, index) => {
              const state = reminderState(reminder);
              const view = stateView(intl, state, { timeZone: tenant.timeZone, now: instant, channel: channels[reminder.channel], byHand, email: reminder.channel === 'REMINDER_CHANNEL_EMAIL' });
              return (
                <Group component="li" key={index} gap="sm" wrap="nowrap" align="flex-start" data-state={state.kind}>
                  <ThemeIcon variant="light" color={view.color} radius="xl" size="md" aria-hidden>
                    {view.icon}
                  </ThemeIcon>
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      <FormattedMessage
                        id="appointments.reminders.item"
                        defaultMessage="{channel}, {before}"
                        values={{ channel: channels[reminder.channel], before: reminderTimeLabel(intl, reminder.minutesBefore) }}
                      />
                    </Text>
                    <Text size="sm">{view.text}</Text>
                    {view.hint ? (
                      <Text size="xs" c="dimmed">
                        {view.hint}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

const messages = defineMessages({
  sentAt: { id: 'appointments.reminders.sentAt', defaultMessage: 'Sent at {time}' },
  sentOn: { id: 'appointments.reminders.sentOn', defaultMessage: 'Sent on {dateTime}' },
  pendingAt: { id: 'appointments.reminders.pendingAt', defaultMessage: 'Pending: to be sent at {time}' },
  pendingOn: { id: 'appointments.reminders.pendingOn', defaultMessage: 'Pending: to be sent on {dateTime}' },
  rejectedHintEmail: { id: 'appointments.reminders.rejected.hintEmail', defaultMessage: "Check the customer's e-mail address, or remind them yourself." },
  rejectedHintPhone: { id: 'appointments.reminders.rejected.hintPhone', defaultMessage: "Check the customer's phone number, or remind them yourself." },
});

interface StateView {
  icon: ReactNode;
  color: string;
  text: string;
  hint?: string;
}

/** The moment in the business's time zone: 'HH:mm' today, else with its date. */
function moment(instant: Temporal.Instant, timeZone: string, now: Temporal.Instant, locale: string): { today: boolean; text: string } {
  const local = instant.toZonedDateTimeISO(timeZone).toPlainDateTime();
  const today = Temporal.PlainDate.compare(local.toPlainDate(), now.toZonedDateTimeISO(timeZone).toPlainDate()) === 0;
  return { today, text: today ? formatTime(local) : formatDateTimeMedium(toParts(local), locale) };
}

function stateView(
  intl: IntlShape,
  state: ReminderState,
  context: { timeZone: string; now: Temporal.Instant; channel: string; byHand: boolean; email: boolean },
): StateView {
  const at = (instant: Temporal.Instant) => moment(instant, context.timeZone, context.now, intl.locale);
  const icon = (Icon: typeof IconCheck) => <Icon size={16} aria-hidden />;
  /** "… at 10:30" today, "… on Wed, Nov 25, 2026, 10:30" another day. */
  const dated = (instant: Temporal.Instant, today: MessageDescriptor, other: MessageDescriptor) => {
    const when = at(instant);
    return when.today ? intl.formatMessage(today, { time: when.text }) : intl.formatMessage(other, { dateTime: when.text });
  };
  switch (state.kind) {
    case 'sent':
      return { icon: icon(IconCheck), color: 'green', text: dated(state.at, messages.sentAt, messages.sentOn) };
    case 'scheduled':
      return { icon: icon(IconClock), color: 'blue', text: dated(state.due, messages.pendingAt, messages.pendingOn) };
    case 'sending':
      return {
        icon: icon(IconSend),
        color: 'blue',
        text: intl.formatMessage({ id: 'appointments.reminders.sending', defaultMessage: 'Being sent now (due: {when})' }, { when: at(state.due).text }),
      };
    case 'retrying':
      return {
        icon: icon(IconRefresh),
        color: 'yellow',
        text: state.next
          ? intl.formatMessage(
              { id: 'appointments.reminders.retrying', defaultMessage: 'Not sent yet: the provider could not be reached; trying again at {when}' },
              { when: at(state.next).text },
            )
          : intl.formatMessage({ id: 'appointments.reminders.retryingSoon', defaultMessage: 'Not sent yet: the provider could not be reached; trying again shortly' }),
      };
    case 'failed':
      return state.rejected
        ? {
            icon: icon(IconAlertTriangle),
            color: 'red',
            text: intl.formatMessage({ id: 'appointments.reminders.rejected', defaultMessage: 'Not sent: the provider refused it (due: {when})' }, { when: at(state.due).text }),
            hint: intl.formatMessage(context.email ? messages.rejectedHintEmail : messages.rejectedHintPhone),
          }
        : {
            icon: icon(IconAlertTriangle),
            color: 'red',
            text: intl.formatMessage(
              { id: 'appointments.reminders.unavailable', defaultMessage: 'Not sent: the provider could not be reached (due: {when})' },
              { when: at(state.due).text },
            ),
            hint: intl.formatMessage({
              id: 'appointments.reminders.unavailable.hint',
              defaultMessage: 'Sending was tried several times and has stopped. Remind the customer yourself.',
            }),
          };
    case 'too_late':
      return {
        icon: icon(IconClockX),
        color: 'gray',
        text: intl.formatMessage({ id: 'appointments.reminders.tooLate', defaultMessage: 'Not sent: its time ({when}) had already passed' }, { when: at(state.due).text }),
      };
    case 'no_recipient':
      return {
        icon: icon(IconUserX),
        color: 'orange',
        text: context.email
          ? intl.formatMessage({ id: 'appointments.reminders.noEmail', defaultMessage: 'Not sent: the appointment has no e-mail address for the customer' })
          : intl.formatMessage({ id: 'appointments.reminders.noPhone', defaultMessage: 'Not sent: the appointment has no phone number for the customer' }),
      };
    case 'unsupported':
      return {
        icon: icon(IconPlugConnectedX),
        color: 'orange',
        text: intl.formatMessage(
          { id: 'appointments.reminders.unsupported', defaultMessage: 'Not sent automatically: no {channel} provider is set up' },
          { channel: context.channel },
        ),
        hint: context.byHand
          ? intl.formatMessage({ id: 'appointments.reminders.unsupported.byHand', defaultMessage: 'Send it yourself with the WhatsApp button on this page.' })
          : undefined,
      };
    case 'cancelled':
      return {
        icon: icon(IconBan),
        color: 'gray',
        text: intl.formatMessage({ id: 'appointments.reminders.dropped', defaultMessage: 'Not sent: the appointment is no longer pending or confirmed' }),
      };
  }
}
