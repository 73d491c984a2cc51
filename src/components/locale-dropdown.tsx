import { IconCheck } from '@tabler/icons-react';
import { LOCALE_NAMES, LOCALES, type AppLocale } from '~/lib/locale';
import { LocaleButton } from './locale-button';
import { MenuButton, MenuButtonItem } from './menu-button';

/** The language switcher: the current language on a button, the languages in its menu. */
export function LocaleDropdown({ value, onChange }: { value: AppLocale; onChange: (locale: AppLocale) => void }) {
  return (
    <MenuButton trigger={(props) => <LocaleButton value={value} {...props} />}>
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
