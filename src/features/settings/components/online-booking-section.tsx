import { ActionIcon, Anchor, Button, CopyButton, Group, NumberInput, Select, SimpleGrid, Switch, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReminderChannel } from '@generated/types.gen';
import { REMINDER_CHANNELS, REMINDER_TIMES, reminderChannelLabels, reminderTimeLabel } from '~/lib/reminder-labels';
import { bookingPath } from '~/lib/booking-path';
import type { AppLocale } from '~/lib/locale';
import type { SettingsInput, SettingsValues } from '../schemas/settings-schema';

type SettingsForm = UseFormReturn<SettingsInput, unknown, SettingsValues>;

const NOTICE_MINUTES = [0, 30, 60, 120, 240, 720, 1440, 2880, 10080];
const CUTOFF_MINUTES = [0, 30, 60, 120, 240, 720, 1440, 2880, 10080];
/** The booking page's path before the slug (the address, not a text to translate). */
const SLUG_PREFIX = '/book/';
const SLOT_INTERVALS = [5, 10, 15, 20, 30, 60] as const;

function useDurationLabel() {
  const intl = useIntl();
  return (minutes: number) => {
    if (minutes === 0) return intl.formatMessage({ id: 'settings.duration.none', defaultMessage: 'None' });
    if (minutes % 1440 === 0) return intl.formatMessage({ id: 'settings.duration.days', defaultMessage: '{days, plural, one {# day} other {# days}}' }, { days: minutes / 1440 });
    if (minutes % 60 === 0) return intl.formatMessage({ id: 'settings.duration.hours', defaultMessage: '{hours, plural, one {# hour} other {# hours}}' }, { hours: minutes / 60 });
    return intl.formatMessage({ id: 'settings.duration.minutes', defaultMessage: '{minutes} minutes' }, { minutes });
  };
}

const withSaved = (options: number[], saved: number | undefined) => (saved === undefined || options.includes(saved) ? options : [...options, saved].sort((a, b) => a - b));

/**
 * "Online booking": the public booking page (on or off, its address with a link to copy and open),
 * automatic or manual confirmation, minimum notice, horizon, slot interval, member choice.
 */
