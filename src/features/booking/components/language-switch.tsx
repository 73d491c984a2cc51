import { useIntl } from 'react-intl';
import { LOCALE_NAMES, LOCALES, type AppLocale } from '~/lib/locale';
import { m } from '../messages';

/** English / Español, each named in itself; the current one is marked and inert. */
export function LanguageSwitch({ current, onSwitch }: { current: AppLocale; onSwitch: (locale: AppLocale) => void }) {
  const intl = useIntl();
  return (
    <nav className="bk-lang" aria-label={intl.formatMessage(m.language)}>
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className="bk-link"
          aria-current={option === current ? 'true' : undefined}
          disabled={option === current}
          onClick={() => onSwitch(option)}
        >
          {LOCALE_NAMES[option]}
        </button>
      ))}
    </nav>
  );
}
