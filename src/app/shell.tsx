import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect } from 'react';
import { NewVersionBanner } from '~/components/new-version-banner';
import { LICENSE_STATUS_BETA_TESTER } from '~/lib/license';
import { FullscreenOverlayProvider } from './fullscreen-overlay';
import { AppIntlProvider } from './intl';
import { useSession } from '~/entities/session/use-session';
import { useLocale } from '~/lib/use-locale';
import { useNewVersionAvailable } from '~/lib/version';
import { useAfterFirstPaint } from '~/lib/use-after-first-paint';

/** SPEC §9: notifications close after 5000 ms (Mantine pauses the timer while hovered). */
export const NOTIFICATION_TIMEOUT_MS = 5000;

// The notification area and the modal host: fetched once the first page is painted (shell-hosts.tsx).
const ShellHosts = lazy(() => import('./shell-hosts'));

// Only beta testers ever see the subscription popup: its code is not part of the first load, and it
// is fetched once the first page is painted.
const SubscriptionPopup = lazy(() =>
  import('~/features/license/components/subscription-popup').then((module) => ({ default: module.SubscriptionPopup })),
);

/** The shell of SPEC §2: page area, notification area, modal host, fullscreen overlay, version banner. */
export function Shell({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const newVersion = useNewVersionAvailable();
  const { tenant } = useSession();
  const painted = useAfterFirstPaint();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <AppIntlProvider locale={locale}>
      <FullscreenOverlayProvider>
        {painted ? (
          <Suspense fallback={null}>
            <ShellHosts autoClose={NOTIFICATION_TIMEOUT_MS} />
          </Suspense>
        ) : null}
        {newVersion ? <NewVersionBanner onReload={() => window.location.reload()} /> : null}
        {children}
        {painted && tenant?.licenseStatus === LICENSE_STATUS_BETA_TESTER ? (
          <Suspense fallback={null}>
            <SubscriptionPopup tenant={tenant} />
          </Suspense>
        ) : null}
      </FullscreenOverlayProvider>
    </AppIntlProvider>
  );
}
