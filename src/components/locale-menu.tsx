import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useRef } from 'react';
import { LOCALE_NAMES, LOCALES, type AppLocale } from '~/lib/locale';
import { useRestoredFocus } from './deferred-menu';
import { LocaleButton } from './locale-button';

/** The language menu (Mantine Menu): loaded by LocaleDropdown once the visitor reaches for the button. */
export function LocaleMenu({
  value,
  onChange,
  defaultOpened,
  restoreFocus,
}: {
  value: AppLocale;
  onChange: (locale: AppLocale) => void;
  defaultOpened: boolean;
  restoreFocus: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useRestoredFocus(button, restoreFocus);
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <LocaleButton value={value} ref={button} />
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => onChange(locale)}
            rightSection={locale === value ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={locale === value ? 'true' : undefined}
          >
            {LOCALE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
