import { Alert, Anchor, Button, Center, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarEvent, IconCalendarRepeat, IconCircleCheck, IconClock, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { cancelAppointmentByTokenMutation, getAppointmentCancellationOptions, getAppointmentCancellationQueryKey } from '@generated/@tanstack/react-query.gen';
import type { PublicAppointmentSummary } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { useSwitchLocale } from '~/lib/use-switch-locale';
import { LocaleDropdown } from '~/components/locale-dropdown';
import { QueryState } from '~/components/query-state';
import { formatPhone } from '~/lib/phone';
import { formatDateFull, formatTime, fromParts } from '~/lib/temporal';
import { timeZoneCity } from '~/lib/time-zone-city';
import { RescheduleSection } from './reschedule-section';
import { TOKEN_PATTERN, callBusinessMessage, cancellationMessages, contactReasons, notCancellableReason, reasonMessage, refusalMessage } from '../cancellation-state';

const REASON_MAX = 500;

/** The page's frame: no layout (SPEC §2), phone-first, the language menu on top. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack w="100%" maw={480} gap="md">
        <Group justify="flex-end">
          <LocaleDropdown value={locale} onChange={switchLocale} />
        </Group>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
          <Stack gap="lg">
            <Title order={1} size="h2">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}

function AppointmentDetails({ appointment }: { appointment: PublicAppointmentSummary }) {
  const locale = useLocale();
  const start = fromParts(appointment.startDate);
  const end = fromParts(appointment.endDate);
  return (
    <Stack gap="xs">
      <Text fw={700} size="lg">
        {appointment.businessName}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconCalendarEvent size={20} aria-hidden />
        <Text>{formatDateFull(start, locale)}</Text>
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconClock size={20} aria-hidden />
        <Text>
          <FormattedMessage
            id="cancellation.time"
            defaultMessage="{start} to {end} ({timeZone} time)"
            values={{ start: formatTime(start), end: formatTime(end), timeZone: timeZoneCity(appointment.timeZone) }}
          />
        </Text>
      </Group>
      <List size="sm" spacing={2} aria-label={appointment.serviceNames.join(', ')}>
        {appointment.serviceNames.map((name) => (
          <List.Item key={name}>{name}</List.Item>
        ))}
      </List>
      {appointment.professionalName ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="cancellation.with" defaultMessage="With {name}" values={{ name: appointment.professionalName }} />
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Why there is no cancel button, said before any click (a charged appointment is the business's to
 * call off); when the customer should contact the business, its phone if it has one; and the way to
 * move it when the business still takes that online.
 */
function NotCancellable({ appointment, onReschedule }: { appointment: PublicAppointmentSummary; onReschedule: () => void }) {
  const intl = useIntl();
  const reason = notCancellableReason(appointment);
  const phone = contactReasons.has(reason) ? formatPhone(appointment.businessPhoneCountryCode, appointment.businessPhoneNumber) : '';
  return (
    <Stack gap="sm">
      <Alert color={appointment.status === 'APPOINTMENT_STATUS_CANCELLED' ? 'gray' : 'yellow'} icon={<IconInfoCircle size={20} aria-hidden />} role="status">
        <Stack gap={4}>
          <Text size="sm">{intl.formatMessage(reasonMessage[reason], { business: appointment.businessName })}</Text>
          {phone ? (
            <Text size="sm">
              <FormattedMessage
                {...callBusinessMessage}
                values={{
                  phone: (
                    <Anchor href={`tel:${phone.replace(/\s/g, '')}`} fw={600} size="sm">
                      {phone}
                    </Anchor>
                  ),
                }}
              />
            </Text>
          ) : null}
        </Stack>
      </Alert>
      {appointment.reschedulable ? (
        <Button variant="light" size="md" fullWidth leftSection={<IconCalendarRepeat size={18} aria-hidden />} onClick={onReschedule}>
          <FormattedMessage id="reschedule.open" defaultMessage="Change the date or time" />
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * /cancel-appointments?token=… (SPEC §2, no layout, no sign-in): the appointment behind the link in
 * a customer's e-mail, and a button that cancels it with an optional reason. Every refusal (invalid,
 * revoked, too late, already cancelled, only the business can call it off) is explained in the
 * customer's language, before any click when the server's read already says so.
 */
export function CancelAppointmentPage({ token }: { token: string | undefined }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const valid = token !== undefined && TOKEN_PATTERN.test(token);
  const options = getAppointmentCancellationOptions({ path: { token: valid ? token : '' } });
  const query = useQuery({ ...options, enabled: valid, staleTime: 0 });
  const cancel = useMutation(cancelAppointmentByTokenMutation());
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<PublicAppointmentSummary | null>(null);
  const [moved, setMoved] = useState<PublicAppointmentSummary | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const title = intl.formatMessage({ id: 'cancellation.title', defaultMessage: 'Cancel your appointment' });

  if (!valid) {
    return (
      <Frame title={title}>
        <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          {intl.formatMessage(cancellationMessages.invalidLink)}
        </Alert>
      </Frame>
    );
  }

  const submit = () => {
    cancel.mutate(
      { path: { token }, body: reason.trim() ? { reason: reason.trim() } : {} },
      {
        onSuccess: (data) => {
          setDone(data.appointment);
          queryClient.setQueryData(getAppointmentCancellationQueryKey({ path: { token } }), data);
        },
        onError: (error) => {
          if (refusalMessage(error)) void query.refetch();
        },
      },
    );
  };
  const refusal = cancel.isError ? refusalMessage(cancel.error) : null;
  /** A link the server refuses (invalid, revoked, too late): its explanation instead of a retry. */
  const linkRefused = (error: unknown) => {
    const known = refusalMessage(error);
    return known ? (
      <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
        {intl.formatMessage(known)}
      </Alert>
    ) : undefined;
  };

  /** The appointment, once loaded (or as the cancel answered it): the details and the cancel form or why not. */
  const content = (appointment: PublicAppointmentSummary) => {
    const values = { business: appointment.businessName };
    return (
      <>
        <Text>
          <FormattedMessage id="cancellation.greeting" defaultMessage="Hello {name}," values={{ name: appointment.customerName }} />
        </Text>
        <AppointmentDetails appointment={appointment} />
        {moved ? (
          <Alert color="green" icon={<IconCircleCheck size={20} aria-hidden />} role="status">
            <FormattedMessage
              id="reschedule.done"
              defaultMessage="Your appointment has been moved. {business} has been told, and a new confirmation is on its way to your e-mail: use its link from now on, as this one no longer works."
              values={{ business: appointment.businessName }}
            />
          </Alert>
        ) : rescheduling ? (
          <RescheduleSection
            token={token}
            appointment={appointment}
            onMoved={(next) => {
              setMoved(next);
              setRescheduling(false);
            }}
            onClose={() => setRescheduling(false)}
          />
        ) : done ? (
          <Alert color="green" icon={<IconCircleCheck size={20} aria-hidden />} role="status">
            <FormattedMessage
              id="cancellation.done"
              defaultMessage="Your appointment is cancelled and the time is free for others. {business} has been told, and a confirmation is on its way to your e-mail."
              values={{ business: appointment.businessName }}
            />
          </Alert>
        ) : appointment.cancellable ? (
          <Stack gap="sm">
            {cancel.isError ? (
              <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
                {refusal ? (
                  intl.formatMessage(refusal, values)
                ) : (
                  <FormattedMessage id="cancellation.failed" defaultMessage="The appointment could not be cancelled. Check your connection and try again." />
                )}
              </Alert>
            ) : null}
            {appointment.reschedulable ? (
              <>
                <Button variant="light" size="md" fullWidth leftSection={<IconCalendarRepeat size={18} aria-hidden />} onClick={() => setRescheduling(true)}>
                  <FormattedMessage id="reschedule.open" defaultMessage="Change the date or time" />
                </Button>
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="reschedule.or" defaultMessage="Or cancel it:" />
                </Text>
              </>
            ) : null}
            <Textarea
              label={intl.formatMessage({ id: 'cancellation.reason', defaultMessage: 'Reason (optional)' })}
              description={intl.formatMessage({ id: 'cancellation.reasonHelp', defaultMessage: 'The business will see it.' })}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value.slice(0, REASON_MAX))}
              maxLength={REASON_MAX}
              autosize
              minRows={2}
              disabled={cancel.isPending}
            />
            <Button color="red" size="md" fullWidth onClick={submit} loading={cancel.isPending}>
              <FormattedMessage id="cancellation.submit" defaultMessage="Cancel the appointment" />
            </Button>
            <Text size="xs" c="dimmed">
              <FormattedMessage id="cancellation.keep" defaultMessage="To keep the appointment, just close this page." />
            </Text>
          </Stack>
        ) : (
          <NotCancellable appointment={appointment} onReschedule={() => setRescheduling(true)} />
        )}
      </>
    );
  };

  return (
    <Frame
      title={
        moved
          ? intl.formatMessage({ id: 'reschedule.doneTitle', defaultMessage: 'Appointment moved' })
          : done && !query.isError
            ? intl.formatMessage({ id: 'cancellation.doneTitle', defaultMessage: 'Appointment cancelled' })
            : title
      }
    >
      <QueryState query={query} loaderHeight={160} refusal={linkRefused}>
        {(data) => content(moved ?? done ?? data.appointment)}
      </QueryState>
    </Frame>
  );
}
