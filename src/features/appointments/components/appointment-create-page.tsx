import { Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createAppointmentMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { useSession } from '~/app/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { localeParam } from '~/lib/locale';
import { partsFromIsoLocal, roundUpToStep, toParts, nowPlain, type DateTimeParts } from '~/lib/temporal';
import { problemCode, useAppointmentProblems } from '../hooks/use-appointment-problems';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useTeam } from '../hooks/use-team';
import { appointmentMessages } from '../messages';
import { appointmentInputFromForm, newBookingForm, recurrenceFromForm, type BookingFormValues } from '../schemas/booking-form-schema';
import { BookingForm } from './booking-form';
import { useBookingErrorText } from '../hooks/use-booking-error-text';

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
  const [error, setError] = useState<ReactNode>(null);
  const start = parsePart(search.start) ?? toParts(roundUpToStep(nowPlain(tenant.timeZone)));
  const [defaults] = useState(() =>
    newBookingForm({ start, end: parsePart(search.end), userId: (team.canManage ? search.userId : undefined) ?? search.userId ?? userId ?? '' }),
  );

  const back = (date?: string, who?: string) =>
    void navigate({ to: '/{-$locale}/appointments', params: { locale: localeParam(locale) }, search: { ...(date ? { date } : {}), ...(who && who !== userId ? { who } : {}) } });

  const submit = async (values: BookingFormValues) => {
    setError(null);
    const recurrence = recurrenceFromForm(values);
    const send = (allowOutsideHours: boolean) =>
      create.mutateAsync({
        path: { tenantId: tenant.id, userId: values.userId },
        headers: { 'Idempotency-Key': idempotency.key() },
        body: { appointment: { ...appointmentInputFromForm(values), ...(allowOutsideHours ? { allowOutsideHours: true } : {}) }, ...(recurrence ? { recurrence } : {}) },
      });
    try {
      let answer;
      try {
        answer = await send(false);
      } catch (failure) {
        if (problemCode(failure) !== 'outside_working_hours' || !(await problems.confirmOutsideHours())) throw failure;
        idempotency.renew();
        answer = await send(true);
      }
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
    } catch (failure) {
      if (problemCode(failure) === 'outside_working_hours') return;
      idempotency.renew();
      setError(errorText(failure));
    }
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
        error={error}
        onSubmit={(values) => void submit(values)}
        onCancel={() => back(search.start?.slice(0, 10))}
      />
    </Stack>
  );
}
