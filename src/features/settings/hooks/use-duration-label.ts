import { useIntl } from 'react-intl';

/** "None", "2 hours", "1 day", "15 minutes": a duration of the settings' choices, in the user's language. */
export function useDurationLabel() {
  const intl = useIntl();
  return (minutes: number) => {
    if (minutes === 0) return intl.formatMessage({ id: 'settings.duration.none', defaultMessage: 'None' });
    if (minutes % 1440 === 0) return intl.formatMessage({ id: 'settings.duration.days', defaultMessage: '{days, plural, one {# day} other {# days}}' }, { days: minutes / 1440 });
    if (minutes % 60 === 0) return intl.formatMessage({ id: 'settings.duration.hours', defaultMessage: '{hours, plural, one {# hour} other {# hours}}' }, { hours: minutes / 60 });
    return intl.formatMessage({ id: 'settings.duration.minutes', defaultMessage: '{minutes} minutes' }, { minutes });
  };
}

/** A choice's options, plus the saved value when it is none of them (so a stored value is never lost). */
export const withSaved = (options: number[], saved: number | undefined) => (saved === undefined || options.includes(saved) ? options : [...options, saved].sort((a, b) => a - b));
