import { readFileSync } from 'node:fs';
import { expect, test } from '../csp';
import { MOCK_TEXT, newMockEmail, signInThroughForm, type MockLocale } from './signed-in';

// Prism mode shows the team screens (issue 19) with the contract's examples, in both languages.
const LOCALES: MockLocale[] = ['en-US', 'es-ES'];
const messages = Object.fromEntries(
  LOCALES.map((locale) => [locale, JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Record<string, string>]),
) as Record<MockLocale, Record<string, string>>;

for (const locale of LOCALES) {
  test(`the team and the invitation form open with the examples (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    const m = (id: string) => messages[locale][id]!;
    const prefix = MOCK_TEXT[locale].prefix;
    await signInThroughForm(page, locale, newMockEmail(`team-${locale}`));
    await page.goto(`${prefix}/team`);
    await expect(page.getByRole('heading', { level: 1, name: m('team.title'), exact: true })).toBeVisible();
    const members = page.getByRole('table', { name: m('team.members.label') });
    await expect(members.getByRole('row').filter({ hasText: 'marta@peluqueria-ana.example' })).toBeVisible();
    const invitations = page.getByRole('table', { name: m('team.invitations.label') });
    await expect(invitations.getByRole('row').filter({ hasText: 'carlos@peluqueria-ana.example' })).toContainText(m('team.invitationStatus.pending'));
    await page.goto(`${prefix}/team/create`);
    await expect(page.getByRole('heading', { level: 1, name: m('team.inviteForm.title'), exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: m('team.inviteForm.emails') })).toBeVisible();
  });
}
