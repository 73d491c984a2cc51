import { ActionIcon, Badge, Button, Card, Group, Pagination, SegmentedControl, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBeach, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { createTimeOffMutation, deleteTimeOffMutation, listTimeOffOptions, listTimeOffQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant, TimeOff, TimeOffKind } from '@generated/types.gen';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { ConfirmDeleteModal } from '~/components/confirm-delete-modal';
import { EmptyState } from '~/components/empty-state';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { TimeInput } from '~/components/time-input';
import { formatDateLong, formatDateTimeShort, formatTime, today } from '~/lib/temporal';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { scheduleMessages } from '../messages';
import { newTimeOffForm, timeOffSpan, toTimeOffInput, type TimeOffFormError, type TimeOffFormValues } from '../schemas/time-off';

const PAGE_SIZE = 20;

const ERROR_MESSAGES = {
  startDate: scheduleMessages.errorStartDate,
  endDate: scheduleMessages.errorEndDate,
  endBeforeStart: scheduleMessages.errorEndBeforeStart,
  tooLong: scheduleMessages.errorTooLong,
  startTime: scheduleMessages.errorStartTime,
  endTime: scheduleMessages.errorEndTime,
  endTimeBeforeStart: scheduleMessages.errorEndTimeBeforeStart,
} satisfies Record<TimeOffFormError, unknown>;

/** When a time off is, in the business's wall-clock time. */
function describeSpan(item: TimeOff, intl: IntlShape): string {
  const span = timeOffSpan(item);
  if (span.type === 'days') {
    return span.first.equals(span.last)
      ? formatDateLong(span.first, intl.locale)
      : intl.formatMessage(
          { id: 'schedules.timeOff.days', defaultMessage: '{first} to {last}' },
          { first: formatDateLong(span.first, intl.locale), last: formatDateLong(span.last, intl.locale) },
        );
  }
  if (span.type === 'hours') {
    return intl.formatMessage(
      { id: 'schedules.timeOff.hours', defaultMessage: '{day}, {start}–{end}' },
      { day: formatDateLong(span.day, intl.locale), start: formatTime(span.start), end: formatTime(span.end) },
    );
  }
  return intl.formatMessage(
    { id: 'schedules.timeOff.span', defaultMessage: '{start} to {end}' },
    { start: formatDateTimeShort(span.start, intl.locale), end: formatDateTimeShort(span.end, intl.locale) },
  );
}

/** A team member's days off and blocks from today on: add one, or remove one after confirming. */
export function TimeOffCard({ tenant, userId, canEdit, memberName, timeZone }: { tenant: Tenant; userId: string; canEdit: boolean; memberName: string; timeZone: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<TimeOff | null>(null);
  const remove = useMutation(deleteTimeOffMutation());
  const path = { tenantId: tenant.id, userId };
  const list = useQuery({
    ...listTimeOffOptions({ path, query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, from: today(timeZone).toString() } }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const invalidate = () => queryClient.invalidateQueries({ queryKey: listTimeOffQueryKey({ path }) });

  const addButton =
    canEdit && !adding ? (
      <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
        <FormattedMessage id="schedules.timeOff.add" defaultMessage="Add time off" />
      </Button>
    ) : null;

  let body;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError) body = <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.items.length === 0)
    body = (
      <EmptyState
        icon={<IconBeach size={30} aria-hidden />}
        title={<FormattedMessage id="schedules.timeOff.empty.title" defaultMessage="No time off planned" />}
        description={
          <FormattedMessage
            id="schedules.timeOff.empty.description"
            defaultMessage="Days off and blocks of a few hours keep {name}'s calendar from being booked."
            values={{ name: memberName }}
          />
        }
      />
    );
  else
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="schedules.timeOff.when" defaultMessage="When" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="schedules.timeOff.kind" defaultMessage="Kind" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="schedules.timeOff.description" defaultMessage="Description" />
              </Table.Th>
              {canEdit ? (
                <Table.Th>
                  <VisuallyHidden>
                    <FormattedMessage id="schedules.timeOff.actions" defaultMessage="Actions" />
                  </VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{describeSpan(item, intl)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={item.kind === 'TIME_OFF_KIND_BLOCK' ? 'grape' : 'teal'}>
                    {intl.formatMessage(item.kind === 'TIME_OFF_KIND_BLOCK' ? scheduleMessages.kindBlock : scheduleMessages.kindTimeOff)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {item.description}
                  </Text>
                </Table.Td>
                {canEdit ? (
                  <Table.Td ta="right">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => {
                        remove.reset();
                        setToDelete(item);
                      }}
                      aria-label={intl.formatMessage(
                        { id: 'schedules.timeOff.delete.label', defaultMessage: 'Remove the time off of {when}' },
                        { when: describeSpan(item, intl) },
                      )}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2} size="h3">
              <FormattedMessage id="schedules.timeOff.title" defaultMessage="Time off and blocks" />
            </Title>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="schedules.timeOff.intro" defaultMessage="From today on. The calendar greys these times out and does not offer them." />
            </Text>
          </Stack>
          {addButton}
        </Group>
        {adding ? (
          <TimeOffForm
            tenant={tenant}
            userId={userId}
            timeZone={timeZone}
            onDone={async (created) => {
              setAdding(false);
              if (created) await invalidate();
            }}
          />
        ) : null}
        {body}
        {pages > 1 ? (
          <Group justify="center">
            <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'previous' || control === 'first'
                      ? intl.formatMessage({ id: 'schedules.timeOff.page.previous', defaultMessage: 'Previous page' })
                      : intl.formatMessage({ id: 'schedules.timeOff.page.next', defaultMessage: 'Next page' }),
                })}
              />
          </Group>
        ) : null}
      </Stack>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={intl.formatMessage({ id: 'schedules.timeOff.delete.title', defaultMessage: 'Remove this time off?' })}
        error={remove.error}
        errorMessages={{ forbidden: intl.formatMessage(scheduleMessages.forbiddenOther) }}
        pending={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(
            { path: { ...path, id: toDelete.id } },
            {
              onSuccess: async () => {
                const when = describeSpan(toDelete, intl);
                setToDelete(null);
                await invalidate();
                notifications.show({
                  color: 'green',
                  title: intl.formatMessage({ id: 'schedules.timeOff.deleted', defaultMessage: 'Time off removed' }),
                  message: when,
                });
              },
            },
          );
        }}
        confirmLabel={<FormattedMessage id="schedules.timeOff.delete.confirm" defaultMessage="Remove" />}
      >
        {toDelete ? (
          <FormattedMessage
            id="schedules.timeOff.delete.message"
            defaultMessage="{when} will be free to book again."
            values={{ when: describeSpan(toDelete, intl) }}
          />
        ) : null}
      </ConfirmDeleteModal>
    </Card>
  );
}

/**
 * A new time off or block for `userId`: also the calendar's "Block time" dialog (src/features/appointments),
 * which starts it as a block on the day shown (`initial`).
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
                  message: intl.formatMessage(block ? scheduleMessages.kindBlock : scheduleMessages.kindTimeOff),
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
              { value: 'TIME_OFF_KIND_TIME_OFF', label: intl.formatMessage(scheduleMessages.kindTimeOff) },
              { value: 'TIME_OFF_KIND_BLOCK', label: intl.formatMessage(scheduleMessages.kindBlock) },
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
          <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(scheduleMessages.forbiddenOther) }} />
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
