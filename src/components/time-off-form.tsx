import { Button, Card, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { createTimeOffMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant, TimeOffKind } from '@generated/types.gen';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { PausedNotice } from '~/components/paused-notice';
import { TimeInput } from '~/components/time-input';
import { today } from '~/lib/temporal';
import { newTimeOffForm, toTimeOffInput, type TimeOffFormError, type TimeOffFormValues } from '~/lib/time-off';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';

/** The words of a time off (a member's schedule and the calendar share them). */
export const timeOffMessages = defineMessages({
  forbiddenOther: {
    id: 'schedules.forbidden',
    defaultMessage: 'Only the owner or an administrator can change the schedule of another team member.',
  },
  kindTimeOff: { id: 'schedules.timeOff.kind.timeOff', defaultMessage: 'Day off' },
  kindBlock: { id: 'schedules.timeOff.kind.block', defaultMessage: 'Block' },
  errorStartDate: { id: 'schedules.timeOff.error.startDate', defaultMessage: 'Choose a date.' },
  errorEndDate: { id: 'schedules.timeOff.error.endDate', defaultMessage: 'Choose the last day off.' },
  errorEndBeforeStart: { id: 'schedules.timeOff.error.endBeforeStart', defaultMessage: 'The last day cannot be before the first.' },
  errorTooLong: { id: 'schedules.timeOff.error.tooLong', defaultMessage: 'Time off can last a year at most.' },
  errorStartTime: { id: 'schedules.timeOff.error.startTime', defaultMessage: 'Choose a start time.' },
  errorEndTime: { id: 'schedules.timeOff.error.endTime', defaultMessage: 'Choose an end time.' },
  errorEndTimeBeforeStart: { id: 'schedules.timeOff.error.endTimeBeforeStart', defaultMessage: 'The end must be after the start.' },
});

const ERROR_MESSAGES = {
  startDate: timeOffMessages.errorStartDate,
  endDate: timeOffMessages.errorEndDate,
  endBeforeStart: timeOffMessages.errorEndBeforeStart,
  tooLong: timeOffMessages.errorTooLong,
  startTime: timeOffMessages.errorStartTime,
  endTime: timeOffMessages.errorEndTime,
  endTimeBeforeStart: timeOffMessages.errorEndTimeBeforeStart,
} satisfies Record<TimeOffFormError, unknown>;

/**
 * A new time off or block for `userId`: in a member's schedule (src/features/schedules) and in the
 * calendar's "Block time" dialog (src/features/appointments), which starts it as a block on the day shown.
 */
export function TimeOffForm({
  tenant,
  userId,
  timeZone,
  initial,
  onDone,
}: {
  tenant: Pick<Tenant, 'id'>;
  userId: string;
  timeZone: string;
  initial?: Partial<TimeOffFormValues>;
  onDone: (created: boolean) => Promise<void>;
}) {
  const intl = useIntl();
  const create = useMutation(createTimeOffMutation());
  const idempotency = useIdempotencyKey();
  const [values, setValues] = useState<TimeOffFormValues>(() => ({ ...newTimeOffForm(today(timeZone)), ...initial }));
  const [errors, setErrors] = useState<Partial<Record<keyof TimeOffFormValues, TimeOffFormError>>>({});
  const [error, setError] = useState<unknown>(null);
  const set = (patch: Partial<TimeOffFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const message = (field: keyof TimeOffFormValues) => (errors[field] ? intl.formatMessage(ERROR_MESSAGES[errors[field]]) : undefined);
  const block = values.kind === 'TIME_OFF_KIND_BLOCK';

  return (
    <Card withBorder radius="md" padding="md" bg="var(--mantine-color-default-hover)">
      <form
        noValidate
        aria-label={intl.formatMessage({ id: 'schedules.timeOff.form', defaultMessage: 'New time off' })}
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          const result = toTimeOffInput(values);
          if ('errors' in result) {
            setErrors(result.errors);
            return;
          }
          create.mutate(
            { path: { tenantId: tenant.id, userId }, body: { timeOff: result.input }, headers: { 'Idempotency-Key': idempotency.key() } },
            {
              onSuccess: async () => {
                idempotency.renew();
                notifications.show({
                  color: 'green',
                  title: intl.formatMessage({ id: 'schedules.timeOff.created', defaultMessage: 'Time off added' }),
                  message: intl.formatMessage(block ? timeOffMessages.kindBlock : timeOffMessages.kindTimeOff),
                });
                await onDone(true);
              },
              onError: (failure) => setError(failure),
            },
          );
        }}
      >
        <Stack gap="sm">
          <SegmentedControl
            value={values.kind}
            onChange={(kind) => set({ kind: kind as TimeOffKind })}
            data={[
              { value: 'TIME_OFF_KIND_TIME_OFF', label: intl.formatMessage(timeOffMessages.kindTimeOff) },
              { value: 'TIME_OFF_KIND_BLOCK', label: intl.formatMessage(timeOffMessages.kindBlock) },
            ]}
            aria-label={intl.formatMessage({ id: 'schedules.timeOff.kind', defaultMessage: 'Kind' })}
            w="fit-content"
          />
          <Group align="flex-start" gap="sm">
            <TextInput
              type="date"
              required
              label={
                block
                  ? intl.formatMessage({ id: 'schedules.timeOff.day', defaultMessage: 'Day' })
                  : intl.formatMessage({ id: 'schedules.timeOff.firstDay', defaultMessage: 'First day' })
              }
              value={values.startDate}
              onChange={(event) => {
                const startDate = event.currentTarget.value;
                set(values.endDate < startDate ? { startDate, endDate: startDate } : { startDate });
              }}
              error={message('startDate')}
            />
            {block ? (
              <>
                <TimeInput
                  required
                  label={intl.formatMessage({ id: 'schedules.timeOff.from', defaultMessage: 'From' })}
                  value={values.startTime}
                  onChange={(startTime) => set({ startTime })}
                  error={message('startTime')}
                />
                <TimeInput
                  required
                  label={intl.formatMessage({ id: 'schedules.timeOff.until', defaultMessage: 'Until' })}
                  value={values.endTime}
                  onChange={(endTime) => set({ endTime })}
                  error={message('endTime')}
                />
              </>
            ) : (
              <TextInput
                type="date"
                required
                label={intl.formatMessage({ id: 'schedules.timeOff.lastDay', defaultMessage: 'Last day' })}
                value={values.endDate}
                min={values.startDate}
                onChange={(event) => set({ endDate: event.currentTarget.value })}
                error={message('endDate')}
              />
            )}
          </Group>
          <TextInput
            label={intl.formatMessage({ id: 'schedules.timeOff.descriptionOptional', defaultMessage: 'Description (optional)' })}
            placeholder={intl.formatMessage({ id: 'schedules.timeOff.description.placeholder', defaultMessage: 'E.g. Holidays, Doctor' })}
            maxLength={200}
            value={values.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
          />
          <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(timeOffMessages.forbiddenOther) }} />
          <PausedNotice paused={create.isPaused} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void onDone(false)}>
              <FormattedMessage id="schedules.timeOff.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" loading={create.isPending}>
              <FormattedMessage id="schedules.timeOff.save" defaultMessage="Add" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
