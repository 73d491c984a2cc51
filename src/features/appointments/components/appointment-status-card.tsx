import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changeAppointmentStatusMutation } from '@generated/@tanstack/react-query.gen';
import type { Appointment, AppointmentStatus, ChangeAppointmentStatusData } from '@generated/types.gen';
import { appointmentStatus, appointmentStatusActions } from '~/entities/appointment/status';
import { problemCode } from '../hooks/use-appointment-problems';

/** Only calling an appointment off asks why (issue 18): confirming, done, no-show are one click. */
export const asksReason = (status: AppointmentStatus) => status === 'APPOINTMENT_STATUS_REJECTED' || status === 'APPOINTMENT_STATUS_CANCELLED';

/**
 * The statuses the appointment may move to now (the server's `allowedStatuses`), each a button: one
 * click changes it, except rejecting or cancelling, which first ask for an optional reason.
 */
export function AppointmentStatusCard({ appointment, path, errorText, onChanged, onStale }: {
  appointment: Appointment;
  path: ChangeAppointmentStatusData['path'];
  errorText: (error: unknown) => string;
  onChanged: (appointment: Appointment) => void;
  /** The change was refused as stale: reload the appointment. */
  onStale: () => void;
}) {
  const intl = useIntl();
  const [statusTarget, setStatusTarget] = useState<AppointmentStatus | null>(null);
  const [reason, setReason] = useState('');
  const status = useMutation(changeAppointmentStatusMutation());
  const allowed = appointment.allowedStatuses ?? [];

  const changeStatus = (target = statusTarget) => {
    if (!target) return;
    status.mutate(
      { path, body: { status: target, version: appointment.version, ...(asksReason(target) && reason.trim() ? { reason: reason.trim() } : {}) } },
      {
        onSuccess: (answer) => {
          setStatusTarget(null);
          setReason('');
          onChanged(answer.appointment);
        },
        onError: (failure) => {
          if (problemCode(failure) === 'stale_version') onStale();
        },
      },
    );
  };

  return (
    <>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Text fw={600}>
            <FormattedMessage id="appointments.page.status" defaultMessage="Status" />
          </Text>
          {allowed.length === 0 ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="appointments.page.status.none" defaultMessage="No status change is possible now." />
            </Text>
          ) : (
            <Group gap="sm">
              {allowed.map((next) => (
                <Button
                  key={next}
                  variant="light"
                  color={appointmentStatus.colors[next]}
                  loading={status.isPending && status.variables?.body.status === next && statusTarget === null}
                  disabled={status.isPending}
                  onClick={() => (asksReason(next) ? setStatusTarget(next) : changeStatus(next))}
                >
                  {intl.formatMessage(appointmentStatusActions[next])}
                </Button>
              ))}
            </Group>
          )}
          {status.isError && statusTarget === null ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(status.error)}
            </Alert>
          ) : null}
        </Stack>
      </Card>

      <Modal
        opened={statusTarget !== null}
        onClose={() => setStatusTarget(null)}
        title={statusTarget ? intl.formatMessage(appointmentStatusActions[statusTarget]) : ''}
        centered
      >
        <Stack gap="md">
          <TextInput
            data-autofocus
            label={intl.formatMessage({ id: 'appointments.page.status.reason', defaultMessage: 'Reason (optional)' })}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {status.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(status.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStatusTarget(null)}>
              <FormattedMessage id="appointments.page.status.cancel" defaultMessage="Cancel" />
            </Button>
            <Button loading={status.isPending} onClick={() => changeStatus()}>
              <FormattedMessage id="appointments.page.status.confirm" defaultMessage="Change status" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
