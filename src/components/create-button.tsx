import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useLocale } from '~/lib/use-locale';
import { localeParam } from '~/lib/locale';

/** The "New …" button of a list page: a link to its create page in the current locale. */
export function CreateButton({ to, children }: { to: NonNullable<LinkProps['to']>; children: ReactNode }) {
  const locale = useLocale();
  return (
    <Button leftSection={<IconPlus size={18} aria-hidden />} renderRoot={(props) => <Link {...props} to={to} params={{ locale: localeParam(locale) }} />}>
      {children}
    </Button>
  );
}
