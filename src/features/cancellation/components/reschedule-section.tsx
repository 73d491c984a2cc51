import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { getRescheduleAvailabilityOptions, rescheduleAppointmentByTokenMutation } from '@generated/@tanstack/react-query.gen';
import type { BookingSlot, PublicAppointmentSummary } from '@generated/types.gen';
import { QueryState } from '~/components/query-state';
import { dateLocale, formatDateFull, formatTime, today } from '~/lib/temporal';
import { asProblem } from '~/lib/api-problem';
import { refusalMessage, rescheduleMessages } from '../cancellation-state';

/** Days shown at a time. */
const WINDOW_DAYS = 7;

/** A slot's wall clock in the business's zone: its `startAt` carries the business's offset ('2026-11-24T10:00:00+01:00'). */
const wall = (startAt: string) => Temporal.PlainDateTime.from(startAt.slice(0, 19));
const clockText = (startAt: string) => formatTime(wall(startAt));
const dayText = (date: string, language: string) =>
  Temporal.PlainDate.from(date).toLocaleString(dateLocale(language), { weekday: 'short', day: 'numeric', month: 'short' });

/**
 * Issue 18: the customer moves the appointment from the e-mail's link to another free time, a week of
 * days at a time, with the business's rules (the server's getRescheduleAvailability); the move mails a
 * new confirmation whose link replaces this one.
 */
export function RescheduleSection({
  token,
  appointment,
  onMoved,
  onClose,
}: {
  token: string;
  appointment: PublicAppointmentSummary;
  onMoved: (moved: PublicAppointmentSummary) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const first = today(appointment.timeZone).toString();
  const [from, setFrom] = useState(first);
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<BookingSlot | null>(null);
  const query = useQuery({ ...getRescheduleAvailabilityOptions({ path: { token }, query: { from, days: WINDOW_DAYS } }), staleTime: 0 });
  const move = useMutation(rescheduleAppointmentByTokenMutation());

  const submit = () => {
    if (!chosen) return;
    move.mutate(
      { path: { token }, body: { startAt: chosen.startAt } },
      {
        onSuccess: (data) => onMoved(data.appointment),
        onError: () => {
          setChosen(null);
          void query.refetch();
        },
      },
    );
  };

  const failure = () => {
    if (!move.isError) return null;
    const problem = asProblem(move.error);
    const known: MessageDescriptor | null =
      problem?.code === 'slot_taken'
        ? rescheduleMessages.taken
        : problem?.code === 'slot_unavailable'
          ? rescheduleMessages.unavailable
          : problem?.code === 'reschedule_unavailable'
            ? rescheduleMessages.notOffered
            : refusalMessage(move.error);
    return (
      <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
        {intl.formatMessage(known ?? rescheduleMessages.failed, { business: appointment.businessName })}
      </Alert>
    );
  };

  const shift = (delta: number) => {
    const next = Temporal.PlainDate.from(from).add({ days: delta }).toString();
    setFrom(next < first ? first : next);
    setDay(null);
    setChosen(null);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="reschedule-title">
      <Title order={2} size="h4" id="reschedule-title">
        <FormattedMessage id="reschedule.title" defaultMessage="Choose a new time" />
      </Title>
      {failure()}
      <Group justify="space-between">
        <Button variant="default" size="sm" leftSection={<IconChevronLeft size={16} aria-hidden />} onClick={() => shift(-WINDOW_DAYS)} disabled={from <= first}>
          <FormattedMessage id="reschedule.previous" defaultMessage="Earlier days" />
        </Button>
        <Button variant="default" size="sm" rightSection={<IconChevronRight size={16} aria-hidden />} onClick={() => shift(WINDOW_DAYS)}>
          <FormattedMessage id="reschedule.next" defaultMessage="Later days" />
        </Button>
      </Group>
      <QueryState query={query} loaderHeight={120} refusal={(error) => {
        const known = refusalMessage(error);
        return known ? <Alert color="red" role="alert">{intl.formatMessage(known, { business: appointment.businessName })}</Alert> : undefined;
      }}>
        {(availability) => {
          const open = availability.days.filter((d) => d.slots.length > 0);
          const shown = open.find((d) => d.date === day) ?? open[0];
          if (!shown) {
            return (
              <Text role="status">
                <FormattedMessage id="reschedule.noTimes" defaultMessage="No free times these days. Try later days." />
              </Text>
            );
          }
          return (
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" role="group" aria-label={intl.formatMessage({ id: 'reschedule.days', defaultMessage: 'Days' })}>
                {open.map((d) => (
                  <Button
                    key={d.date}
                    variant={d.date === shown.date ? 'filled' : 'default'}
                    aria-pressed={d.date === shown.date}
                    onClick={() => {
                      setDay(d.date);
                      setChosen(null);
                    }}
                    h="auto"
                    py={6}
                  >
                    {dayText(d.date, intl.locale)}
                  </Button>
                ))}
              </SimpleGrid>
              <SimpleGrid
                cols={{ base: 4, xs: 5 }}
                spacing="xs"
                role="group"
                aria-label={intl.formatMessage({ id: 'reschedule.times', defaultMessage: 'Free times on {date}' }, { date: formatDateFull(Temporal.PlainDate.from(shown.date), intl.locale) })}
              >
                {shown.slots.map((slot) => (
                  <Button
                    key={slot.startAt}
                    variant={chosen?.startAt === slot.startAt ? 'filled' : 'light'}
                    aria-pressed={chosen?.startAt === slot.startAt}
                    onClick={() => setChosen(slot)}
                  >
                    {clockText(slot.startAt)}
                  </Button>
                ))}
              </SimpleGrid>
            </Stack>
          );
        }}
      </QueryState>
      <Button size="md" fullWidth onClick={submit} disabled={!chosen} loading={move.isPending}>
        {chosen ? (
          <FormattedMessage
            id="reschedule.submitAt"
            defaultMessage="Move my appointment to {date} at {time}"
            values={{ date: formatDateFull(wall(chosen.startAt), intl.locale), time: clockText(chosen.startAt) }}
          />
        ) : (
          <FormattedMessage id="reschedule.submit" defaultMessage="Choose a day and a time" />
        )}
      </Button>
      <Button variant="subtle" onClick={onClose}>
        <FormattedMessage id="reschedule.keep" defaultMessage="Keep the current time" />
      </Button>
    </Stack>
  );
}
