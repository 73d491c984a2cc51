import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { updateAppointmentRealTimingMutation } from '@generated/@tanstack/react-query.gen';
import type { Appointment, UpdateAppointmentRealTimingData } from '@generated/types.gen';
import { TimeInput } from '~/components/time-input';
import { formatDate, fromParts, partsFromDateAndTime } from '~/lib/temporal';

/** When the service really started and ended (for the statistics), on the appointment's day. */
export function AppointmentRealTimingCard({ appointment, path, errorText, onChanged }: {
  appointment: Appointment;
  path: UpdateAppointmentRealTimingData['path'];
  errorText: (error: unknown) => string;
  onChanged: (appointment: Appointment) => void;
}) {
  const intl = useIntl();
  const [realStart, setRealStart] = useState('');
  const [realEnd, setRealEnd] = useState('');
  const realTiming = useMutation(updateAppointmentRealTimingMutation());

  const saveRealTiming = () => {
    const date = formatDate(fromParts(appointment.startDate));
    const realStartDate = partsFromDateAndTime(date, realStart);
    const realEndDate = partsFromDateAndTime(date, realEnd);
    if (!realStartDate || !realEndDate) return;
    realTiming.mutate({ path, body: { realStartDate, realEndDate } }, { onSuccess: (answer) => onChanged(answer.appointment) });
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Text fw={600}>
          <FormattedMessage id="appointments.page.realTiming.title" defaultMessage="Real timing" />
        </Text>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="appointments.page.realTiming.description" defaultMessage="When the service really started and ended, for the statistics. The booked times stay as they are." />
        </Text>
        <Group gap="sm" align="flex-end">
          <TimeInput label={intl.formatMessage({ id: 'appointments.page.realTiming.start', defaultMessage: 'Started' })} value={realStart} onChange={setRealStart} />
          <TimeInput label={intl.formatMessage({ id: 'appointments.page.realTiming.end', defaultMessage: 'Ended' })} value={realEnd} onChange={setRealEnd} />
          <Button variant="light" disabled={!realStart || !realEnd || realEnd <= realStart} loading={realTiming.isPending} onClick={saveRealTiming}>
            <FormattedMessage id="appointments.page.realTiming.save" defaultMessage="Save real timing" />
          </Button>
        </Group>
        {realTiming.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(realTiming.error)}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
