import { Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createAppointmentMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { localeParam } from '~/lib/locale';
import { partsFromIsoLocal, roundUpToStep, toParts, nowPlain, type DateTimeParts } from '~/lib/temporal';
import { useAppointmentProblems } from '../hooks/use-appointment-problems';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useBookingErrorText } from '../hooks/use-booking-error-text';
import { useBookingSubmit } from '../hooks/use-booking-submit';
import { useTeam } from '../hooks/use-team';
import { appointmentMessages } from '../messages';
import { appointmentInputFromForm, newBookingForm, recurrenceFromForm, type BookingFormValues } from '../schemas/booking-form-schema';
import { BookingForm } from './booking-form';

function parsePart(text: string | undefined): DateTimeParts | undefined {
  if (!text) return undefined;
  try {
    return partsFromIsoLocal(text);
  } catch {
    return undefined;
  }
}

/** /appointments/create: book, from a selected slot or from scratch. */
export function AppointmentCreatePage({ tenant, search }: { tenant: Tenant; search: { start?: string; end?: string; userId?: string } }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const { userId } = useSession();
  const team = useTeam(tenant);
  const problems = useAppointmentProblems(tenant.id, userId, team.members);
  const errorText = useBookingErrorText(problems.conflictText);
  const idempotency = useIdempotencyKey();
  const create = useMutation(createAppointmentMutation());
  const booking = useBookingSubmit(problems, errorText);
  const start = parsePart(search.start) ?? toParts(roundUpToStep(nowPlain(tenant.timeZone)));
  const [defaults] = useState(() =>
    newBookingForm({ start, end: parsePart(search.end), userId: (team.canManage ? search.userId : undefined) ?? search.userId ?? userId ?? '' }),
  );

  const back = (date?: string, who?: string) =>
    void navigate({ to: '/{-$locale}/appointments', params: { locale: localeParam(locale) }, search: { ...(date ? { date } : {}), ...(who && who !== userId ? { who } : {}) } });

  const submit = (values: BookingFormValues) => {
    const recurrence = recurrenceFromForm(values);
    return booking.submit({
      send: (allowOutsideHours) =>
        create.mutateAsync({
          path: { tenantId: tenant.id, userId: values.userId },
          headers: { 'Idempotency-Key': idempotency.key() },
          body: { appointment: { ...appointmentInputFromForm(values), ...(allowOutsideHours ? { allowOutsideHours: true } : {}) }, ...(recurrence ? { recurrence } : {}) },
        }),
      beforeRetry: idempotency.renew,
      onSaved: async (answer) => {
        idempotency.renew();
        const booked = 1 + (answer.seriesAppointments?.length ?? 0);
        notifications.show({
          color: 'green',
          message: booked > 1 ? intl.formatMessage(appointmentMessages.bookedSeries, { count: booked }) : intl.formatMessage(appointmentMessages.booked),
        });
        if (answer.skippedOccurrences?.length) {
          notifications.show({ color: 'orange', message: intl.formatMessage(appointmentMessages.skipped, { count: answer.skippedOccurrences.length }) });
        }
        await problems.refreshCalendar();
        back(values.date, values.userId);
      },
      onFailure: idempotency.renew,
    });
  };

  if (team.isPending) return <PageLoader />;
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>
        <FormattedMessage id="appointments.create.title" defaultMessage="New appointment" />
      </Title>
      <BookingForm
        tenant={tenant}
        members={team.members}
        canChooseMember={team.canManage}
        defaultValues={defaults}
        pending={create.isPending}
        error={booking.error}
        onSubmit={(values) => void submit(values)}
        onCancel={() => back(search.start?.slice(0, 10))}
      />
    </Stack>
  );
}
