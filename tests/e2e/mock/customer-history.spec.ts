import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './signed-in';

// A customer's appointments on their page, against Prism (12 in all, two per example page).
const CUSTOMER_ID = '9a1c3e5b-7d9f-4a1c-8e3b-5d7f9a1c3e5b';

const SCREENS = {
  'en-US': {
    prefix: '',
    title: 'Appointments',
    upcoming: 'November 23, 2026, 10:30–11:15',
    past: 'October 19, 2026, 10:00',
    confirmed: 'Confirmed',
    done: 'Done',
  },
  'es-ES': {
    prefix: '/es-ES',
    title: 'Citas',
    upcoming: '23 de noviembre de 2026, 10:30–11:15',
    past: '19 de octubre de 2026, 10:00',
    confirmed: 'Confirmada',
    done: 'Realizada',
  },
} as const;

for (const [locale, t] of Object.entries(SCREENS)) {
  test(`the customer page lists their appointments with services, member and status (${locale})`, async ({ page }) => {
    await page.goto(`${t.prefix}/customers/${CUSTOMER_ID}`);
    const section = page.getByRole('region', { name: t.title });
    await expect(section).toBeVisible();
    const upcoming = section.getByRole('row', { name: new RegExp(t.upcoming) });
    await expect(upcoming).toContainText('Corte y peinado');
    await expect(upcoming).toContainText('Ana Martínez');
    await expect(upcoming.locator('[data-status]')).toHaveText(t.confirmed);
    await expect(section.getByRole('row', { name: new RegExp(t.past) }).locator('[data-status]')).toHaveText(t.done);
    await expect(section.getByRole('link', { name: t.upcoming })).toHaveAttribute('href', `${t.prefix}/appointments/6f8a0c2e-4b6d-4f8a-8c0e-2b4d6f8a0c2e`);
    // 12 appointments, 10 a page.
    await expect(section.getByRole('button', { name: '2', exact: true })).toBeVisible();

    // The section itself has no serious or critical accessibility violation (the rest of the page is
    // not in the accessibility lists yet: tests/e2e/a11y.ts).
    const results = await new AxeBuilder({ page }).include('section[aria-labelledby="customer-appointments-title"]').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
}
