import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { deleteAppointmentMutation } from '@generated/@tanstack/react-query.gen';
import type { Appointment, DeleteAppointmentData } from '@generated/types.gen';
import { asProblem } from '~/lib/api-problem';
import { appointmentMessages } from '../messages';

/** "Delete this appointment?", and for one that repeats: only this one, or the following ones too. */
export function DeleteAppointmentModal({ opened, onClose, appointment, path, errorText, onDeleted }: {
  opened: boolean;
  onClose: () => void;
  appointment: Appointment;
  path: DeleteAppointmentData['path'];
  errorText: (error: unknown) => string;
  onDeleted: () => Promise<void>;
}) {
  const intl = useIntl();
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const remove = useMutation(deleteAppointmentMutation());
  const confirmDelete = () => remove.mutate({ path, query: appointment.seriesId ? { scope } : undefined }, { onSuccess: onDeleted });

  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage({ id: 'appointments.page.delete.title', defaultMessage: 'Delete this appointment?' })} centered>
      <Stack gap="md">
        <Text size="sm">
          <FormattedMessage id="appointments.page.delete.description" defaultMessage="It disappears from the calendar and its reminders are not sent. To keep it in the history, cancel it instead." />
        </Text>
        {appointment.seriesId ? (
          <Radio.Group value={scope} onChange={(value) => setScope(value as 'this' | 'following')} label={intl.formatMessage({ id: 'appointments.page.delete.scope', defaultMessage: 'It repeats. Delete:' })}>
            <Stack gap="xs" mt="xs">
              <Radio value="this" label={intl.formatMessage({ id: 'appointments.page.delete.this', defaultMessage: 'Only this one' })} />
              <Radio value="following" label={intl.formatMessage({ id: 'appointments.page.delete.following', defaultMessage: 'This one and the following ones' })} />
            </Stack>
          </Radio.Group>
        ) : null}
        {remove.isError ? (
          <Alert color="red" variant="light" role="alert">
            {asProblem(remove.error)?.code === 'appointment_charged' ? intl.formatMessage(appointmentMessages.chargedDelete) : errorText(remove.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            <FormattedMessage id="appointments.page.delete.cancel" defaultMessage="Keep it" />
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
            <FormattedMessage id="appointments.page.delete.confirm" defaultMessage="Delete" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
