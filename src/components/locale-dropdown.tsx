import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { LOCALE_NAMES, LOCALES, type AppLocale } from '~/lib/locale';

export function LocaleDropdown({ value, onChange }: { value: AppLocale; onChange: (locale: AppLocale) => void }) {
  const intl = useIntl();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLanguage size={18} aria-hidden />}
          // WCAG 2.5.3: the name starts with the visible text (the current language), then says what it does.
          aria-label={intl.formatMessage({ id: 'shell.locale.label', defaultMessage: '{language} (change language)' }, { language: LOCALE_NAMES[value] })}
          data-testid="locale-dropdown"
        >
          {LOCALE_NAMES[value]}
        </Button>
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
