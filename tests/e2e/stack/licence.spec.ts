import { expect, test, type Page } from '@playwright/test';
import { newEmail, onboard, register } from './fixtures';

async function newOwner(page: Page, tag: string) {
  await register(page, 'en-US', newEmail(tag));
  await onboard(page, 'en-US', `Studio ${tag}`);
}

test.describe('subscription popup (beta-tester licence)', () => {
  test('shows on wide windows, not on narrow ones, not on onboarding opening hours, and closing hides it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await newOwner(page, 'popup');
    const popup = page.getByRole('dialog', { name: 'Keep Cita after the beta' });
    await expect(popup).toBeVisible();

    await page.setViewportSize({ width: 800, height: 900 });
    await expect(popup).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(popup).toBeVisible();

    await page.goto('/onboarding/opening-hours');
    await expect(page.getByRole('heading', { name: 'When are you open?' })).toBeVisible();
    await expect(popup).toBeHidden();

    await page.goto('/');
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Close the subscription offer' }).click();
    await expect(popup).toBeHidden();
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(popup).toBeHidden();
  });
});

test('a licence that has ended sends every page but support to /license-expiration', async ({ page }) => {
  await newOwner(page, 'expired');
  // The licence ends: the server now reports an end date in the past.
  await page.route(/\/v1\/tenants\/(users\/)?[0-9a-f-]{36}$/, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const ended = { year: 2020, month: 1, day: 1, hours: 0, minutes: 0, seconds: 0 };
    if (body.tenant) body.tenant.licenseActiveUntil = ended;
    for (const tenant of body.tenants ?? []) tenant.licenseActiveUntil = ended;
    await route.fulfill({ response, json: body });
  });
  await page.evaluate(() => {
    const session = JSON.parse(window.localStorage.getItem('session') ?? '{}');
    session.tenant.licenseActiveUntil = { year: 2020, month: 1, day: 1, hours: 0, minutes: 0, seconds: 0 };
    window.localStorage.setItem('session', JSON.stringify(session));
  });
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/license-expiration$/);
  await expect(page.getByRole('heading', { name: 'Your licence has ended' })).toBeVisible();
  await page.goto('/support');
  await expect(page).toHaveURL(/\/support$/);
});
