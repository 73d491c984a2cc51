import { Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { listAppointmentDistinctionsOptions } from '@generated/@tanstack/react-query.gen';
import type { TeamMember } from '@generated/types.gen';
import { TimeInput } from '~/components/time-input';
import type { BookingFormApi } from '../hooks/use-booking-form';
import { memberName } from '../hooks/use-team';

/** When and with whom: the date, start and end on the 5-minute grid, the team member and the distinction. */
export function BookingTimeFields({ tenantId, form, members, canChooseMember }: { tenantId: string; form: BookingFormApi; members: TeamMember[]; canChooseMember: boolean }) {
  const intl = useIntl();
  const { control } = form;
  const errors = form.formState.errors;
  const distinctions = useQuery({ ...listAppointmentDistinctionsOptions({ path: { tenantId }, query: { limit: 200 } }), staleTime: 60_000 });

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput type="date" w={170} required label={intl.formatMessage({ id: 'appointments.form.date', defaultMessage: 'Date' })} {...form.register('date')} error={errors.date?.message} />
      <Controller
        control={control}
        name="startTime"
        render={({ field }) => (
          <TimeInput required label={intl.formatMessage({ id: 'appointments.form.start', defaultMessage: 'Start' })} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.startTime?.message} />
        )}
      />
      <Controller
        control={control}
        name="endTime"
        render={({ field }) => (
          <TimeInput required label={intl.formatMessage({ id: 'appointments.form.end', defaultMessage: 'End' })} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.endTime?.message} />
        )}
      />
      <Controller
        control={control}
        name="userId"
        render={({ field }) => (
          <Select
            w={220}
            required
            disabled={!canChooseMember}
            label={intl.formatMessage({ id: 'appointments.form.member', defaultMessage: 'Team member' })}
            data={members.map((member) => ({ value: member.userId, label: memberName(member) }))}
            value={field.value || null}
            allowDeselect={false}
            onChange={(value) => field.onChange(value ?? '')}
            error={errors.userId?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="distinctionId"
        render={({ field }) => (
          <Select
            w={200}
            clearable
            label={intl.formatMessage({ id: 'appointments.form.distinction', defaultMessage: 'Distinction' })}
            data={(distinctions.data?.items ?? []).map((item) => ({ value: item.id, label: item.distinction }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
          />
        )}
      />
    </Group>
  );
}
