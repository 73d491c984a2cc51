import { expect, type Page } from '@playwright/test';
import { POPUP_DISMISSED_KEY, popupLicenceKey } from '../../src/features/license/hooks/use-popup-dismissed.ts';
import { subscriptionPopupVisible } from '../../src/lib/subscription.ts';

/**
 * Closes the subscription popup (SPEC §4: a beta-tester business sees it; issue 18 docked it over the
 * sidebar's foot, where it can still cover the last menu items) when this page is going to show it,
 * waiting for it to appear; returns at once when it is not going to. Whether it will is decided as the
 * SPA decides it, by its own rule (`subscriptionPopupVisible`: beta-tester licence in the stored
 * session, not a hidden path, a window wider than 800 px) and its own "closed for this licence" flag
 * (closed, it is a badge), so the helper never guesses with a
 * snapshot: `isVisible()` answered false while the popup's code and the configuration were still
 * loading, and the popup then covered the button the test clicked next.
 */
export async function closeSubscriptionPopup(page: Page): Promise<void> {
  const state = await page.evaluate((dismissedKey) => {
    const stored = window.localStorage.getItem('session');
    const tenant = stored ? (JSON.parse(stored).tenant ?? null) : null;
    const licenseStatus: string | null = tenant?.licenseStatus ?? null;
    return {
      closedFor: window.localStorage.getItem(dismissedKey),
      tenant,
      licenseStatus,
      pathname: window.location.pathname,
      windowWidth: window.innerWidth,
    };
  }, POPUP_DISMISSED_KEY);
  if (state.closedFor === popupLicenceKey(state.tenant) || !subscriptionPopupVisible(state)) return;
  const popup = page.getByTestId('subscription-popup');
  await expect(popup, 'the subscription popup this page shows a beta-tester business').toBeVisible();
  await popup.getByRole('button', { name: /^(Close the subscription offer|Cerrar la oferta de suscripción)$/ }).click();
  await expect(popup).toBeHidden();
}
