import { Box, Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useIntl } from 'react-intl';
import { LOCALE_NAMES, type AppLocale } from '~/lib/locale';

/**
 * The language switcher's button: the current language, and a name that says what it does. `compact`:
 * on a phone's width only the icon shows (the app's header has no room for "English (US)" there).
 */
export function LocaleButton({ value, compact = false, ...props }: { value: AppLocale; compact?: boolean } & ButtonProps & Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps | 'value'>) {
  const intl = useIntl();
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconLanguage size={18} aria-hidden />}
      // WCAG 2.5.3: the name starts with the visible text (the current language), then says what it does.
      aria-label={intl.formatMessage({ id: 'shell.locale.label', defaultMessage: '{language} (change language)' }, { language: LOCALE_NAMES[value] })}
      data-testid="locale-dropdown"
      {...props}
    >
      {compact ? (
        <Box component="span" visibleFrom="xs">
          {LOCALE_NAMES[value]}
        </Box>
      ) : (
        LOCALE_NAMES[value]
      )}
    </Button>
  );
}
