import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useFirstCloseFocus } from './deferred-menu';
import { LOCALE_NAMES, LOCALES, type AppLocale } from '~/lib/locale';
import { LocaleButton } from './locale-button';

/** The language menu (Mantine Menu): loaded by LocaleDropdown once the visitor reaches for the button. */
export function LocaleMenu({
  value,
  onChange,
  defaultOpened,
}: {
  value: AppLocale;
  onChange: (locale: AppLocale) => void;
  defaultOpened: boolean;
}) {
  const { target, onClose } = useFirstCloseFocus(defaultOpened);
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened} onClose={onClose}>
      <Menu.Target>
        <LocaleButton value={value} ref={target} />
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
