import { expect, type Page } from '@playwright/test';
import { POPUP_DISMISSED_KEY } from '../../src/features/license/hooks/use-popup-dismissed.ts';
import { subscriptionPopupVisible } from '../../src/lib/subscription.ts';

/**
 * Closes the subscription popup (SPEC §4: a beta-tester business sees it bottom-right, over forms'
 * buttons) when this page is going to show it, waiting for it to appear; returns at once when it is
 * not going to. Whether it will is decided as the SPA decides it, by its own rule
 * (`subscriptionPopupVisible`: beta-tester licence in the stored session, not a hidden path, a window
 * wider than 800 px) and its own "closed for this tab" flag, so the helper never guesses with a
 * snapshot: `isVisible()` answered false while the popup's code and the configuration were still
 * loading, and the popup then covered the button the test clicked next.
 */
export async function closeSubscriptionPopup(page: Page): Promise<void> {
  const state = await page.evaluate((dismissedKey) => {
    const stored = window.localStorage.getItem('session');
    const licenseStatus: string | null = stored ? (JSON.parse(stored).tenant?.licenseStatus ?? null) : null;
    return {
      dismissed: window.sessionStorage.getItem(dismissedKey) === '1',
      licenseStatus,
      pathname: window.location.pathname,
      windowWidth: window.innerWidth,
    };
  }, POPUP_DISMISSED_KEY);
  if (state.dismissed || !subscriptionPopupVisible(state)) return;
  const popup = page.getByTestId('subscription-popup');
  await expect(popup, 'the subscription popup this page shows a beta-tester business').toBeVisible();
  await popup.getByRole('button', { name: /^(Close the subscription offer|Cerrar la oferta de suscripción)$/ }).click();
  await expect(popup).toBeHidden();
}
