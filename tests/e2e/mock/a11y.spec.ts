import { mergeTests } from '@playwright/test';
import { A11Y_LOCALES, expectNoSeriousViolations, localized, MOCK_ONLY_ROUTES, PUBLIC_ROUTES, settle, SIGNED_IN_ROUTES } from '../a11y';
import { expect, test } from '../csp';
import { MOCK_PASSWORD, MOCK_TEXT, newMockEmail, test as signedIn } from './signed-in';

// Accessibility in Prism mode: the public pages, and the signed-in pages with the contract's examples
// (tests/e2e/stack/a11y.spec.ts checks them again with a real business). Routes: tests/e2e/a11y.ts.
const withSession = mergeTests(test, signedIn);
// Many short independent tests: both workers share them instead of one worker walking them all (7 min).
test.describe.configure({ mode: 'parallel' });
// The appointments screens with the contract's example appointment (its week, its page, the form).
const APPOINTMENT_ROUTES: readonly string[] = [
  '/appointments?date=2026-11-23',
  '/appointments?date=2026-11-23&who=all',
  '/appointments/create',
  '/appointments/6f8a0c2e-4b6d-4f8a-8c0e-2b4d6f8a0c2e?userId=2c4e6a8b-0d1f-4a3c-8e5b-7f9a1c3e5b7d',
];
const DARK_ROUTES: readonly string[] = ['/', '/settings', '/customers', '/services/create', APPOINTMENT_ROUTES[0]!, APPOINTMENT_ROUTES[3]!];
const exactPath = (path: string) => new RegExp(`127\\.0\\.0\\.1:\\d+${path.replace(/[/?.]/g, (char) => `\\${char}`)}(\\?|&|$)`);

for (const { locale, prefix } of A11Y_LOCALES) {
  test.describe(`accessibility in ${locale}`, () => {
    for (const route of PUBLIC_ROUTES) {
      const path = localized(prefix, route);
      test(`public ${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await settle(page);
        await expect(page).toHaveURL(exactPath(path));
        await expectNoSeriousViolations(page, path);
      });
    }

    // The catalogue's signed-in routes are walked in both languages on the real stack (stack/a11y.spec.ts);
    // here, with the contract's filled examples, in English, plus the routes that need example ids in both.
    const routes = locale === 'en-US' ? [...SIGNED_IN_ROUTES, ...MOCK_ONLY_ROUTES, ...APPOINTMENT_ROUTES] : [...MOCK_ONLY_ROUTES, ...APPOINTMENT_ROUTES];
    for (const [index, route] of routes.entries()) {
      const path = localized(prefix, route);
      withSession(`signed-in ${path} (contract examples) has no serious or critical violations`, async ({ page }) => {
        // axe over the longest pages (settings: about 40 s in CI) needs more than the default 45 s.
        test.slow();
        await page.goto(path);
        await settle(page);
        await expect(page).toHaveURL(exactPath(path));
        // The header and sidebar, the same on every page, are checked on each language's first.
        await expectNoSeriousViolations(page, path, { shell: index === 0 });
      });
    }
  });
}

// The app follows the system's colour scheme: the dark one is checked too (in English).
test.describe('accessibility in the dark colour scheme', () => {
  test.use({ colorScheme: 'dark' });
  for (const route of PUBLIC_ROUTES) {
    test(`public ${route} has no serious or critical violations`, async ({ page }) => {
      await page.goto(route);
      await settle(page);
      await expectNoSeriousViolations(page, `${route} (dark)`);
    });
  }
  // Mantine's dark palette is one set of colours for every component: a page of each kind covers it
  // (home's cards, the long settings form, a list, a create form, the calendar and an appointment).
  for (const [index, route] of DARK_ROUTES.entries()) {
    withSession(`signed-in ${route} has no serious or critical violations`, async ({ page }) => {
      test.slow();
      await page.goto(route);
      await settle(page);
      await expectNoSeriousViolations(page, `${route} (dark)`, { shell: index === 0 });
    });
  }
});

test.describe('keyboard only', () => {
  for (const locale of ['en-US', 'es-ES'] as const) {
    test(`the sign-in form is filled with Tab and submitted with Enter (${locale})`, async ({ page }) => {
      const t = MOCK_TEXT[locale];
      await page.goto(`${t.prefix}/login`);
      await expect(page.getByRole('heading', { name: t.loginTitle })).toBeVisible();
      const email = page.getByLabel(t.email);
      const password = page.getByLabel(t.password, { exact: true });

      // From the top of the page, Tab reaches the e-mail field, then goes straight on to the password.
      let tabs = 0;
      while (!(await email.evaluate((element) => element === document.activeElement)) && tabs < 15) {
        await page.keyboard.press('Tab');
        tabs += 1;
      }
      await expect(email).toBeFocused();
      await page.keyboard.type(newMockEmail(`keyboard-${locale}`));
      await page.keyboard.press('Tab');
      await expect(password).toBeFocused();
      await page.keyboard.type(MOCK_PASSWORD);

      // The sign-in button is reachable by Tab too (after the password's show/hide and "forgot" link).
      const signIn = page.getByRole('button', { name: t.signIn, exact: true });
      for (let i = 0; i < 5 && !(await signIn.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
      await expect(signIn).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: t.home })).toBeVisible();
    });
  }
});
