import { Anchor, Badge, Button, ColorSwatch, Group, Stack, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconCash, IconEdit, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Appointment, AppointmentDistinction } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { appointmentStatus } from '~/entities/appointment/status';
import { StatusBadge } from '~/entities/status-badge';
import { localeParam } from '~/lib/locale';
import { formatDate, fromParts } from '~/lib/temporal';
import { customerName } from '../calendar-events';

/** The appointment page's head: back to its day in the calendar, the customer, status and badges, and the actions. */
export function AppointmentHeader({ appointment, distinction, editing, onEdit, onDelete }: {
  appointment: Appointment;
  distinction: AppointmentDistinction | undefined;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const intl = useIntl();
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
        <Title order={1}>{customerName(appointment)}</Title>
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
        <Tooltip label={intl.formatMessage({ id: 'appointments.page.charge.soon', defaultMessage: 'Charging comes with sales, soon.' })}>
          <span>
            <Button variant="default" leftSection={<IconCash size={16} aria-hidden />} disabled aria-disabled>
              <FormattedMessage id="appointments.page.charge" defaultMessage="Charge" />
            </Button>
          </span>
        </Tooltip>
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
