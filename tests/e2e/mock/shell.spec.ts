import { expect, test } from './signed-in';

test.describe('app shell', () => {
  test('renders in English on unprefixed paths', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });

  test('renders in Spanish under /es-ES', async ({ page }) => {
    await page.goto('/es-ES');
    await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  });

  test('switching locale keeps the page and sets the cookie', async ({ page, context }) => {
    await page.goto('/?tab=today');
    await page.getByTestId('locale-dropdown').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/es-ES\?tab=today$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('es-ES');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    // The choice is kept: an unprefixed URL now opens in Spanish.
    await page.goto('/');
    await expect(page).toHaveURL(/\/es-ES$/);
    await page.getByTestId('locale-dropdown').click();
    await page.getByRole('menuitem', { name: 'English (US)' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('a Spanish browser without a cookie is sent to /es-ES', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    // Signed out: the token guard then sends the visitor to the Spanish sign-in page.
    await page.goto('/');
    await expect(page).toHaveURL(/\/es-ES\/login(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Inicia sesión en Cita' })).toBeVisible();
    await context.close();
  });

  test('an unknown path shows the 404 page in both locales', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page Not Found/);
    await page.goto('/es-ES/no-existe/tampoco');
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
  });

  test('the sidebar collapses below 800 px and opens from the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(nav).toBeInViewport();
  });
});
