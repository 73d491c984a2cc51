import { ActionIcon, Badge, Button, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBeach, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { deleteTimeOffMutation, listTimeOffOptions, listTimeOffQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant, TimeOff } from '@generated/types.gen';
import { ListTable } from '~/components/list-table';
import { ConfirmDeleteModal } from '~/components/confirm-delete-modal';
import { EmptyState } from '~/components/empty-state';
import { ListBody } from '~/components/list-page-shell';
import { formatDateLong, formatDateTimeShort, formatTime, today } from '~/lib/temporal';
import { scheduleMessages } from '../messages';
import { TimeOffForm } from '~/components/time-off-form';
import { timeOffSpan } from '~/lib/time-off';

const PAGE_SIZE = 20;


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

  const empty = (
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

  /** The page of time off as a table. */
  const table = (items: TimeOff[]) => (
    <ListTable
      minWidth={480}
      columns={[
        { label: intl.formatMessage({ id: 'schedules.timeOff.when', defaultMessage: 'When' }) },
        { label: intl.formatMessage({ id: 'schedules.timeOff.kind', defaultMessage: 'Kind' }) },
        { label: intl.formatMessage({ id: 'schedules.timeOff.description', defaultMessage: 'Description' }) },
        ...(canEdit ? [{ label: intl.formatMessage({ id: 'schedules.timeOff.actions', defaultMessage: 'Actions' }), hideLabel: true }] : []),
      ]}
    >
      {items.map((item) => (
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
    </ListTable>
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
        <ListBody list={list} empty={empty}>
          {table}
        </ListBody>
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
