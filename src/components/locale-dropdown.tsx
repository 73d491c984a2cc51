import { IconCheck } from '@tabler/icons-react';
import { LOCALE_NAMES, LOCALES, type AppLocale } from '~/lib/locale';
import { LocaleButton } from './locale-button';
import { MenuButton, MenuButtonItem } from './menu-button';

/** The language switcher: the current language on a button (`compact`: only its icon on a phone), the languages in its menu. */
export function LocaleDropdown({ value, onChange, compact = false }: { value: AppLocale; onChange: (locale: AppLocale) => void; compact?: boolean }) {
  return (
    <MenuButton trigger={(props) => <LocaleButton value={value} compact={compact} {...props} />}>
      {LOCALES.map((locale) => (
        <MenuButtonItem
          key={locale}
          lang={locale}
          onClick={() => onChange(locale)}
          rightSection={locale === value ? <IconCheck size={16} aria-hidden /> : null}
          aria-current={locale === value ? 'true' : undefined}
        >
          {LOCALE_NAMES[locale]}
        </MenuButtonItem>
      ))}
    </MenuButton>
  );
}
