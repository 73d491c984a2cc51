import { Anchor, type AnchorProps } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useLocale } from '~/lib/use-locale';
import { localeParam } from '~/lib/locale';

/**
 * A text link to a page of the app in the current locale: `to` is the route, `params` its other
 * path parameters (the locale is added). Back links ("← Services") and the name links of list rows.
 */
export function AnchorLink({ to, params, children, ...anchor }: AnchorProps & {
  to: NonNullable<LinkProps['to']>;
  params?: Record<string, string>;
  children: ReactNode;
}) {
  const locale = useLocale();
  return (
    <Anchor {...anchor} renderRoot={(props) => <Link {...props} to={to} params={{ ...params, locale: localeParam(locale) }} />}>
      {children}
    </Anchor>
  );
}
