import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { localeParam } from '~/lib/locale';
import { useLocale } from '~/lib/use-locale';

const PRODUCT_NAME = 'Cita';

export function Brand() {
  const locale = useLocale();
  return (
    <Group
      gap={8}
      wrap="nowrap"
      renderRoot={(props) => <Link {...props} to="/{-$locale}" params={{ locale: localeParam(locale) }} />}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <ThemeIcon radius="md" size="md" aria-hidden>
        <IconCalendarEvent size={18} />
      </ThemeIcon>
      <Text fw={800} fz="lg">
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
