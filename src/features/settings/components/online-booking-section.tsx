import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { NumberField } from '~/components/number-field';
import { SwitchField } from '~/components/switch-field';
import { bookingPath } from '~/lib/booking-path';
import { BookingLink } from '~/components/booking-link';
import type { AppLocale } from '~/lib/locale';
import { useDurationLabel, withSaved } from '../hooks/use-duration-label';
import type { SettingsForm } from './settings-form';
import { SettingsSection } from './settings-section';

const NOTICE_MINUTES = [0, 30, 60, 120, 240, 720, 1440, 2880, 10080];
/** The booking page's path before the slug (the address, not a text to translate). */
const SLUG_PREFIX = '/book/';
const SLOT_INTERVALS = [5, 10, 15, 20, 30, 60] as const;

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
    <SettingsSection
      title={<FormattedMessage id="settings.section.onlineBooking" defaultMessage="Online booking" />}
      description={<FormattedMessage id="settings.section.onlineBooking.description" defaultMessage="A page where your customers book by themselves, with no account." />}
    >
      <SwitchField
        control={form.control}
        name="onlineBooking.enabled"
        label={intl.formatMessage({ id: 'settings.onlineBooking.enabled', defaultMessage: 'Customers can book online' })}
        description={intl.formatMessage({ id: 'settings.onlineBooking.enabled.description', defaultMessage: 'Your booking page shows the services marked “bookable online” and the free times of your team.' })}
        disabled={readOnly}
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
      {link && savedEnabled ? <BookingLink link={link} /> : null}
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
        <NumberField
          control={form.control}
          name="onlineBooking.horizonDays"
          label={intl.formatMessage({ id: 'settings.onlineBooking.horizon', defaultMessage: 'How far ahead (days)' })}
          description={intl.formatMessage({ id: 'settings.onlineBooking.horizon.description', defaultMessage: 'Customers can book up to this many days ahead.' })}
          min={1}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          disabled={readOnly}
          error={errors.onlineBooking?.horizonDays?.message}
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
      <SwitchField
        control={form.control}
        name="onlineBooking.memberChoice"
        label={intl.formatMessage({ id: 'settings.onlineBooking.memberChoice', defaultMessage: 'Customers can choose the team member' })}
        description={intl.formatMessage({ id: 'settings.onlineBooking.memberChoice.description', defaultMessage: 'Otherwise the first free member is booked.' })}
        disabled={readOnly}
      />
    </SettingsSection>
  );
}
