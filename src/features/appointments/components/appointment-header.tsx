import { Anchor, Badge, Button, ColorSwatch, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconCash, IconEdit, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { Appointment, AppointmentDistinction } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { appointmentStatus } from '~/entities/appointment/status';
import { StatusBadge } from '~/entities/status-badge';
import { localeParam } from '~/lib/locale';
import { formatDate, fromParts } from '~/lib/temporal';
import { customerName } from '../calendar-events';
import { AppointmentCustomerTags } from './appointment-customer-tags';

/** The appointment page's head: back to its day in the calendar, the customer, status and badges, and the actions. */
export function AppointmentHeader({ appointment, distinction, editing, onEdit, onDelete }: {
  appointment: Appointment;
  distinction: AppointmentDistinction | undefined;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const locale = useLocale();
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/appointments" params={{ locale: localeParam(locale) }} search={{ date: formatDate(fromParts(appointment.startDate)) }} />}>
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            <FormattedMessage id="appointments.page.back" defaultMessage="Calendar" />
          </Group>
        </Anchor>
        <Title order={1}>
          {/* The customer's page (issue 18). */}
          <Anchor inherit renderRoot={(props) => <Link {...props} to="/{-$locale}/customers/$customerId" params={{ locale: localeParam(locale), customerId: appointment.customer.id }} />}>
            {customerName(appointment)}
          </Anchor>
        </Title>
        <AppointmentCustomerTags tenantId={appointment.tenantId} customerId={appointment.customer.id} />
        <Group gap="xs">
          <StatusBadge vocabulary={appointmentStatus} status={appointment.status} variant="filled" data-testid="appointment-status" />
          <ColorSwatch color={appointment.color} size={16} aria-hidden />
          {distinction ? (
            <Badge variant="default" leftSection={<ColorSwatch color={distinction.color} size={10} aria-hidden />}>
              {distinction.distinction}
            </Badge>
          ) : null}
          {appointment.seriesId ? (
            <Badge variant="outline" color="gray">
              <FormattedMessage id="appointments.page.series" defaultMessage="Repeats ({index})" values={{ index: appointment.seriesIndex ?? 1 }} />
            </Badge>
          ) : null}
        </Group>
      </Stack>
      <Group gap="sm">
        {appointment.status === 'APPOINTMENT_STATUS_CANCELLED' || appointment.status === 'APPOINTMENT_STATUS_REJECTED' ? null : (
          <Button
            variant="default"
            leftSection={<IconCash size={16} aria-hidden />}
            renderRoot={(props) => (
              <Link {...props} to="/{-$locale}/sales/new" params={{ locale: localeParam(locale) }} search={{ appointmentId: appointment.id, userId: appointment.userId }} />
            )}
          >
            <FormattedMessage id="appointments.page.charge" defaultMessage="Charge" />
          </Button>
        )}
        {editing ? null : (
          <Button variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
            <FormattedMessage id="appointments.page.edit" defaultMessage="Edit" />
          </Button>
        )}
        <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          <FormattedMessage id="appointments.page.delete" defaultMessage="Delete" />
        </Button>
      </Group>
    </Group>
  );
}