export function OnlineBookingSection({ form, readOnly, savedSlug, savedEnabled, locale }: { form: SettingsForm; readOnly: boolean; savedSlug?: string; savedEnabled: boolean; locale: AppLocale }) {
  const intl = useIntl();
  const duration = useDurationLabel();
  const { errors } = form.formState;
  const notice = useWatch({ control: form.control, name: 'onlineBooking.minimumNoticeMinutes' });
  const link = savedSlug ? `${window.location.origin}${bookingPath(savedSlug, locale)}` : null;

  return (
    <>
      <Controller
        control={form.control}
        name="onlineBooking.enabled"
        render={({ field }) => (
          <Switch
            label={intl.formatMessage({ id: 'settings.onlineBooking.enabled', defaultMessage: 'Customers can book online' })}
            description={intl.formatMessage({ id: 'settings.onlineBooking.enabled.description', defaultMessage: 'Your booking page shows the services marked “bookable online” and the free times of your team.' })}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            disabled={readOnly}
          />
        )}
      />
      <TextInput
        label={intl.formatMessage({ id: 'settings.onlineBooking.slug', defaultMessage: 'Booking page address' })}
        description={intl.formatMessage({ id: 'settings.onlineBooking.slug.description', defaultMessage: 'Lower-case letters, digits and hyphens. Left empty, one is made from your business name.' })}
        leftSection={
          <Text size="sm" c="dimmed">
            {SLUG_PREFIX}
          </Text>
        }
        leftSectionWidth={56}
        maxLength={63}
        autoComplete="off"
        spellCheck={false}
        disabled={readOnly}
        error={errors.onlineBooking?.slug?.message}
        {...form.register('onlineBooking.slug')}
      />
      {link && savedEnabled ? (
        <Group gap="xs" wrap="nowrap">
          <Anchor href={link} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {link} <IconExternalLink size={14} aria-hidden />
            <VisuallyHidden>{intl.formatMessage({ id: 'settings.onlineBooking.opensNewTab', defaultMessage: '(opens in a new tab)' })}</VisuallyHidden>
          </Anchor>
          <CopyButton value={link}>
            {({ copied, copy }) => {
              const label = copied
                ? intl.formatMessage({ id: 'settings.onlineBooking.copied', defaultMessage: 'Link copied' })
                : intl.formatMessage({ id: 'settings.onlineBooking.copy', defaultMessage: 'Copy the link' });
              return (
                <Tooltip label={label} withArrow>
                  <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={label}>
                    {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              );
            }}
          </CopyButton>
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="onlineBooking.confirmation"
          render={({ field }) => (
            <Select
              label={intl.formatMessage({ id: 'settings.onlineBooking.confirmation', defaultMessage: 'Online bookings are' })}
              allowDeselect={false}
              disabled={readOnly}
              data={[
                { value: 'ONLINE_BOOKING_CONFIRMATION_AUTOMATIC', label: intl.formatMessage({ id: 'settings.onlineBooking.confirmation.automatic', defaultMessage: 'Confirmed at once' }) },
                { value: 'ONLINE_BOOKING_CONFIRMATION_MANUAL', label: intl.formatMessage({ id: 'settings.onlineBooking.confirmation.manual', defaultMessage: 'Pending until you confirm them' }) },
              ]}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          control={form.control}
          name="onlineBooking.minimumNoticeMinutes"
          render={({ field }) => (
            <Select
              label={intl.formatMessage({ id: 'settings.onlineBooking.notice', defaultMessage: 'Minimum notice' })}
              description={intl.formatMessage({ id: 'settings.onlineBooking.notice.description', defaultMessage: 'The earliest a customer can book, counted from now.' })}
              allowDeselect={false}
              disabled={readOnly}
              data={withSaved(NOTICE_MINUTES, notice).map((minutes) => ({ value: String(minutes), label: duration(minutes) }))}
              value={String(field.value)}
              onChange={(value) => value !== null && field.onChange(Number(value))}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          control={form.control}
          name="onlineBooking.horizonDays"
          render={({ field }) => (
            <NumberInput
              label={intl.formatMessage({ id: 'settings.onlineBooking.horizon', defaultMessage: 'How far ahead (days)' })}
              description={intl.formatMessage({ id: 'settings.onlineBooking.horizon.description', defaultMessage: 'Customers can book up to this many days ahead.' })}
              min={1}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              disabled={readOnly}
              value={typeof field.value === 'number' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.onlineBooking?.horizonDays?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="onlineBooking.slotIntervalMinutes"
          render={({ field }) => (
            <Select
              label={intl.formatMessage({ id: 'settings.onlineBooking.interval', defaultMessage: 'Start times every' })}
              allowDeselect={false}
              disabled={readOnly}
              data={SLOT_INTERVALS.map((minutes) => ({ value: String(minutes), label: duration(minutes) }))}
              value={String(field.value)}
              onChange={(value) => value !== null && field.onChange(Number(value))}
              onBlur={field.onBlur}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="onlineBooking.memberChoice"
        render={({ field }) => (
          <Switch
            label={intl.formatMessage({ id: 'settings.onlineBooking.memberChoice', defaultMessage: 'Customers can choose the team member' })}
            description={intl.formatMessage({ id: 'settings.onlineBooking.memberChoice.description', defaultMessage: 'Otherwise the first free member is booked.' })}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            disabled={readOnly}
          />
        )}
      />
    </>
  );
}

/** "Reminders and cancellation": the cancellation cutoff and up to three default reminders. */
export function RemindersSection({ form, readOnly }: { form: SettingsForm; readOnly: boolean }) {
  const intl = useIntl();
  const duration = useDurationLabel();
  const channels = reminderChannelLabels(intl);
  const reminders = useWatch({ control: form.control, name: 'defaultReminders' });
  const cutoff = useWatch({ control: form.control, name: 'cancellationCutoffMinutes' });

  return (
    <>
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
    </>
  );
}
