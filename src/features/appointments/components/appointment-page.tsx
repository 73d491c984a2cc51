import { Alert, Anchor, Badge, Button, Card, ColorSwatch, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCash, IconEdit, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  changeAppointmentStatusMutation,
  deleteAppointmentMutation,
  getAppointmentOptions,
  getAppointmentQueryKey,
  listAppointmentDistinctionsOptions,
  updateAppointmentMutation,
  updateAppointmentRealTimingMutation,
} from '@generated/@tanstack/react-query.gen';
import type { Appointment, AppointmentStatus, Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { useSession } from '~/app/session/use-session';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { TimeInput } from '~/components/time-input';
import { problemStatus } from '~/lib/api-problem';
import { localeParam } from '~/lib/locale';
import { formatMoney } from '~/lib/money';
import { formatDate, formatDateTimeMedium, formatTime, fromParts, partsFromDateAndTime } from '~/lib/temporal';
import { customerName, STATUS_COLORS } from '../calendar-events';
import { problemCode, useAppointmentProblems } from '../hooks/use-appointment-problems';
import { useBookingErrorText } from '../hooks/use-booking-error-text';
import { memberName, useTeam } from '../hooks/use-team';
import { appointmentMessages, statusActionMessages, statusMessages } from '../messages';
import { appointmentInputFromForm, type BookingFormInput, type BookingFormValues } from '../schemas/booking-form-schema';
import { BookingForm } from './booking-form';

function formFromAppointment(appointment: Appointment): BookingFormInput {
  return {
    customerId: appointment.customer.id,
    customerLabel: customerName(appointment),
    serviceIds: appointment.services.map((service) => service.id),
    userId: appointment.userId,
    date: formatDate(fromParts(appointment.startDate)),
    startTime: formatTime(fromParts(appointment.startDate)),
    endTime: formatTime(fromParts(appointment.endDate)),
    distinctionId: appointment.distinctionId ?? '',
    notes: appointment.notes ?? '',
    reminders: appointment.reminders.map((reminder) => ({ channel: reminder.channel, minutesBefore: reminder.minutesBefore })),
    repeat: false,
    frequency: 'RECURRENCE_FREQUENCY_WEEKLY',
    interval: 1,
    endKind: 'count',
    count: 4,
    until: '',
    skipConflicts: false,
  };
}

/** /appointments/{id}: details, edit, status, real timing, delete, charge. */
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
  const [editing, setEditing] = useState(false);
  const [editError, setEditError] = useState<ReactNode>(null);
  const [statusTarget, setStatusTarget] = useState<AppointmentStatus | null>(null);
  const [reason, setReason] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const [realStart, setRealStart] = useState('');
  const [realEnd, setRealEnd] = useState('');
  const update = useMutation(updateAppointmentMutation());
  const status = useMutation(changeAppointmentStatusMutation());
  const remove = useMutation(deleteAppointmentMutation());
  const realTiming = useMutation(updateAppointmentRealTimingMutation());

  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return problemStatus(query.error) === 404 ? (
      <Alert color="gray" title={intl.formatMessage({ id: 'appointments.page.notFound.title', defaultMessage: 'This appointment does not exist' })}>
        <FormattedMessage id="appointments.page.notFound" defaultMessage="It may have been deleted. Go back to the calendar to see the current appointments." />
      </Alert>
    ) : (
      <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );

  const appointment = query.data.appointment;
  const member = team.members.find((item) => item.userId === appointment.userId);
  const distinction = distinctions.data?.items.find((item) => item.id === appointment.distinctionId);
  const appointmentPath = { tenantId: tenant.id, userId: appointment.userId, id: appointment.id };
  const afterChange = async (next?: Appointment) => {
    if (next) queryClient.setQueryData(getAppointmentQueryKey({ path }), { appointment: next });
    await problems.refreshCalendar();
  };
  const backToCalendar = () =>
    void navigate({ to: '/{-$locale}/appointments', params: { locale: localeParam(locale) }, search: { date: formatDate(fromParts(appointment.startDate)) } });

  const saveEdit = async (values: BookingFormValues) => {
    setEditError(null);
    const input = appointmentInputFromForm(values);
    const send = (allowOutsideHours: boolean) =>
      update.mutateAsync({
        path: appointmentPath,
        body: { appointment: { ...input, version: appointment.version, ...(allowOutsideHours ? { allowOutsideHours: true } : {}) } },
      });
    try {
      let answer;
      try {
        answer = await send(false);
      } catch (failure) {
        if (problemCode(failure) !== 'outside_working_hours' || !(await problems.confirmOutsideHours())) throw failure;
        answer = await send(true);
      }
      notifications.show({ color: 'green', message: intl.formatMessage(appointmentMessages.saved) });
      setEditing(false);
      if (answer.appointment.userId !== appointment.userId) {
        await problems.refreshCalendar();
        void navigate({ to: '/{-$locale}/appointments/$id', params: { locale: localeParam(locale), id }, search: { userId: answer.appointment.userId }, replace: true });
        return;
      }
      await afterChange(answer.appointment);
    } catch (failure) {
      if (problemCode(failure) === 'outside_working_hours') return;
      if (problemCode(failure) === 'stale_version') void query.refetch();
      setEditError(errorText(failure));
    }
  };

  const changeStatus = () => {
    if (!statusTarget) return;
    status.mutate(
      { path: appointmentPath, body: { status: statusTarget, version: appointment.version, ...(reason.trim() ? { reason: reason.trim() } : {}) } },
      {
        onSuccess: (answer) => {
          setStatusTarget(null);
          setReason('');
          void afterChange(answer.appointment);
        },
        onError: (failure) => {
          if (problemCode(failure) === 'stale_version') void query.refetch();
        },
      },
    );
  };

  const saveRealTiming = () => {
    const date = formatDate(fromParts(appointment.startDate));
    const realStartDate = partsFromDateAndTime(date, realStart);
    const realEndDate = partsFromDateAndTime(date, realEnd);
    if (!realStartDate || !realEndDate) return;
    realTiming.mutate({ path: appointmentPath, body: { realStartDate, realEndDate } }, { onSuccess: (answer) => void afterChange(answer.appointment) });
  };

  const confirmDelete = () =>
    remove.mutate(
      { path: appointmentPath, query: appointment.seriesId ? { scope } : undefined },
      {
        onSuccess: async () => {
          setDeleting(false);
          await problems.refreshCalendar();
          backToCalendar();
        },
      },
    );

  const allowed = appointment.allowedStatuses ?? [];
  const none = intl.formatMessage(appointmentMessages.none);
  const statusLabel = intl.formatMessage(statusMessages[appointment.status]);

  return (
    <Stack gap="lg" maw={900}>
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
            <Badge color={STATUS_COLORS[appointment.status]} variant={appointment.status === 'APPOINTMENT_STATUS_UNSPECIFIED' ? 'outline' : 'filled'} data-testid="appointment-status" data-status={appointment.status}>
              {statusLabel}
            </Badge>
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
            <Button variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)}>
              <FormattedMessage id="appointments.page.edit" defaultMessage="Edit" />
            </Button>
          )}
          <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
            <FormattedMessage id="appointments.page.delete" defaultMessage="Delete" />
          </Button>
        </Group>
      </Group>

      {editing ? (
        <BookingForm
          tenant={tenant}
          members={team.members}
          canChooseMember={team.canManage}
          defaultValues={formFromAppointment(appointment)}
          editing
          pending={update.isPending}
          error={editError}
          onSubmit={(values) => void saveEdit(values)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Detail label={intl.formatMessage({ id: 'appointments.page.when', defaultMessage: 'When' })}>
              {intl.formatMessage(appointmentMessages.range, { start: formatDateTimeMedium(appointment.startDate, intl.locale), end: formatTime(fromParts(appointment.endDate)) })}
            </Detail>
            <Detail label={intl.formatMessage({ id: 'appointments.page.member', defaultMessage: 'Team member' })}>{memberName(member) || none}</Detail>
            <Detail label={intl.formatMessage({ id: 'appointments.page.services', defaultMessage: 'Services' })}>
              {appointment.services.map((service) => `${service.name} (${formatMoney(service.price.amount, { currencyCode: service.price.currency, locale: intl.locale })})`).join(', ')}
            </Detail>
            <Detail label={intl.formatMessage({ id: 'appointments.page.total', defaultMessage: 'Total' })}>
              {formatMoney(appointment.totalPrice.amount, { currencyCode: appointment.totalPrice.currency, locale: intl.locale })}
            </Detail>
            <Detail label={intl.formatMessage({ id: 'appointments.page.phone', defaultMessage: 'Phone' })}>
              {appointment.customer.phoneNumber ? [appointment.customer.phoneCountryCode, appointment.customer.phoneNumber].filter(Boolean).join(' ') : none}
            </Detail>
            <Detail label={intl.formatMessage({ id: 'appointments.page.notes', defaultMessage: 'Notes' })}>{appointment.notes || none}</Detail>
            {appointment.statusReason ? (
              <Detail label={intl.formatMessage({ id: 'appointments.page.statusReason', defaultMessage: 'Reason of the last status change' })}>{appointment.statusReason}</Detail>
            ) : null}
            {appointment.realStartDate && appointment.realEndDate ? (
              <Detail label={intl.formatMessage({ id: 'appointments.page.realTiming', defaultMessage: 'Really took place' })}>
                {intl.formatMessage(appointmentMessages.range, { start: formatTime(fromParts(appointment.realStartDate)), end: formatTime(fromParts(appointment.realEndDate)) })}
              </Detail>
            ) : null}
          </SimpleGrid>
        </Card>
      )}

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
                <Button key={next} variant="light" color={STATUS_COLORS[next]} onClick={() => setStatusTarget(next)}>
                  {intl.formatMessage(statusActionMessages[next])}
                </Button>
              ))}
            </Group>
          )}
        </Stack>
      </Card>

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

      <Modal
        opened={statusTarget !== null}
        onClose={() => setStatusTarget(null)}
        title={statusTarget ? intl.formatMessage(statusActionMessages[statusTarget]) : ''}
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
            <Button loading={status.isPending} onClick={changeStatus}>
              <FormattedMessage id="appointments.page.status.confirm" defaultMessage="Change status" />
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={deleting} onClose={() => setDeleting(false)} title={intl.formatMessage({ id: 'appointments.page.delete.title', defaultMessage: 'Delete this appointment?' })} centered>
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
              {errorText(remove.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)} data-autofocus>
              <FormattedMessage id="appointments.page.delete.cancel" defaultMessage="Keep it" />
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
              <FormattedMessage id="appointments.page.delete.confirm" defaultMessage="Delete" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}
