import { expect, test, type Locator, type Page } from '@playwright/test';
import { newEmail, onboard, register, TEXT, type Locale } from './fixtures';

// Issue 18, nothing in the way: the subscription popup a beta-tester business sees is docked over the
// foot of the sidebar, never over the page's content, so that a form's main button and the
// calendar's events stay clickable while it is shown. Closed, it is a badge, and it stays a badge
// after a reload; the badge opens it again.
const WORDS = {
  'en-US': {
    popup: 'Keep Cita after the beta',
    close: 'Close the subscription offer',
    badge: 'Subscription plans',
    name: 'Name',
    price: 'Price',
    create: 'Create service',
    created: 'Service created',
    navigation: 'Main navigation',
  },
  'es-ES': {
    popup: 'Sigue con Cita después de la beta',
    close: 'Cerrar la oferta de suscripción',
    badge: 'Planes de suscripción',
    name: 'Nombre',
    price: 'Precio',
    create: 'Crear servicio',
    created: 'Servicio creado',
    navigation: 'Navegación principal',
  },
} as const;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${locator} has a box`).not.toBeNull();
  return found!;
}

/** The popup lies within the sidebar, and does not reach into the page's main area. */
async function expectOverSidebarOnly(page: Page, popup: Locator, w: (typeof WORDS)[Locale]) {
  const shown = await box(popup);
  const sidebar = await box(page.getByRole('navigation', { name: w.navigation }));
  // The page's area starts after the main element's left padding (the sidebar's width).
  const contentLeft = await page.getByRole('main').evaluate((main) => main.getBoundingClientRect().left + parseFloat(getComputedStyle(main).paddingLeft));
  expect(shown.x).toBeGreaterThanOrEqual(sidebar.x);
  expect(shown.x + shown.width).toBeLessThanOrEqual(sidebar.x + sidebar.width);
  expect(shown.x + shown.width).toBeLessThanOrEqual(contentLeft);
}

for (const locale of ['en-US', 'es-ES'] as const) {
  const w = WORDS[locale];
  const prefix = TEXT[locale].prefix;

  test(`the subscription popup never intercepts a form's submit nor covers the calendar (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 760 });
    await register(page, locale, newEmail('popup-dock'));
    await onboard(page, locale, `Studio popup ${locale}`);
    const popup = page.getByRole('dialog', { name: w.popup });
    await expect(popup).toBeVisible();

    // A form's main button, clicked while the popup is shown: Playwright's click fails when another
    // element would receive it.
    await page.goto(`${prefix}/services/create`);
    await expect(popup).toBeVisible();
    await expectOverSidebarOnly(page, popup, w);
    await page.getByRole('textbox', { name: w.name, exact: false }).first().fill(locale === 'en-US' ? 'Haircut' : 'Corte');
    await page.getByRole('textbox', { name: w.price }).fill('20');
    await page.getByRole('button', { name: w.create }).click({ timeout: 5_000 });
    await expect(page.getByText(w.created)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${prefix}/services$`));
    await expect(popup).toBeVisible();

    // The calendar: the popup stays out of the page's area, where the events are drawn.
    await page.goto(`${prefix}/appointments/schedule`);
    await expect(popup).toBeVisible();
    await expectOverSidebarOnly(page, popup, w);

    // Closed, it shrinks to a badge (also out of the way), which a reload keeps; the badge opens it.
    await popup.getByRole('button', { name: w.close }).click();
    await expect(popup).toBeHidden();
    const badge = page.getByRole('button', { name: w.badge });
    await expect(badge).toBeVisible();
    await expectOverSidebarOnly(page, badge, w);
    await page.reload();
    await expect(badge).toBeVisible();
    await expect(popup).toBeHidden();
    await badge.click();
    await expect(popup).toBeVisible();
  });
}
