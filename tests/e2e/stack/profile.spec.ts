import { expect, test } from '@playwright/test';
import { closeSubscriptionPopup } from '../subscription-popup';
import { newEmail, onboard, register } from './fixtures';

test('the account menu works from the keyboard, and a profile saved elsewhere meanwhile is not overwritten', async ({ page, context }) => {
  await register(page, 'en-US', newEmail('profile'));
  await onboard(page, 'en-US', 'Studio Profile');
  await closeSubscriptionPopup(page);

  // The account menu (the shell's MenuButton): Enter opens it on its first item, ↓ moves, Enter follows.
  const account = page.getByTestId('user-dropdown');
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(account).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Grace');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  // Another tab saves the profile in the meantime.
  const other = await context.newPage();
  await other.goto('/profile');
  await expect(other.getByLabel('Name', { exact: true })).toHaveValue('Grace');
  await other.getByLabel('Name', { exact: true }).fill('Ada');
  await other.getByRole('button', { name: 'Save changes' }).click();
  await expect(other.getByText('Profile saved')).toBeVisible();
  await other.close();

  // This tab's save is refused and says so; what was typed stays until the reload.
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your profile was changed elsewhere' });
  await expect(alert).toBeVisible();
  await expect(page.getByLabel('Last name')).toHaveValue('Hopper');
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('');

  // Saved again over the current version, it goes through.
  await page.getByLabel('Last name').fill('Lovelace');
  // The first save's notification may still be up (it stays while the pointer rests on it), so the
  // save's own answer is what says it went through before the reload.
  const saved = page.waitForResponse((response) => response.request().method() !== 'GET' && /\/v1\/users\/[^/?]+$/.test(new URL(response.url()).pathname));
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).status()).toBe(200);
  // The page keeps the answer as the session's profile, which a reload starts from (the response can
  // reach the test a moment before the page has handled it).
  await expect.poll(() => page.evaluate(() => (JSON.parse(window.localStorage.getItem('session') ?? '{}') as { user?: { lastName?: string } }).user?.lastName)).toBe('Lovelace');
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('Lovelace');
});
