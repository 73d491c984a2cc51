import { expect, test as base, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { loadContract } from '../../../server/contract.mjs';

// Two ways into the signed-in app in Prism mode (the `mock` project runs scripts/dev-mock.mjs: Prism,
// an Auth emulator, and the built SPA with /runtime-config.json in mock mode):
// - `test` below: a session already stored (the token cookie plus the stored session holding the
//   contract's own examples, the same user and business Prism answers with). Fast; use it for screens.
// - `signInThroughForm(page, locale)`: the real sign-in form with a new e-mail, as a person would.
const contract = loadContract();
const example = (path: string) => contract.paths[path].get.responses['200'].content['application/json'].example;
export const exampleUser = example('/v1/users/{id}').user;
export const exampleTenant = example('/v1/tenants/{tenantId}').tenant;

export const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([{ name: 'token', value: 'mock-session-token', url: baseURL! }]);
    await context.addInitScript(
      ([user, tenant]) => {
        if (!window.localStorage.getItem('session')) window.localStorage.setItem('session', JSON.stringify({ user, tenant, isAdmin: false }));
      },
      [exampleUser, exampleTenant],
    );
    await use(context);
  },
});
export { expect } from '@playwright/test';

export type MockLocale = 'en-US' | 'es-ES';
export const MOCK_TEXT = {
  'en-US': { prefix: '', loginTitle: 'Sign in to Cita', email: 'E-mail', password: 'Password', signIn: 'Sign in', home: 'Home' },
  'es-ES': { prefix: '/es-ES', loginTitle: 'Inicia sesión en Cita', email: 'Correo electrónico', password: 'Contraseña', signIn: 'Iniciar sesión', home: 'Inicio' },
} as const;

/** Any password works in Prism mode; this one also passes the provider's policy. */
export const MOCK_PASSWORD = 'any-password-42';
export const newMockEmail = (tag = 'mock') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Signs in through the real /login form with an e-mail nobody used before (the emulator identity is
 * created on the way, Prism answers as the example user) and waits for the home page.
 */
export async function signInThroughForm(page: Page, locale: MockLocale = 'en-US', email = newMockEmail(), password = MOCK_PASSWORD) {
  const t = MOCK_TEXT[locale];
  await page.goto(`${t.prefix}/login`);
  await expect(page.getByRole('heading', { name: t.loginTitle })).toBeVisible();
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.home })).toBeVisible();
  return email;
}
