import { A11Y_LOCALES, expectNoEnglish, expectNoSeriousViolations, localized, settle, SIGNED_IN_ROUTES } from '../a11y';
import { expect, test } from '../csp';
import { newEmail, onboard, OWNER_NAME, PASSWORD, register, TEXT, type Locale } from './fixtures';

// Accessibility on the real stack (API + PGlite + Auth emulator + built SPA, with its Content Security
// Policy): a new owner registers and onboards, then every signed-in route of tests/e2e/a11y.ts is
// checked in the owner's language. No serious or critical axe violation, no CSP violation. The routes
// are walked in two halves, each by its own owner, and the tests run side by side on both workers (in
// one file they took six minutes of one worker).
test.describe.configure({ mode: 'parallel', timeout: 600_000 });

const HALF = Math.ceil(SIGNED_IN_ROUTES.length / 2);
const ROUTE_HALVES = [SIGNED_IN_ROUTES.slice(0, HALF), SIGNED_IN_ROUTES.slice(HALF)] as const;

const exactPath = (path: string) => new RegExp(`127\\.0\\.0\\.1:\\d+${path.replace(/[/]/g, '\\/')}(\\?|$)`);

/** The onboarding form filled and sent with the keyboard only (Tab, arrows, Enter, Space). */
async function onboardWithKeyboard(page: import('@playwright/test').Page, locale: Locale, businessName: string) {
  const t = TEXT[locale];
  // The owner's name comes first (required), then the business's.
  const owner = page.getByRole('textbox', { name: t.ownerName });
  await expect(owner).toBeVisible();
  for (let tabs = 0; tabs < 20 && !(await owner.evaluate((element) => element === document.activeElement)); tabs++) await page.keyboard.press('Tab');
  await expect(owner).toBeFocused();
  await page.keyboard.type(OWNER_NAME);
  await page.keyboard.press('Tab');
  const name = page.getByLabel(t.businessName);
  await expect(name).toBeFocused();
  await page.keyboard.type(businessName);

  // The kind of business: a combobox opened with the arrow key, an option picked with Enter.
  await page.keyboard.press('Tab');
  const category = page.getByRole('combobox', { name: t.category });
  await expect(category).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: t.categoryOption, exact: true })).toBeVisible();
  await page.keyboard.type(t.categoryOption.slice(0, 4));
  const option = page.getByRole('option', { name: t.categoryOption, exact: true });
  for (let moves = 0; moves < 30 && (await option.getAttribute('data-combobox-selected')) === null; moves++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(category).toHaveValue(t.categoryOption);

  // Three radio groups: Tab enters each group, Space checks the focused answer.
  for (const answer of [t.alone, t.byAppointment, t.atPremises]) {
    const radio = page.getByRole('radio', { name: answer, exact: true });
    for (let tabs = 0; tabs < 8 && !(await radio.evaluate((element) => element === document.activeElement)); tabs++) {
      // Inside a group the arrows move between answers; Tab leaves the group.
      const inGroup = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio');
      const sameGroup = inGroup && (await radio.evaluate((element) => (element as HTMLInputElement).name === (document.activeElement as HTMLInputElement).name));
      await page.keyboard.press(sameGroup ? 'ArrowRight' : 'Tab');
    }
    await expect(radio).toBeFocused();
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
  }

  // On to the submit button, and Enter creates the business.
  const next = page.getByRole('button', { name: t.next });
  for (let tabs = 0; tabs < 8 && !(await next.evaluate((element) => element === document.activeElement)); tabs++) await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/onboarding/opening-hours$`));
}

/** Each route of `routes`, opened and checked in the owner's language. */
async function walk(page: import('@playwright/test').Page, locale: string, prefix: string, routes: readonly string[]) {
  for (const [index, route] of routes.entries()) {
    const path = localized(prefix, route);
    await page.goto(path);
    await settle(page);
    await expect(page).toHaveURL(exactPath(path));
    // The header and sidebar are the same on every page: checked on the walk's first.
    await expectNoSeriousViolations(page, path, { shell: index === 0 });
    // The Spanish screens say nothing in English (issue 18).
    if (locale === 'es-ES') await expectNoEnglish(page, path);
  }
}

for (const { locale, prefix } of A11Y_LOCALES) {
  test(`onboarding works by keyboard, and the first half of an owner's pages have no serious or critical violations (${locale})`, async ({ page }) => {
    const t = TEXT[locale as Locale];
    await register(page, locale as Locale, newEmail(`a11y-${locale}`));
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/onboarding/how-do-you-work$`));
    await settle(page);
    await expectNoSeriousViolations(page, `${t.prefix}/onboarding/how-do-you-work`);

    await onboardWithKeyboard(page, locale as Locale, locale === 'en-US' ? 'Accessible Cuts' : 'Peluquería Accesible');
    await expect(page.getByRole('heading', { name: t.hoursTitle })).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, `${t.prefix}/onboarding/opening-hours`);
    const finish = page.getByRole('button', { name: t.finish });
    for (let tabs = 0; tabs < 200 && !(await finish.evaluate((element) => element === document.activeElement)); tabs++) await page.keyboard.press('Tab');
    await expect(finish).toBeFocused();
    await page.keyboard.press('Enter');
    // Online booking is offered ticked: its link and preview come before home (issue 18).
    await expect(page.getByRole('heading', { level: 1, name: t.bookingReady })).toBeVisible();
    const goOn = page.getByRole('button', { name: t.goToBusiness });
    for (let tabs = 0; tabs < 50 && !(await goOn.evaluate((element) => element === document.activeElement)); tabs++) await page.keyboard.press('Tab');
    await expect(goOn).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: t.home })).toBeVisible();

    await walk(page, locale, prefix, ROUTE_HALVES[0]);
  });

  test(`the second half of an owner's pages have no serious or critical violations (${locale})`, async ({ page }) => {
    await register(page, locale as Locale, newEmail(`a11y-half-${locale}`));
    await onboard(page, locale as Locale, locale === 'en-US' ? 'Accessible Nails' : 'Uñas Accesibles');
    await walk(page, locale, prefix, ROUTE_HALVES[1]);
  });
}

test('the sign-in form works with the keyboard alone on the real stack', async ({ page, context }) => {
  const email = newEmail('a11y-keyboard');
  await register(page, 'en-US', email);
  await expect(page).toHaveURL(/onboarding\/how-do-you-work$/);
  await context.clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  const field = page.getByLabel('E-mail');
  for (let tabs = 0; tabs < 15 && !(await field.evaluate((element) => element === document.activeElement)); tabs++) await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/onboarding\/how-do-you-work$/);
});
