import { Alert, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getAppointmentOptions, getAppointmentQueryKey, listAppointmentDistinctionsOptions, updateAppointmentMutation } from '@generated/@tanstack/react-query.gen';
import type { Appointment, Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { useSession } from '~/entities/session/use-session';
import { QueryState } from '~/components/query-state';
import { problemStatus } from '~/lib/api-problem';
import { localeParam } from '~/lib/locale';
import { formatDate, fromParts } from '~/lib/temporal';
import { problemCode, useAppointmentProblems } from '../hooks/use-appointment-problems';
import { useBookingErrorText } from '../hooks/use-booking-error-text';
import { useBookingSubmit } from '../hooks/use-booking-submit';
import { useTeam } from '../hooks/use-team';
import { appointmentMessages } from '../messages';
import { appointmentInputFromForm, bookingFormFromAppointment, type BookingFormValues } from '../schemas/booking-form-schema';
import { AppointmentDetails } from './appointment-details';
import { AppointmentHeader } from './appointment-header';
import { AppointmentRealTimingCard } from './appointment-real-timing-card';
import { AppointmentReminders } from './appointment-reminders';
import { AppointmentStatusCard } from './appointment-status-card';
import { BookingForm } from './booking-form';
import { DeleteAppointmentModal } from './delete-appointment-modal';
import { WhatsAppReminder } from './whatsapp-reminder';

/** /appointments/{id}: details, edit, reminders and what became of them, status, real timing, delete, charge. */
export function AppointmentPage({ tenant, id, ownerUserId }: { tenant: Tenant; id: string; ownerUserId?: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const team = useTeam(tenant);
  const path = { tenantId: tenant.id, userId: ownerUserId ?? userId ?? '', id };
  const query = useQuery({ ...getAppointmentOptions({ path }), enabled: Boolean(path.userId) });
  const distinctions = useQuery({ ...listAppointmentDistinctionsOptions({ path: { tenantId: tenant.id }, query: { limit: 200 } }), staleTime: 60_000 });
  const problems = useAppointmentProblems(tenant.id, userId, team.members);
  const errorText = useBookingErrorText(problems.conflictText);
  const edit = useBookingSubmit(problems, errorText);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useMutation(updateAppointmentMutation());

  /** The appointment, once loaded: details or the edit form, status, real timing, delete. */
  const content = (appointment: Appointment) => {
    const member = team.members.find((item) => item.userId === appointment.userId);
    const distinction = distinctions.data?.items.find((item) => item.id === appointment.distinctionId);
    const appointmentPath = { tenantId: tenant.id, userId: appointment.userId, id: appointment.id };
    const afterChange = async (next?: Appointment) => {
      if (next) queryClient.setQueryData(getAppointmentQueryKey({ path }), { appointment: next });
      await problems.refreshCalendar();
    };
    const backToCalendar = () =>
      void navigate({ to: '/{-$locale}/appointments', params: { locale: localeParam(locale) }, search: { date: formatDate(fromParts(appointment.startDate)) } });

    const saveEdit = (values: BookingFormValues) => {
      const input = appointmentInputFromForm(values);
      return edit.submit({
        send: (allowOutsideHours) =>
          update.mutateAsync({
            path: appointmentPath,
            body: { appointment: { ...input, version: appointment.version, ...(allowOutsideHours ? { allowOutsideHours: true } : {}) } },
          }),
        onSaved: async (answer) => {
          notifications.show({ color: 'green', message: intl.formatMessage(appointmentMessages.saved) });
          setEditing(false);
          if (answer.appointment.userId !== appointment.userId) {
            await problems.refreshCalendar();
            void navigate({ to: '/{-$locale}/appointments/$id', params: { locale: localeParam(locale), id }, search: { userId: answer.appointment.userId }, replace: true });
            return;
          }
          await afterChange(answer.appointment);
        },
        onFailure: (failure) => {
          if (problemCode(failure) === 'stale_version') void query.refetch();
        },
      });
    };

    return (
      <Stack gap="lg" maw={900}>
        <AppointmentHeader appointment={appointment} distinction={distinction} editing={editing} onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />
        {editing ? (
          <BookingForm
            tenant={tenant}
            members={team.members}
            canChooseMember={team.canManage}
            defaultValues={bookingFormFromAppointment(appointment)}
            editing
            pending={update.isPending}
            error={edit.error}
            onSubmit={(values) => void saveEdit(values)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <AppointmentDetails appointment={appointment} member={member} />
        )}
        {editing ? null : <AppointmentReminders appointment={appointment} tenant={tenant} />}
        {editing ? null : <WhatsAppReminder appointment={appointment} tenant={tenant} />}
        <AppointmentStatusCard appointment={appointment} path={appointmentPath} errorText={errorText} onChanged={(next) => void afterChange(next)} onStale={() => void query.refetch()} />
        <AppointmentRealTimingCard appointment={appointment} path={appointmentPath} errorText={errorText} onChanged={(next) => void afterChange(next)} />
        <DeleteAppointmentModal
          opened={deleting}
          onClose={() => setDeleting(false)}
          appointment={appointment}
          path={appointmentPath}
          errorText={errorText}
          onDeleted={async () => {
            setDeleting(false);
            await problems.refreshCalendar();
            backToCalendar();
          }}
        />
      </Stack>
    );
  };

  const notFound = (error: unknown) =>
    problemStatus(error) === 404 ? (
      <Alert color="gray" title={intl.formatMessage({ id: 'appointments.page.notFound.title', defaultMessage: 'This appointment does not exist' })}>
        <FormattedMessage id="appointments.page.notFound" defaultMessage="It may have been deleted. Go back to the calendar to see the current appointments." />
      </Alert>
    ) : undefined;

  return (
    <QueryState query={query} refusal={notFound}>
      {({ appointment }) => content(appointment)}
    </QueryState>
  );
}
