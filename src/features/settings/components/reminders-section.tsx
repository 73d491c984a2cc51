import { ActionIcon, Button, Group, Select, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReminderChannel } from '@generated/types.gen';
import { REMINDER_CHANNELS, REMINDER_TIMES, reminderChannelLabels, reminderTimeLabel } from '~/lib/reminder-labels';
import { useDurationLabel, withSaved } from '../hooks/use-duration-label';
import type { SettingsForm } from './settings-form';
import { SettingsSection } from './settings-section';

const CUTOFF_MINUTES = [0, 30, 60, 120, 240, 720, 1440, 2880, 10080];

/** "Reminders and cancellation": the cancellation cutoff and up to three default reminders. */
export function RemindersSection({ form, readOnly }: { form: SettingsForm; readOnly: boolean }) {
  const intl = useIntl();
  const duration = useDurationLabel();
  const channels = reminderChannelLabels(intl);
  const reminders = useWatch({ control: form.control, name: 'defaultReminders' });
  const cutoff = useWatch({ control: form.control, name: 'cancellationCutoffMinutes' });

  return (
    <SettingsSection
      title={<FormattedMessage id="settings.section.reminders" defaultMessage="Reminders and cancellation" />}
      description={<FormattedMessage id="settings.section.reminders.description" defaultMessage="What your customers receive before an appointment, and until when they can cancel it themselves." />}
    >
      <Controller
        control={form.control}
        name="cancellationCutoffMinutes"
        render={({ field }) => (
          <Select
            label={intl.formatMessage({ id: 'settings.cancellationCutoff', defaultMessage: 'Customers can cancel online up to' })}
            description={intl.formatMessage({ id: 'settings.cancellationCutoff.description', defaultMessage: 'Before the appointment, with the link in their e-mail. Later, they have to call you.' })}
            allowDeselect={false}
            disabled={readOnly}
            maw={360}
            data={withSaved(CUTOFF_MINUTES, cutoff).map((minutes) => ({
              value: String(minutes),
              label: minutes === 0 ? intl.formatMessage({ id: 'settings.cancellationCutoff.any', defaultMessage: 'Until the start' }) : intl.formatMessage({ id: 'settings.cancellationCutoff.before', defaultMessage: '{duration} before' }, { duration: duration(minutes) }),
            }))}
            value={String(field.value)}
            onChange={(value) => value !== null && field.onChange(Number(value))}
            onBlur={field.onBlur}
          />
        )}
      />
      <Text fw={500} size="sm" id="settings-default-reminders">
        <FormattedMessage id="settings.defaultReminders" defaultMessage="Reminders of new appointments" />
      </Text>
      {reminders.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="settings.defaultReminders.none" defaultMessage="No reminders: new appointments get none unless their form adds one." />
        </Text>
      ) : null}
      {reminders.map((_, index) => (
        <Group key={index} align="flex-end" gap="xs" role="group" aria-label={intl.formatMessage({ id: 'settings.defaultReminders.item', defaultMessage: 'Reminder {number}' }, { number: index + 1 })}>
          <Controller
            control={form.control}
            name={`defaultReminders.${index}.channel`}
            render={({ field }) => (
              <Select
                label={intl.formatMessage({ id: 'appointments.form.reminder.channel', defaultMessage: 'Channel' })}
                allowDeselect={false}
                disabled={readOnly}
                w={160}
                data={REMINDER_CHANNELS.map((channel) => ({ value: channel, label: channels[channel] }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value as ReminderChannel)}
              />
            )}
          />
          <Controller
            control={form.control}
            name={`defaultReminders.${index}.minutesBefore`}
            render={({ field }) => (
              <Select
                label={intl.formatMessage({ id: 'appointments.form.reminder.when', defaultMessage: 'When' })}
                allowDeselect={false}
                disabled={readOnly}
                w={200}
                data={withSaved(REMINDER_TIMES, field.value).map((minutes) => ({ value: String(minutes), label: reminderTimeLabel(intl, minutes) }))}
                value={String(field.value)}
                onChange={(value) => value !== null && field.onChange(Number(value))}
              />
            )}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            disabled={readOnly}
            aria-label={intl.formatMessage({ id: 'appointments.form.reminder.remove', defaultMessage: 'Remove this reminder' })}
            onClick={() => form.setValue('defaultReminders', reminders.filter((__, other) => other !== index), { shouldDirty: true })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {reminders.length < 3 && !readOnly ? (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => form.setValue('defaultReminders', [...reminders, { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 120 }], { shouldDirty: true })}
          >
            <FormattedMessage id="appointments.form.reminders.add" defaultMessage="Add a reminder" />
          </Button>
        </Group>
      ) : null}
    </SettingsSection>
  );
}
