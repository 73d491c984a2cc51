import { AppShell, Burger, Group, NavLink, ScrollArea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { LocaleDropdown } from '~/components/locale-dropdown';
import { UserDropdown } from '~/components/user-dropdown';
import { BetaBadge } from '~/features/license/components/beta-badge';
import { NARROW_WINDOW_PX } from '~/lib/layout';
import { localeParam, localizedPath } from '~/lib/locale';
import { useAssetImage } from '~/lib/use-asset-image';
import { useAfterFirstPaint } from '~/lib/use-after-first-paint';
import { setSidebarOpened, toggleSidebar, useSidebarOpened } from '../guards/sidebar-store';
import { useSession } from '~/entities/session/use-session';
import { useLocale } from '~/lib/use-locale';
import { useSwitchLocale } from '~/lib/use-switch-locale';
import { Brand } from '~/components/brand';
import { currentNavigationTo, NAVIGATION } from './navigation';
import { useQuery } from '@tanstack/react-query';
import { listUserTenantsOptions } from '@generated/@tanstack/react-query.gen';

const BusinessSwitcher = lazy(() => import('./business-switcher'));

// The notification bell (issue 18) loads after the page: its popover is not part of the first load.
const NotificationBell = lazy(() =>
  import('~/features/staff-notifications/components/notification-bell').then((module) => ({ default: module.NotificationBell })),
);

/**
 * Someone in several businesses gets a switcher (a chunk of its own: most people have one business),
 * their list asked for once the page has been painted. A component of its own: a query's answer is
 * rendered at once, in one task, and here it re-renders this slot alone rather than the whole frame.
 */
function BusinessSwitcherSlot({ userId, painted }: { userId: string | undefined; painted: boolean }) {
  const tenants = useQuery({ ...listUserTenantsOptions({ path: { userId: userId ?? '' } }), enabled: Boolean(userId) && painted, staleTime: 60_000 });
  const businesses = tenants.data?.tenants ?? [];
  if (businesses.length <= 1) return null;
  return (
    <Suspense fallback={null}>
      <BusinessSwitcher list={businesses} />
    </Suspense>
  );
}

/** SPEC §2 guard 5 and §9: below 800 px the sidebar collapses. */
const NARROW_QUERY = `(max-width: ${NARROW_WINDOW_PX - 0.02}px)`;

/** The address of the page that performs the logout (a full-page load, SPEC §2). */
export const LOGOUT_HREF = '/logout.html';

export function DashboardLayout() {
  const intl = useIntl();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const navigate = useNavigate();
  // One item is current: the page's own, or the closest one it is under (issue 18).
  const current = currentNavigationTo(useRouterState({ select: (state) => state.location.pathname }));
  const session = useSession();
  const avatar = useAssetImage(session.user?.avatarAsset?.tenantId, session.user?.avatarAsset?.id);
  // The sidebar guard closes the sidebar on each navigation in a narrow window; crossing the
  // breakpoint opens or closes it too.
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const open = useSidebarOpened();
  useEffect(() => setSidebarOpened(!narrow), [narrow]);
  // What the frame adds to the page (the bell, the business switcher) comes once the page has been
  // painted: a lazy component in the first render holds that render's commit until its chunk has
  // arrived (React waits for it inside the transition), and a request sent then is one the first paint
  // waits behind on a slow network.
  const painted = useAfterFirstPaint();
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
            <Burger opened={open} onClick={toggleSidebar} size="sm" aria-label={toggleLabel} />
            <Brand />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <BetaBadge tenant={session.tenant} />
            {session.tenant && painted ? (
              <Suspense fallback={null}>
                <NotificationBell tenantId={session.tenant.id} timeZone={session.tenant.timeZone} />
              </Suspense>
            ) : null}
            <BusinessSwitcherSlot userId={session.userId} painted={painted} />
            <LocaleDropdown value={locale} onChange={switchLocale} compact />
            {session.user ? (
              <UserDropdown
                email={session.user.email}
                name={session.user.name}
                lastName={session.user.lastName}
                avatarUrl={avatar.url}
                profileHref={localizedPath('/profile', locale)}
                settingsHref={localizedPath('/settings', locale)}
                logoutHref={LOGOUT_HREF}
                onNavigate={(href) => void navigate({ href })}
              />
            ) : null}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={intl.formatMessage({ id: 'shell.sidebar.label', defaultMessage: 'Main navigation' })}>
        {/* Room below the last item for the subscription popup docked over the sidebar's foot (issue 18). */}
        <AppShell.Section grow component={ScrollArea} style={{ paddingBottom: 'var(--subscription-dock-height, 0px)' }}>
          {NAVIGATION.filter((item) => !('adminOnly' in item) || session.isAdmin).map((item) => (
            <NavLink
              key={item.to}
              active={item.to === current}
              renderRoot={(props) => (
                <Link {...props} to={item.to} params={{ locale: localeParam(locale) }} aria-current={item.to === current ? 'page' : undefined} activeProps={{}} />
              )}
              label={intl.formatMessage(item.label)}
              leftSection={<item.icon size={18} aria-hidden />}
              rightSection={'badge' in item ? <item.badge /> : undefined}
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
