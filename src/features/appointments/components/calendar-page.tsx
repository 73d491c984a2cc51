import { Alert, Button, Group, Loader, Modal, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconLock, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createTimeOffMutation, getAppointmentCalendarOptions, updateAppointmentMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant, UnavailableSlot } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { useSession } from '~/entities/session/use-session';
import { localeParam } from '~/lib/locale';
import { formatDate, formatDateLong, fromParts, parseDate, partsFromIsoLocal, today } from '~/lib/temporal';
import { updateFromAppointment } from '../appointment-write';
import { calendarEvents, slotMinTime, stepDate, visibleRange, type CalendarEventInput } from '../calendar-events';
import { useAppointmentProblems, problemCode } from '../hooks/use-appointment-problems';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { memberName, useTeam } from '../hooks/use-team';
import { appointmentMessages, slotReasonMessages } from '../messages';
import { BlockTimeModal } from './block-time-modal';
import { CalendarGrid, type CalendarViewKind, type GridChange } from './calendar-grid';
import { MemberColumns } from './member-columns';

export interface CalendarSearch {
  date?: string;
  view?: 'day' | 'week';
  who?: string;
}

const NO_EVENTS: CalendarEventInput[] = [];

/** SPEC §9: below 800 px the calendar shows a list. */
const NARROW_QUERY = '(max-width: 799.98px)';
/** A week already seen is not fetched again while it is this fresh (TanStack Query keys by range). */
const CALENDAR_STALE_MS = 5 * 60_000;

