import { Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { getConfigurationOptions, getCustomerOptions } from '@generated/@tanstack/react-query.gen';
import type { Appointment, ReminderChannel, Tenant } from '@generated/types.gen';
import { WhatsAppButton } from '~/components/whatsapp-button';
import { fromParts, isPastIn } from '~/lib/temporal';
import { isLive, isUnsupported } from '../reminder-state';
import { reminderLanguage, whatsAppDigits, whatsAppReminderText } from './whatsapp-reminder-text';

/**
 * On the appointment page, when the server cannot send the reminder itself (no WhatsApp provider:
 * GET /v1/configuration's reminderChannels, or a reminder it skips as unsupported_channel), a one-click WhatsApp
 * message to the customer with the reminder already written in their language (wa.me), as small
 * businesses do by hand. Shown for an upcoming, live appointment whose customer has a phone number.
 */
export function WhatsAppReminder({ appointment, tenant }: { appointment: Appointment; tenant: Tenant }) {
  const configuration = useQuery({ ...getConfigurationOptions(), staleTime: 10 * 60_000 });
  const digits = whatsAppDigits(appointment.customer.phoneCountryCode, appointment.customer.phoneNumber);
  const upcoming = isLive(appointment.status) && !isPastIn(fromParts(appointment.startDate), tenant.timeZone);
  const customer = useQuery({
    ...getCustomerOptions({ path: { tenantId: tenant.id, id: appointment.customer.id } }),
    enabled: Boolean(digits && upcoming),
    staleTime: 60_000,
    retry: false,
  });
  if (!digits || !upcoming || !configuration.data) return null;
  const sent: ReminderChannel[] = configuration.data.configuration.reminderChannels ?? ['REMINDER_CHANNEL_EMAIL'];
  // The server's word: the reminders it will not send for want of a provider (their status).
  const unsent = appointment.reminders.filter(isUnsupported);
  if (sent.includes('REMINDER_CHANNEL_WHATSAPP') && unsent.length === 0) return null;
  // The customer's language, else the business's (as the server's messages); a deleted customer: the business's.
  if (customer.isPending && customer.fetchStatus !== 'idle') return null;
  const language = reminderLanguage(customer.data?.customer.language ?? tenant.locale);
  const text = whatsAppReminderText(appointment, tenant.businessName, language);

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="whatsapp-reminder">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={2} maw={560}>
          <Text fw={600}>
            <FormattedMessage id="appointments.whatsappReminder.title" defaultMessage="Remind the customer on WhatsApp" />
          </Text>
          <Text size="sm" c="dimmed">
            {unsent.length > 0 ? (
              <FormattedMessage
                id="appointments.whatsappReminder.unsent"
                defaultMessage="This appointment's SMS or WhatsApp reminders are not sent automatically (no provider is set up). Send the reminder yourself: the message is already written, in the customer's language."
              />
            ) : (
              <FormattedMessage
                id="appointments.whatsappReminder.hint"
                defaultMessage="Open WhatsApp with the reminder already written, in the customer's language, and send it."
              />
            )}
          </Text>
        </Stack>
        <WhatsAppButton phone={digits} text={text}>
          <FormattedMessage id="appointments.whatsappReminder.button" defaultMessage="Send the reminder on WhatsApp" />
        </WhatsAppButton>
      </Group>
    </Card>
  );
}
