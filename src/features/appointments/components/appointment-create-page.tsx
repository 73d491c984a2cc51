import { Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '~/lib/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createAppointmentMutation, getAppointmentCalendarOptions, getCustomerOptions } from '@generated/@tanstack/react-query.gen';
import { CLOSED_APPOINTMENT_STATUSES } from '~/entities/appointment/status';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { localeParam } from '~/lib/locale';
import { addMinutesToParts, compareParts, formatDate, fromParts, formatDateTimeMedium, partsFromDateAndTime, partsFromIsoLocal, roundUpToStep, toParts, nowPlain, type DateTimeParts } from '~/lib/temporal';
import { visibleRange } from '../calendar-events';
import { nextFreeStart } from '../next-free-slot';
import { useAppointmentProblems } from '../hooks/use-appointment-problems';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useBookingErrorText } from '../hooks/use-booking-error-text';
import { useBookingSubmit } from '../hooks/use-booking-submit';
import { useTeam } from '../hooks/use-team';
import { appointmentMessages } from '../messages';
import { appointmentInputFromForm, newBookingForm, recurrenceFromForm, type BookingFormValues } from '../schemas/booking-form-schema';
import { BookingForm } from './booking-form';

/** 'YYYY-MM-DD' of `parts` plus `days`. */
function addDays(parts: DateTimeParts, days: number): string {
  return formatDate(fromParts(parts).toPlainDate().add({ days }));
}

/** The range's last minute (23:59) → its end (the next day's 00:00). */
const addMinutesToEnd = (parts: DateTimeParts) => addMinutesToParts(parts, 1);

function parsePart(text: string | undefined): DateTimeParts | undefined {
  if (!text) return undefined;
  try {
    return partsFromIsoLocal(text);
  } catch {
    return undefined;
  }
}

/** /appointments/create: book, from a selected slot or from scratch. */
export function AppointmentCreatePage({ tenant, search }: { tenant: Tenant; search: { start?: string; end?: string; userId?: string; customerId?: string } }) {
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
  // From a customer's page ("New appointment"): that customer, already chosen.
  const customer = useQuery({ ...getCustomerOptions({ path: { tenantId: tenant.id, id: search.customerId ?? '' } }), enabled: Boolean(search.customerId) });
  const chosen = customer.data?.customer;
  const memberId = search.userId ?? userId ?? '';
  // Without a chosen slot, the default start is the member's next free slot in working hours this
  // week (issue 18), not the current minute inside a break: their calendar's unavailable slots and
  // appointments.
  const [now] = useState(() => toParts(roundUpToStep(nowPlain(tenant.timeZone))));
  const week = useMemo(() => {
    const range = visibleRange('day', addDays(now, 0));
    const last = visibleRange('day', addDays(range.startDate, 6));
    return { startDate: range.startDate, endDate: last.endDate };
  }, [now]);
  const calendar = useQuery({
    ...getAppointmentCalendarOptions({ path: { tenantId: tenant.id, userId: memberId }, body: week }),
    enabled: !search.start && Boolean(memberId),
    retry: false,
  });
  const loading = team.isPending || (Boolean(search.customerId) && customer.isPending) || (!search.start && Boolean(memberId) && calendar.isPending);
  // The form reads its defaults once, when it mounts (after loading).
  const defaults = useMemo(() => {
    const free = calendar.data
      ? nextFreeStart(
          now,
          [
            ...calendar.data.unavailableSlots.filter((slot) => !slot.userId || slot.userId === memberId),
            ...calendar.data.appointments.filter((item) => item.userId === memberId && !CLOSED_APPOINTMENT_STATUSES.includes(item.status)),
          ],
          { until: addMinutesToEnd(week.endDate) },
        )
      : null;
    const start = parsePart(search.start) ?? free ?? now;
    const form = newBookingForm({ start, end: parsePart(search.end), userId: memberId });
    return chosen ? { ...form, customerId: chosen.id, customerLabel: [chosen.name, chosen.lastName].filter(Boolean).join(' ') } : form;
  }, [calendar.data, chosen, memberId, now, search.end, search.start, week.endDate]);

  /** A start before now asks first (issue 18): recording a past visit is fine, booking it by mistake is not. */
  const confirmPast = (values: BookingFormValues) => {
    const start = partsFromDateAndTime(values.date, values.startTime);
    if (!start || compareParts(start, toParts(nowPlain(tenant.timeZone))) >= 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      openConfirmModal({
        title: intl.formatMessage(appointmentMessages.pastTitle),
        children: <Text size="sm">{intl.formatMessage(appointmentMessages.past, { when: formatDateTimeMedium(start, intl.locale) })}</Text>,
        labels: { confirm: intl.formatMessage(appointmentMessages.pastConfirm), cancel: intl.formatMessage(appointmentMessages.outsideHoursCancel) },
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      });
    });
  };

  const back = (date?: string, who?: string) =>
    void navigate({ to: '/{-$locale}/appointments', params: { locale: localeParam(locale) }, search: { ...(date ? { date } : {}), ...(who && who !== userId ? { who } : {}) } });

  const submit = async (values: BookingFormValues) => {
    if (!(await confirmPast(values))) return;
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

  if (loading) return <PageLoader />;
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
