import { expect, test } from '../csp';
import { exampleTenant, exampleUser, MOCK_PASSWORD, MOCK_TEXT, newMockEmail, signInThroughForm, type MockLocale } from './signed-in';

// Prism mode is a way in: sign in at /login with an e-mail nobody used before (as the README promises),
// then every screen shows the contract's examples (the example user of "Peluquería Ana").
const TEXT = {
  'en-US': {
    accountMenu: 'Account menu',
    settings: 'Settings',
    businessName: 'Business name',
    profile: 'Profile',
    email: 'E-mail',
    name: 'Name',
    support: 'Support',
    loadError: 'This could not be loaded',
    invalidCredentials: 'Invalid credentials',
  },
  'es-ES': {
    accountMenu: 'Menú de la cuenta',
    settings: 'Ajustes',
    businessName: 'Nombre del negocio',
    profile: 'Perfil',
    email: 'Correo electrónico',
    name: 'Nombre',
    support: 'Soporte',
    loadError: 'No se ha podido cargar',
    invalidCredentials: 'Credenciales no válidas',
  },
} as const;

test.describe('Prism mode: the way in', () => {
  test.setTimeout(90_000);

  for (const locale of ['en-US', 'es-ES'] as MockLocale[]) {
    test(`a new e-mail signs in through the form and every screen shows the examples (${locale})`, async ({ page }) => {
      const t = { ...MOCK_TEXT[locale], ...TEXT[locale] };
      await signInThroughForm(page, locale, newMockEmail(`way-in-${locale}`));
      await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:\\d+${t.prefix || '/'}$`));

      // Home: signed in as the example user.
      await page.getByRole('button', { name: t.accountMenu }).click();
      await expect(page.getByRole('menu')).toContainText(`${exampleUser.name} ${exampleUser.lastName}`);
      await expect(page.getByRole('menu')).toContainText(exampleUser.email);
      await page.keyboard.press('Escape');

      // Each screen opened directly (a full load keeps the session), with the example business and user.
      await page.goto(`${t.prefix}/settings`);
      await expect(page.getByRole('heading', { level: 1, name: t.settings })).toBeVisible();
      await expect(page.getByLabel(t.businessName)).toHaveValue(exampleTenant.businessName);
      await expect(page.getByText(t.loadError)).toHaveCount(0);

      await page.goto(`${t.prefix}/profile`);
      await expect(page.getByRole('heading', { level: 1, name: t.profile })).toBeVisible();
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(exampleUser.email);
      await expect(page.getByLabel(t.name, { exact: true })).toHaveValue(exampleUser.name);
      await expect(page.getByText(t.loadError)).toHaveCount(0);

      await page.goto(`${t.prefix}/support`);
      await expect(page.getByRole('heading', { level: 1, name: t.support })).toBeVisible();
      await expect(page.getByTestId('support-email')).toHaveText('support@cita.example');
      await expect(page.getByText(t.loadError)).toHaveCount(0);

      await page.goto(t.prefix || '/');
      await expect(page.getByRole('heading', { level: 1, name: t.home })).toBeVisible();
    });
  }

  test('the shortcut only creates unknown identities: a wrong password for a known e-mail is refused', async ({ browser }) => {
    const email = newMockEmail('known');
    const first = await browser.newContext();
    await signInThroughForm(await first.newPage(), 'en-US', email);
    await first.close();

    const second = await browser.newContext();
    const page = await second.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(`not-${MOCK_PASSWORD}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(TEXT['en-US'].invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await second.close();
  });
});
