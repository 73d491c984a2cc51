import { ActionIcon, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { REMINDER_CHANNELS, REMINDER_TIMES, reminderChannelLabels, reminderTimeLabel } from '~/lib/reminder-labels';
import type { BookingFormApi } from '../hooks/use-booking-form';

/** The booking's reminders (up to five): a channel and how long before each. */
export function BookingReminders({ form }: { form: BookingFormApi }) {
  const intl = useIntl();
  const { control, setValue } = form;
  const channelLabels = reminderChannelLabels(intl);
  const reminders = useWatch({ control, name: 'reminders' });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Text fw={600}>
          <FormattedMessage id="appointments.form.reminders" defaultMessage="Reminders" />
        </Text>
        {reminders.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="appointments.form.reminders.none" defaultMessage="No reminders: the customer's preferred channel, 24 hours before, is used when booking." />
          </Text>
        ) : null}
        {reminders.map((_, index) => (
          <Group key={index} gap="sm" align="flex-end">
            <Controller
              control={control}
              name={`reminders.${index}.channel`}
              render={({ field }) => (
                <Select
                  w={160}
                  label={intl.formatMessage({ id: 'appointments.form.reminder.channel', defaultMessage: 'Channel' })}
                  data={REMINDER_CHANNELS.map((channel) => ({ value: channel, label: channelLabels[channel] }))}
                  value={field.value}
                  allowDeselect={false}
                  onChange={(value) => field.onChange(value)}
                />
              )}
            />
            <Controller
              control={control}
              name={`reminders.${index}.minutesBefore`}
              render={({ field }) => (
                <Select
                  w={180}
                  label={intl.formatMessage({ id: 'appointments.form.reminder.when', defaultMessage: 'When' })}
                  data={REMINDER_TIMES.map((minutes) => ({ value: String(minutes), label: reminderTimeLabel(intl, minutes) }))}
                  value={String(field.value)}
                  allowDeselect={false}
                  onChange={(value) => field.onChange(Number(value))}
                />
              )}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={intl.formatMessage({ id: 'appointments.form.reminder.remove', defaultMessage: 'Remove this reminder' })}
              onClick={() => setValue('reminders', reminders.filter((__, other) => other !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {reminders.length < 5 ? (
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setValue('reminders', [...reminders, { channel: 'REMINDER_CHANNEL_WHATSAPP', minutesBefore: 1440 }])}>
              <FormattedMessage id="appointments.form.reminders.add" defaultMessage="Add a reminder" />
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
