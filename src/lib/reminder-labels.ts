import type { IntlShape } from 'react-intl';
import type { ReminderChannel } from '@generated/types.gen';

/** The reminder channels and the times before an appointment offered by the forms (appointment, business defaults). */
export const REMINDER_CHANNELS: ReminderChannel[] = ['REMINDER_CHANNEL_EMAIL', 'REMINDER_CHANNEL_SMS', 'REMINDER_CHANNEL_WHATSAPP'];
export const REMINDER_TIMES = [15, 30, 60, 120, 240, 1440, 2880, 10080];

/** A channel's name. */
export function reminderChannelLabels(intl: IntlShape): Record<ReminderChannel, string> {
  return {
    REMINDER_CHANNEL_EMAIL: intl.formatMessage({ id: 'appointments.form.reminder.email', defaultMessage: 'E-mail' }),
    REMINDER_CHANNEL_SMS: intl.formatMessage({ id: 'appointments.form.reminder.sms', defaultMessage: 'SMS' }),
    REMINDER_CHANNEL_WHATSAPP: intl.formatMessage({ id: 'appointments.form.reminder.whatsapp', defaultMessage: 'WhatsApp' }),
  };
}

/** '2 days before', '3 hours before', '30 minutes before'. */
export function reminderTimeLabel(intl: IntlShape, minutes: number): string {
  if (minutes >= 1440 && minutes % 1440 === 0)
    return intl.formatMessage({ id: 'appointments.form.reminder.days', defaultMessage: '{days, plural, one {# day} other {# days}} before' }, { days: minutes / 1440 });
  if (minutes >= 60 && minutes % 60 === 0)
    return intl.formatMessage({ id: 'appointments.form.reminder.hours', defaultMessage: '{hours, plural, one {# hour} other {# hours}} before' }, { hours: minutes / 60 });
  return intl.formatMessage({ id: 'appointments.form.reminder.minutes', defaultMessage: '{minutes} minutes before' }, { minutes });
}
