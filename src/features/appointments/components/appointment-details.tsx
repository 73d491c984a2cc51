import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Appointment, TeamMember } from '@generated/types.gen';
import { formatMoney } from '~/lib/money';
import { formatDateTimeMedium, formatTime, fromParts } from '~/lib/temporal';
import { memberName } from '../hooks/use-team';
import { appointmentMessages } from '../messages';

/** What was booked: when, with whom, the services and their total, the customer's phone, notes, the last status reason, the real timing. */
export function AppointmentDetails({ appointment, member }: { appointment: Appointment; member: TeamMember | undefined }) {
  const intl = useIntl();
  const none = intl.formatMessage(appointmentMessages.none);
  return (
    <Card withBorder radius="lg" padding="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Detail label={intl.formatMessage({ id: 'appointments.page.when', defaultMessage: 'When' })}>
          {intl.formatMessage(appointmentMessages.range, { start: formatDateTimeMedium(appointment.startDate, intl.locale), end: formatTime(fromParts(appointment.endDate)) })}
        </Detail>
        <Detail label={intl.formatMessage({ id: 'appointments.page.member', defaultMessage: 'Team member' })}>{memberName(member) || none}</Detail>
        <Detail label={intl.formatMessage({ id: 'appointments.page.services', defaultMessage: 'Services' })}>
          {appointment.services.map((service) => `${service.name} (${formatMoney(service.price.amount, { currencyCode: service.price.currency, locale: intl.locale })})`).join(', ')}
        </Detail>
        <Detail label={intl.formatMessage({ id: 'appointments.page.total', defaultMessage: 'Total' })}>
          {formatMoney(appointment.totalPrice.amount, { currencyCode: appointment.totalPrice.currency, locale: intl.locale })}
        </Detail>
        <Detail label={intl.formatMessage({ id: 'appointments.page.phone', defaultMessage: 'Phone' })}>
          {appointment.customer.phoneNumber ? [appointment.customer.phoneCountryCode, appointment.customer.phoneNumber].filter(Boolean).join(' ') : none}
        </Detail>
        <Detail label={intl.formatMessage({ id: 'appointments.page.notes', defaultMessage: 'Notes' })}>{appointment.notes || none}</Detail>
        {appointment.statusReason ? (
          <Detail label={intl.formatMessage({ id: 'appointments.page.statusReason', defaultMessage: 'Reason of the last status change' })}>{appointment.statusReason}</Detail>
        ) : null}
        {appointment.realStartDate && appointment.realEndDate ? (
          <Detail label={intl.formatMessage({ id: 'appointments.page.realTiming', defaultMessage: 'Really took place' })}>
            {intl.formatMessage(appointmentMessages.range, { start: formatTime(fromParts(appointment.realStartDate)), end: formatTime(fromParts(appointment.realEndDate)) })}
          </Detail>
        ) : null}
      </SimpleGrid>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}
