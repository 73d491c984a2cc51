import { Checkbox, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { previewAppointmentSeriesOptions } from '@generated/@tanstack/react-query.gen';
import { formatDateTimeMedium } from '~/lib/temporal';
import type { BookingFormApi } from '../hooks/use-booking-form';
import { appointmentInputFromForm, bookingFormSchema, recurrenceFromForm } from '../schemas/booking-form-schema';

/** An empty body for the disabled preview query (its key needs one). */
const NO_SERIES = {
  appointment: { customerId: '', services: [], startDate: { year: 1970, month: 1, day: 1, hours: 0, minutes: 0 }, endDate: { year: 1970, month: 1, day: 1, hours: 0, minutes: 0 } },
  recurrence: { frequency: 'RECURRENCE_FREQUENCY_WEEKLY' as const },
};

/**
 * The repeat preview: how many appointments the series makes and which ones collide (a read-only
 * POST, keyed by its body), with the choice to skip those and book the others.
 */
export function SeriesPreview({ tenantId, form }: { tenantId: string; form: BookingFormApi }) {
  const intl = useIntl();
  const values = useWatch({ control: form.control });
  const previewBody = useMemo(() => {
    if (!values.repeat) return null;
    const parsed = bookingFormSchema.safeParse(values);
    if (!parsed.success) return null;
    const recurrence = recurrenceFromForm(parsed.data);
    return recurrence ? { appointment: appointmentInputFromForm(parsed.data), recurrence } : null;
  }, [values]);
  const previewUserId = values.userId ?? '';
  const preview = useQuery({
    ...previewAppointmentSeriesOptions({ path: { tenantId, userId: previewUserId }, body: previewBody ?? NO_SERIES }),
    enabled: previewBody !== null && Boolean(previewUserId),
    staleTime: 30_000,
  });
  const collisions = (preview.data?.occurrences ?? []).filter((occurrence) => occurrence.conflict);

  if (preview.isFetching)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="appointments.form.repeat.checking" defaultMessage="Checking the dates…" />
      </Text>
    );
  if (!preview.data) return null;
  return (
    <Stack gap="xs" data-testid="series-preview">
      <Text size="sm">
        <FormattedMessage
          id="appointments.form.repeat.summary"
          defaultMessage="{total, plural, one {# appointment} other {# appointments}}, {collisions, plural, =0 {none collides} one {# collides} other {# collide}}."
          values={{ total: preview.data.occurrences.length, collisions: collisions.length }}
        />
      </Text>
      {collisions.length > 0 ? (
        <>
          <Table withTableBorder striped>
            <Table.Tbody>
              {collisions.map((occurrence) => (
                <Table.Tr key={occurrence.index}>
                  <Table.Td>{formatDateTimeMedium(occurrence.startDate, intl.locale)}</Table.Td>
                  <Table.Td>
                    <FormattedMessage
                      id="appointments.form.repeat.collidesWith"
                      defaultMessage="collides with {customer}"
                      values={{ customer: occurrence.conflict?.customerName ?? intl.formatMessage({ id: 'appointments.form.repeat.another', defaultMessage: 'another appointment' }) }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Controller
            control={form.control}
            name="skipConflicts"
            render={({ field }) => (
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                label={intl.formatMessage({ id: 'appointments.form.repeat.skip', defaultMessage: 'Skip the colliding ones and book the others' })}
              />
            )}
          />
        </>
      ) : null}
    </Stack>
  );
}
