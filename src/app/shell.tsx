import type { ReactNode } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect } from 'react';
import { NewVersionBanner } from '~/components/new-version-banner';
import { LICENSE_STATUS_BETA_TESTER } from '~/lib/license';
import { FullscreenOverlayProvider } from './fullscreen-overlay';
import { AppIntlProvider } from './intl';
import { useSession } from '~/entities/session/use-session';
import { useLocale } from '~/lib/use-locale';
import { useNewVersionAvailable } from '~/lib/version';

/** SPEC §9: notifications close after 5000 ms (Mantine pauses the timer while hovered). */
export const NOTIFICATION_TIMEOUT_MS = 5000;

// Only beta testers ever see the subscription popup: its code is not part of the first load.
const SubscriptionPopup = lazy(() =>
  import('~/features/license/components/subscription-popup').then((module) => ({ default: module.SubscriptionPopup })),
);

/** The shell of SPEC §2: page area, notification area, modal host, fullscreen overlay, version banner. */
export function Shell({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const newVersion = useNewVersionAvailable();
  const { tenant } = useSession();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <AppIntlProvider locale={locale}>
      <FullscreenOverlayProvider>
        <ModalsProvider>
          <Notifications autoClose={NOTIFICATION_TIMEOUT_MS} position="top-right" />
          {newVersion ? <NewVersionBanner onReload={() => window.location.reload()} /> : null}
          {children}
          {tenant?.licenseStatus === LICENSE_STATUS_BETA_TESTER ? (
            <Suspense fallback={null}>
              <SubscriptionPopup tenant={tenant} />
            </Suspense>
          ) : null}
        </ModalsProvider>
      </FullscreenOverlayProvider>
    </AppIntlProvider>
  );
}
