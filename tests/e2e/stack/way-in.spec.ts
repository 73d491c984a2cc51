import { expect, test } from '@playwright/test';
import { newEmail, onboard, register, signIn, TEXT, type Locale } from './fixtures';

for (const locale of ['en-US', 'es-ES'] as Locale[]) {
  test(`a new owner registers, onboards and lands home, then signs out and back in (${locale})`, async ({ page }) => {
    const t = TEXT[locale];
    const email = newEmail(`owner-${locale}`);
    await register(page, locale, email);
    await onboard(page, locale, locale === 'en-US' ? 'Bright Cuts' : 'Peluquería Sol');
    await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:\\d+${t.prefix || '/'}$`));

    await page.getByRole('button', { name: t.accountMenu }).click();
    await page.getByRole('menuitem', { name: t.signOut }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/login`));
    // Signed out for real: the app sends a direct visit back to the sign-in page.
    await page.goto(`${t.prefix}/settings`);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/login\\?redirectedFrom=`));

    await signIn(page, locale, email);
    // Back where they were going, with their business.
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/settings$`));

    // The server writes the deployment's settings into the page: opening home asks for no
    // /runtime-config.json, and for the home's figures once (sent by the page's first script).
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(t.prefix || '/');
    await expect(page.getByRole('heading', { level: 1, name: t.home })).toBeVisible();
    await expect(page.locator('#shell')).toHaveCount(0);
    expect(asked).not.toContain('/runtime-config.json');
    expect(asked.filter((path) => path === '/v1/dashboard')).toHaveLength(1);
  });
}

test('a wrong password says so and keeps the e-mail', async ({ page }) => {
  const email = newEmail('wrong-password');
  await register(page, 'en-US', email);
  await expect(page).toHaveURL(/onboarding\/how-do-you-work$/);
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
});
