import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { sidewaysScroll } from '../phone';
import { newEmail, onboard, register, TEXT, waitForIdentityProvider } from './fixtures';

// Issue 18, "tried on a phone too": a new owner on a phone's width walks every screen of the menu on
// their first day, in both languages. Each one shows its title and nothing makes the page scroll
// sideways, nor scrolls sideways inside it (a table, a long word, a row of buttons wider than the phone). CITA_E2E_SHOTS=<folder>
// keeps a screenshot of each screen there, for a person to look at.
const SCREENS = [
  '',
  'appointments',
  'appointments/create',
  'appointments/schedule',
  'appointments-distinctions',
  'customers',
  'customers/create',
  'customer-tags',
  'services',
  'services/create',
  'payment-methods',
  'inventory',
  'sales',
  'sales/new',
  'invoices',
  'expenses',
  'reports',
  'statistics',
  'qrs',
  'portfolio',
  'team',
  'settings',
  'profile',
  'support',
  'license-expiration',
];

const COUNTRY_FIELD = { 'en-US': 'Country code', 'es-ES': 'Prefijo del país' } as const;

for (const locale of ['en-US', 'es-ES'] as const) {
  const t = TEXT[locale];
  test(`on a phone, every screen of a new owner's menu fits the width (${locale})`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await waitForIdentityProvider(page);
    await register(page, locale, newEmail(`phone-${locale}`));
    await onboard(page, locale, `Phone salon ${locale}`);
    const shots = process.env.CITA_E2E_SHOTS;
    const wide: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(`${t.prefix}/${screen}`);
      await expect(page.getByRole('heading', { level: 1 }).first(), `${screen || 'home'}: its title`).toBeVisible({ timeout: 20_000 });
      // Let what loads after the title (lists, calendars, charts) arrive before measuring.
      await page.waitForLoadState('networkidle');
      // The page, and inside it: a table or a row scrolling sideways in its card is as hard to read on a phone.
      const sideways = await sidewaysScroll(page);
      if (sideways.length > 0) wide.push(`${screen || 'home'}: ${sideways.join(', ')}`);
      if (screen === 'customers/create') {
        // The phone's country field shows its flag and dial code whole (the name was cut: "España (+"),
        // and its list still finds a country by its name.
        const country = page.getByRole('combobox', { name: COUNTRY_FIELD[locale] });
        await expect(country).toHaveValue(/^\+\d+$/);
        await country.click();
        await country.fill('Portu');
        await expect(page.getByRole('option', { name: 'Portugal (+351)' })).toBeVisible();
        await page.getByRole('option', { name: 'Portugal (+351)' }).click();
        await expect(country).toHaveValue('+351');
      }
      if (shots) await page.screenshot({ path: join(shots, `${locale}-${(screen || 'home').replaceAll('/', '_')}.png`), fullPage: true });
    }
    expect(wide, 'screens wider than the phone').toEqual([]);
  });
}
