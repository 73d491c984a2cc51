import { AppShell, Burger, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useMatchRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { LocaleDropdown } from '~/components/locale-dropdown';
import { NARROW_WINDOW_PX } from '~/lib/layout';
import { localeParam } from '~/lib/locale';
import { useLocale } from '../use-locale';
import { useSwitchLocale } from '../use-switch-locale';
import { Brand } from './brand';
import { NAVIGATION } from './navigation';

/** SPEC §2 guard 5 and §9: below 800 px the sidebar collapses. */
const NARROW_QUERY = `(max-width: ${NARROW_WINDOW_PX - 0.02}px)`;

export function DashboardLayout() {
  const intl = useIntl();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const matchRoute = useMatchRoute();
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const [open, { toggle, close, open: show }] = useDisclosure(!narrow);
  useEffect(() => (narrow ? close() : show()), [narrow, close, show]);
  const toggleLabel = intl.formatMessage({ id: 'shell.sidebar.toggle', defaultMessage: 'Toggle navigation' });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: NARROW_WINDOW_PX, collapsed: { mobile: !open, desktop: !open } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={open} onClick={toggle} size="sm" aria-label={toggleLabel} />
            <Brand />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LocaleDropdown value={locale} onChange={switchLocale} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={intl.formatMessage({ id: 'shell.sidebar.label', defaultMessage: 'Main navigation' })}>
        <AppShell.Section grow component={ScrollArea}>
          {NAVIGATION.map((item) => (
            <NavLink
              key={item.to}
              active={Boolean(matchRoute({ to: item.to, params: { locale: localeParam(locale) }, fuzzy: !item.exact }))}
              renderRoot={(props) => (
                <Link {...props} to={item.to} params={{ locale: localeParam(locale) }} activeOptions={{ exact: item.exact }} />
              )}
              label={intl.formatMessage(item.label)}
              leftSection={<item.icon size={18} aria-hidden />}
              onClick={() => narrow && close()}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
