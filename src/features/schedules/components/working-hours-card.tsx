import { Alert, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getWorkingHoursOptions, getWorkingHoursQueryKey, updateWorkingHoursMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant, WorkingHours } from '@generated/types.gen';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { OpeningHoursEditor } from '~/components/opening-hours-editor';
import { QueryState } from '~/components/query-state';
import { PausedNotice } from '~/components/paused-notice';
import { UnsavedChangesGuard } from '~/components/unsaved-changes-guard';
import { isStaleVersion } from '~/lib/api-problem';
import { hasScheduleErrors, openingHoursFromSchedule, scheduleFromOpeningHours, validateWeekSchedule } from '~/lib/opening-hours';
import { scheduleMessages } from '../messages';

/** A team member's weekly working hours: the business's opening hours, or their own. */
export function WorkingHoursCard({ tenant, userId, canEdit, memberName }: { tenant: Tenant; userId: string; canEdit: boolean; memberName: string }) {
  const hours = useQuery(getWorkingHoursOptions({ path: { tenantId: tenant.id, userId } }));
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3">
            <FormattedMessage id="schedules.workingHours.title" defaultMessage="Working hours" />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="schedules.workingHours.intro"
              defaultMessage="When {name} can be booked each week. Gaps between the hours of a day are breaks."
              values={{ name: memberName }}
            />
          </Text>
        </Stack>
        {/* A failed refetch keeps the editor (and what is being typed in it) under the error. */}
        <QueryState query={hours} keepData>
          {({ workingHours }) => (
            <WorkingHoursEditor
              key={`${userId}/${workingHours.version}/${String(workingHours.inherited)}`}
              tenant={tenant}
              hours={workingHours}
              canEdit={canEdit}
              reload={() => hours.refetch()}
            />
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}

function WorkingHoursEditor({ tenant, hours, canEdit, reload }: { tenant: Tenant; hours: WorkingHours; canEdit: boolean; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const update = useMutation(updateWorkingHoursMutation());
  const [inherit, setInherit] = useState(hours.inherited);
  const [schedule, setSchedule] = useState(() => scheduleFromOpeningHours(hours));
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  const [invalid, setInvalid] = useState(false);
  // While inheriting, the business's current opening hours are what applies.
  const businessSchedule = hours.inherited ? scheduleFromOpeningHours(hours) : scheduleFromOpeningHours(tenant.opening_hours);
  const path = { tenantId: tenant.id, userId: hours.userId };

  const save = async () => {
    setError(null);
    setStale(false);
    if (!inherit && hasScheduleErrors(validateWeekSchedule(schedule))) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    try {
      const body = inherit
        ? { workingHours: { inherit: true, version: hours.version } }
        : { workingHours: { inherit: false, weekly: openingHoursFromSchedule(schedule, hours.timeZone).weekly, version: hours.version } };
      const saved = await update.mutateAsync({ path, body });
      setDirty(false);
      queryClient.setQueryData(getWorkingHoursQueryKey({ path }), saved);
      notifications.show({
        color: 'green',
        title: intl.formatMessage({ id: 'schedules.workingHours.saved', defaultMessage: 'Working hours saved' }),
        message: saved.workingHours.inherited
          ? intl.formatMessage({ id: 'schedules.workingHours.saved.inherited', defaultMessage: "They follow the business's opening hours." })
          : intl.formatMessage({ id: 'schedules.workingHours.saved.own', defaultMessage: 'The calendar now offers these hours.' }),
      });
    } catch (failure) {
      if (isStaleVersion(failure)) setStale(true);
      else setError(failure);
    }
  };

  return (
    <Stack gap="md">
      <UnsavedChangesGuard when={dirty && canEdit && !update.isPending} />
      <Switch
        checked={inherit}
        disabled={!canEdit || update.isPending}
        onChange={(event) => {
          const next = event.currentTarget.checked;
          setInherit(next);
          // Starting their own hours from the business's.
          if (!next && hours.inherited) setSchedule(businessSchedule);
          setDirty(true);
        }}
        label={intl.formatMessage({ id: 'schedules.workingHours.inherit', defaultMessage: "Same as the business's opening hours" })}
        description={intl.formatMessage(
          { id: 'schedules.workingHours.inherit.description', defaultMessage: 'Times in the business time zone ({timeZone}).' },
          { timeZone: hours.timeZone },
        )}
      />
      <OpeningHoursEditor
        value={inherit ? businessSchedule : schedule}
        onChange={(next) => {
          setSchedule(next);
          setDirty(true);
        }}
        disabled={!canEdit || inherit || update.isPending}
      />
      {invalid ? (
        <Text c="red" size="sm" role="alert">
          <FormattedMessage id="schedules.workingHours.invalid" defaultMessage="Some hours need your attention; they are marked in red." />
        </Text>
      ) : null}
      {stale ? (
        <Alert color="orange" variant="light" title={intl.formatMessage(scheduleMessages.staleTitle)} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{intl.formatMessage(scheduleMessages.staleMessage)}</Text>
            <Button size="xs" variant="white" color="orange" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void reload()}>
              {intl.formatMessage(scheduleMessages.staleReload)}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(scheduleMessages.forbiddenOther) }} />
      )}
      <PausedNotice paused={update.isPaused} />
      {canEdit ? (
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={update.isPending} disabled={!dirty} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
            <FormattedMessage id="schedules.workingHours.save" defaultMessage="Save working hours" />
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
