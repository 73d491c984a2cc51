import { expect, test } from '@playwright/test';
import { newEmail, onboard, register, TEXT, waitForIdentityProvider } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// Issue 18, "online booking in onboarding": the last step offers the booking page (ticked); the
// owner leaves it on and is shown the link to share and a preview of the page itself; back home, a
// new service is offered online unless they untick it. On a phone's width, both languages.

const WORDS = {
  'en-US': { preview: 'Preview of your booking page', copy: 'Copy the link', goOn: 'Go to my business', online: 'Customers can book it online' },
  'es-ES': { preview: 'Vista previa de tu página de reservas', copy: 'Copiar el enlace', goOn: 'Ir a mi negocio', online: 'Los clientes pueden reservarlo en línea' },
} as const;

for (const locale of ['en-US', 'es-ES'] as const) {
  const w = WORDS[locale];
  const t = TEXT[locale];

  test(`onboarding turns online booking on and shows its link and a preview (${locale})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await waitForIdentityProvider(page);
    await register(page, locale, newEmail(`bookonb-${locale}`));
    const name = `Salon ${locale} ${Date.now() % 100000}`;
    await onboard(page, locale, name, true);

    const link = page.getByRole('link', { name: new RegExp(`${t.prefix}/book/salon-`) });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('button', { name: w.copy })).toBeVisible();
    // The preview is the real page: it names the business.
    await expect(page.frameLocator(`iframe[title="${w.preview}"]`).getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
    // The page answers from outside too.
    const href = (await link.getAttribute('href'))!;
    expect((await page.request.get(`/v1/public/booking/${href.split('/book/')[1]}`)).status()).toBe(200);

    await page.getByRole('button', { name: w.goOn }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.home })).toBeVisible();
    await closeSubscriptionPopup(page);
    await page.goto(`${t.prefix}/services/create`);
    await closeSubscriptionPopup(page);
    await expect(page.getByRole('switch', { name: w.online })).toBeChecked({ timeout: 20_000 });
  });
}
