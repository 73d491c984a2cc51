import type { ReactNode } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { NewVersionBanner } from '~/components/new-version-banner';
import { SubscriptionPopup } from '~/features/license/components/subscription-popup';
import { FullscreenOverlayProvider } from './fullscreen-overlay';
import { AppIntlProvider } from './intl';
import { useSession } from './session/use-session';
import { useLocale } from './use-locale';
import { useNewVersionAvailable } from './version';

/** SPEC §9: notifications close after 5000 ms (Mantine pauses the timer while hovered). */
export const NOTIFICATION_TIMEOUT_MS = 5000;

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
          <SubscriptionPopup tenant={tenant} />
        </ModalsProvider>
      </FullscreenOverlayProvider>
    </AppIntlProvider>
  );
}