/** /appointments: the day or week of the business, one member's calendar or the team side by side. */
export function CalendarPage({ tenant, search }: { tenant: Tenant; search: CalendarSearch }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const { userId } = useSession();
  const team = useTeam(tenant);
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const timeZone = tenant.timeZone;
  const date = search.date && parseDate(search.date) ? search.date : formatDate(today(timeZone));
  const view = search.view ?? 'week';
  const who = team.canSeeTeam ? (search.who ?? userId ?? '') : (userId ?? '');
  const everyone = who === 'all' && team.canSeeTeam;
  const columns = everyone ? team.members : [];
  // The team side by side is a day view; a week of ten columns would not fit.
  const effectiveView: 'day' | 'week' = everyone ? 'day' : view;
  const gridView: CalendarViewKind = narrow && !everyone ? (effectiveView === 'day' ? 'list-day' : 'list-week') : effectiveView;
  const range = visibleRange(effectiveView, date);
  const userIds = everyone ? columns.map((member) => member.userId) : who && who !== userId ? [who] : undefined;

  const calendarQuery = useQuery({
    ...getAppointmentCalendarOptions({
      path: { tenantId: tenant.id, userId: userId ?? '' },
      body: { ...range, ...(userIds && userIds.length > 0 ? { userIds } : {}) },
    }),
    enabled: Boolean(userId) && (!everyone || columns.length > 0),
    staleTime: CALENDAR_STALE_MS,
  });
  const failed = calendarQuery.isError;
  useEffect(() => {
    // SPEC §8: a failed calendar range fetch is logged; the grid stays, empty, from midnight.
    if (calendarQuery.error) console.error('calendar range fetch failed', calendarQuery.error);
  }, [calendarQuery.error]);

  const problems = useAppointmentProblems(tenant.id, userId, team.members);
  // Bumped when a refused drag must put the events back where the server has them.
  const [revision, setRevision] = useState(0);
  const reasonText = useCallback((slot: UnavailableSlot) => intl.formatMessage(slotReasonMessages[slot.reason]), [intl]);
  const data = failed ? undefined : calendarQuery.data;
  const singleEvents = useMemo(
    () => (everyone ? [] : calendarEvents(data, { reasonText, userId: who || undefined })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `revision` rebuilds the events after a refused change.
    [data, everyone, reasonText, who, revision],
  );
  const columnIds = columns.map((member) => member.userId).join(',');
  // The whole team: each member's appointments in the member's colour (issue 19).
  const memberColors = team.colors;
  const colorKey = [...memberColors].map(([id, color]) => `${id}=${color}`).join(',');
  const columnEvents = useMemo(
    () => new Map(columnIds.split(',').map((id) => [id, calendarEvents(data, { reasonText, userId: id, colorOf: (appointment) => memberColors.get(appointment.userId) })])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above; `colorKey` stands for the colours.
    [columnIds, colorKey, data, reasonText, revision],
  );
  const minTime = slotMinTime(failed ? 0 : data?.earliestHour);

  const setSearch = useCallback(
    (next: Partial<CalendarSearch>) =>
      void navigate({ to: '/{-$locale}/appointments', params: { locale: localeParam(locale) }, search: { date, view, ...(search.who ? { who: search.who } : {}), ...next }, replace: true }),
    [date, locale, navigate, search.who, view],
  );

  const update = useMutation(updateAppointmentMutation());
  const onChange = useCallback(
    async (change: GridChange) => {
      const startDate = partsFromIsoLocal(change.startStr);
      const endDate = partsFromIsoLocal(change.endStr);
      const send = (allowOutsideHours: boolean) =>
        update.mutateAsync({
          path: { tenantId: tenant.id, userId: change.appointment.userId, id: change.appointment.id },
          body: { appointment: updateFromAppointment(change.appointment, { startDate, endDate, userId: change.userId, allowOutsideHours }) },
        });
      const undo = () => {
        change.revert();
        setRevision((value) => value + 1);
      };
      try {
        try {
          await send(false);
        } catch (error) {
          if (problemCode(error) !== 'outside_working_hours') throw error;
          if (!(await problems.confirmOutsideHours())) {
            undo();
            return;
          }
          await send(true);
        }
        notifications.show({ color: 'green', message: intl.formatMessage(appointmentMessages.moved) });
      } catch (error) {
        undo();
        problems.notify(error);
      } finally {
        await problems.refreshCalendar();
      }
    },
    [intl, problems, tenant.id, update],
  );

  const [blocking, setBlocking] = useState(false);
  const [selection, setSelection] = useState<{ startStr: string; endStr: string; userId?: string } | null>(null);
  const onSelect = useCallback((range: { startStr: string; endStr: string; userId?: string }) => setSelection(range), [setSelection]);
  const onOpen = useCallback(
    (id: string, owner: string) => void navigate({ to: '/{-$locale}/appointments/$id', params: { locale: localeParam(locale), id }, search: { userId: owner } }),
    [locale, navigate],
  );
  const selectionOwner = selection?.userId ?? (who && who !== 'all' ? who : userId) ?? '';
  const blockKey = useIdempotencyKey();
  const block = useMutation(createTimeOffMutation());
  const book = () => {
    if (!selection) return;
    setSelection(null);
    void navigate({
      to: '/{-$locale}/appointments/create',
      params: { locale: localeParam(locale) },
      search: { start: selection.startStr.slice(0, 16), end: selection.endStr.slice(0, 16), userId: selectionOwner },
    });
  };
  const blockTime = () => {
    if (!selection) return;
    block.mutate(
      {
        path: { tenantId: tenant.id, userId: selectionOwner },
        headers: { 'Idempotency-Key': blockKey.key() },
        body: { timeOff: { kind: 'TIME_OFF_KIND_BLOCK', startDate: partsFromIsoLocal(selection.startStr), endDate: partsFromIsoLocal(selection.endStr) } },
      },
      {
        onSuccess: () => {
          blockKey.renew();
          setSelection(null);
          notifications.show({ color: 'green', message: intl.formatMessage(appointmentMessages.blocked) });
          void problems.refreshCalendar();
        },
      },
    );
  };

  const whoOptions = [
    ...(team.members.length > 1 ? [{ value: 'all', label: intl.formatMessage({ id: 'appointments.calendar.everyone', defaultMessage: 'Everyone, side by side' }) }] : []),
    ...team.members.map((member) => ({ value: member.userId, label: memberName(member) })),
  ];
  const title =
    effectiveView === 'day'
      ? formatDateLong(parseDate(date) ?? today(timeZone), intl.locale)
      : intl.formatMessage(
          { id: 'appointments.calendar.weekOf', defaultMessage: 'Week of {date}' },
          { date: formatDateLong(fromParts(range.startDate), intl.locale) },
        );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>
            <FormattedMessage id="appointments.calendar.title" defaultMessage="Appointments" />
          </Title>
          <Text c="dimmed" aria-live="polite" data-testid="calendar-title">
            {title}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconLock size={18} aria-hidden />} onClick={() => setBlocking(true)}>
            <FormattedMessage id="appointments.calendar.blockTime" defaultMessage="Block time" />
          </Button>
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            renderRoot={(props) => (
              <Link {...props} to="/{-$locale}/appointments/create" params={{ locale: localeParam(locale) }} search={{ userId: who && who !== 'all' ? who : undefined }} />
            )}
          >
            <FormattedMessage id="appointments.calendar.new" defaultMessage="New appointment" />
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Button variant="default" onClick={() => setSearch({ date: formatDate(today(timeZone)) })}>
          <FormattedMessage id="appointments.calendar.today" defaultMessage="Today" />
        </Button>
        <Button.Group>
          <Button
            variant="default"
            aria-label={intl.formatMessage({ id: 'appointments.calendar.previous', defaultMessage: 'Previous' })}
            onClick={() => setSearch({ date: stepDate(effectiveView, date, -1) })}
          >
            <IconChevronLeft size={18} aria-hidden />
          </Button>
          <Button
            variant="default"
            aria-label={intl.formatMessage({ id: 'appointments.calendar.next', defaultMessage: 'Next' })}
            onClick={() => setSearch({ date: stepDate(effectiveView, date, 1) })}
          >
            <IconChevronRight size={18} aria-hidden />
          </Button>
        </Button.Group>
        <TextInput
          type="date"
          w={170}
          label={intl.formatMessage({ id: 'appointments.calendar.date', defaultMessage: 'Go to date' })}
          value={date}
          onChange={(event) => {
            if (parseDate(event.currentTarget.value)) setSearch({ date: event.currentTarget.value });
          }}
        />
        {everyone ? null : (
          <SegmentedControl
            aria-label={intl.formatMessage({ id: 'appointments.calendar.view', defaultMessage: 'View' })}
            value={view}
            onChange={(value) => setSearch({ view: value as 'day' | 'week' })}
            data={[
              { value: 'day', label: intl.formatMessage({ id: 'appointments.calendar.day', defaultMessage: 'Day' }) },
              { value: 'week', label: intl.formatMessage({ id: 'appointments.calendar.week', defaultMessage: 'Week' }) },
            ]}
          />
        )}
        {team.canSeeTeam && team.members.length > 0 ? (
          <Select
            w={240}
            label={intl.formatMessage({ id: 'appointments.calendar.who', defaultMessage: 'Calendar of' })}
            data={whoOptions}
            value={who || null}
            allowDeselect={false}
            onChange={(value) => value && setSearch({ who: value })}
          />
        ) : null}
        {calendarQuery.isFetching ? <Loader size="sm" aria-label={intl.formatMessage({ id: 'appointments.calendar.loading', defaultMessage: 'Loading the calendar' })} /> : null}
      </Group>
      {failed ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert" title={intl.formatMessage({ id: 'appointments.calendar.error.title', defaultMessage: 'The calendar could not be loaded' })}>
          <Text size="sm">
            <FormattedMessage id="appointments.calendar.error.description" defaultMessage="The appointments of these days are not shown. Check your connection and try again." />
          </Text>
          <Button mt="sm" size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} aria-hidden />} loading={calendarQuery.isFetching} onClick={() => void calendarQuery.refetch()}>
            <FormattedMessage id="appointments.calendar.retry" defaultMessage="Retry" />
          </Button>
        </Alert>
      ) : null}
      {everyone ? (
        <MemberColumns
          members={columns}
          colorOf={(id) => memberColors.get(id)}
          eventsOf={(id) => columnEvents.get(id) ?? NO_EVENTS}
          date={date}
          timeZone={timeZone}
          slotMinTime={minTime}
          onChange={onChange}
          onSelect={onSelect}
          onOpen={onOpen}
        />
      ) : (
        <CalendarGrid
          events={singleEvents}
          view={gridView}
          date={date}
          timeZone={timeZone}
          slotMinTime={minTime}
          editable={!narrow}
          label={intl.formatMessage({ id: 'appointments.calendar.region', defaultMessage: 'Calendar' })}
          onChange={onChange}
          onSelect={onSelect}
          onOpen={onOpen}
        />
      )}
      <BlockTimeModal
        opened={blocking}
        tenant={tenant}
        date={date}
        userId={(who && who !== 'all' ? who : userId) ?? ''}
        {...(team.canManage ? { members: team.members } : {})}
        onClose={() => setBlocking(false)}
        onBlocked={() => {
          setBlocking(false);
          void problems.refreshCalendar();
        }}
      />
      <Modal
        opened={selection !== null}
        onClose={() => setSelection(null)}
        title={intl.formatMessage({ id: 'appointments.selection.title', defaultMessage: 'What do you want to do with this time?' })}
        centered
      >
        <Stack gap="md">
          {selection ? (
            <Text size="sm" data-testid="selection-range">
              {[
                intl.formatMessage(appointmentMessages.range, { start: selection.startStr.slice(11, 16), end: selection.endStr.slice(11, 16) }),
                selectionOwner && team.members.length > 1 ? memberName(team.members.find((member) => member.userId === selectionOwner)) : null,
              ]
                .filter(Boolean)
                .join(', ')}
            </Text>
          ) : null}
          {block.isError ? (
            <Alert color="red" variant="light" role="alert">
              {intl.formatMessage(appointmentMessages.blockFailed)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconLock size={16} aria-hidden />} loading={block.isPending} onClick={blockTime}>
              <FormattedMessage id="appointments.selection.block" defaultMessage="Block this time" />
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={book} data-autofocus>
              <FormattedMessage id="appointments.selection.book" defaultMessage="Book an appointment" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
