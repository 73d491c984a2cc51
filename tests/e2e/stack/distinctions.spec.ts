import { expect, test } from '@playwright/test';
import { newEmail, newMemberPage, onboard, register, TEXT } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// Appointment distinctions on the real stack: an owner creates, renames and deletes one (a duplicate
// name is refused next to the field); a team member sees them but cannot create one.
const WORDS = {
  'en-US': {
    nav: 'Distinctions',
    title: 'Appointment distinctions',
    create: 'New distinction',
    submit: 'Create distinction',
    name: 'Name',
    description: 'Description (optional)',
    created: 'Distinction created',
    save: 'Save changes',
    saved: 'Distinction saved',
    duplicate: 'Another distinction already has this name.',
    delete: 'Delete',
    deleteTitle: 'Delete this distinction?',
    confirm: 'Delete distinction',
    deleted: 'Distinction deleted',
    empty: 'No distinctions yet',
    readOnly: 'Only the owner or an administrator of the business can change distinctions.',
    forbidden: 'Only the owner or an administrator of the business can add, change or delete distinctions.',
    first: 'First visit',
    renamed: 'First-time patient',
  },
  'es-ES': {
    nav: 'Distintivos',
    title: 'Distintivos de citas',
    create: 'Nuevo distintivo',
    submit: 'Crear distintivo',
    name: 'Nombre',
    description: 'Descripción (opcional)',
    created: 'Distintivo creado',
    save: 'Guardar cambios',
    saved: 'Distintivo guardado',
    duplicate: 'Ya hay otro distintivo con este nombre.',
    delete: 'Eliminar',
    deleteTitle: '¿Eliminar este distintivo?',
    confirm: 'Eliminar distintivo',
    deleted: 'Distintivo eliminado',
    empty: 'Todavía no hay distintivos',
    readOnly: 'Solo el propietario o un administrador del negocio puede cambiar los distintivos.',
    forbidden: 'Solo el propietario o un administrador del negocio puede añadir, cambiar o eliminar distintivos.',
    first: 'Primera visita',
    renamed: 'Clienta nueva',
  },
} as const;

for (const locale of ['en-US', 'es-ES'] as const) {
  const w = WORDS[locale];
  const prefix = TEXT[locale].prefix;

  test.describe(`appointment distinctions (${locale})`, () => {
    test('an owner creates, renames and deletes a distinction; a duplicate name is refused', async ({ page }) => {
      await register(page, locale, newEmail('dist-owner'));
      await onboard(page, locale, `Salon dist ${locale}`);
      await closeSubscriptionPopup(page);
      await page.getByRole('navigation').getByRole('link', { name: w.nav, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/appointments-distinctions$`));
      await expect(page.getByRole('heading', { level: 3, name: w.empty })).toBeVisible();

      await page.getByRole('link', { name: w.create }).first().click();
      await closeSubscriptionPopup(page);
      await page.getByRole('textbox', { name: w.name }).fill(w.first);
      await page.getByRole('textbox', { name: w.description }).fill('✓');
      await page.getByRole('button', { name: w.submit }).click();
      await expect(page.getByText(w.created)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${prefix}/appointments-distinctions$`));
      await expect(page.getByRole('row', { name: new RegExp(w.first) })).toContainText('✓');

      // The same name in another case is refused by the server, next to the field.
      await page.getByRole('link', { name: w.create }).first().click();
      await page.getByRole('textbox', { name: w.name }).fill(w.first.toUpperCase());
      await page.getByRole('button', { name: w.submit }).click();
      await expect(page.getByText(w.duplicate)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${prefix}/appointments-distinctions/create$`));

      await page.goto(`${prefix}/appointments-distinctions`);
      await page.getByRole('link', { name: w.first, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: w.first })).toBeVisible();
      await page.getByRole('textbox', { name: w.name }).fill(w.renamed);
      await page.getByRole('button', { name: w.save }).click();
      await expect(page.getByText(w.saved)).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: w.renamed })).toBeVisible();
      await expect(page.getByRole('textbox', { name: w.name })).toHaveValue(w.renamed);

      await page.getByRole('button', { name: w.delete, exact: true }).click();
      await page.getByRole('dialog', { name: w.deleteTitle }).getByRole('button', { name: w.confirm }).click();
      await expect(page.getByText(w.deleted)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${prefix}/appointments-distinctions$`));
      await expect(page.getByRole('heading', { level: 3, name: w.empty })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 3, name: w.empty })).toBeVisible();
    });

    test('a team member sees the distinctions but cannot create one', async ({ page, browser }) => {
      // Two people sign up, invite and accept in two browsers: about 50 s on a loaded 2-core machine.
      test.setTimeout(120_000);
      await register(page, locale, newEmail('dist-boss'));
      await onboard(page, locale, `Salon team ${locale}`);
      await closeSubscriptionPopup(page);
      await page.goto(`${prefix}/appointments-distinctions/create`);
      await closeSubscriptionPopup(page);
      await page.getByRole('textbox', { name: w.name }).fill('VIP');
      await page.getByRole('button', { name: w.submit }).click();
      await expect(page.getByText(w.created)).toBeVisible();

      const member = await newMemberPage(browser, page, locale, newEmail('dist-member'));
      await member.goto(`${prefix}/appointments-distinctions`);
      await expect(member.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
      await expect(member.getByRole('link', { name: 'VIP', exact: true })).toBeVisible();
      await expect(member.getByText(w.readOnly)).toBeVisible();
      await expect(member.getByRole('link', { name: w.create })).toHaveCount(0);
      await member.getByRole('link', { name: 'VIP', exact: true }).click();
      await expect(member.getByRole('heading', { level: 1, name: 'VIP' })).toBeVisible();
      await expect(member.getByRole('button', { name: w.delete, exact: true })).toHaveCount(0);
      await expect(member.getByRole('button', { name: w.save })).toHaveCount(0);
      await member.goto(`${prefix}/appointments-distinctions/create`);
      await expect(member.getByRole('alert').filter({ hasText: w.forbidden })).toBeVisible();
      await expect(member.getByRole('button', { name: w.submit })).toHaveCount(0);
      await member.context().close();
    });
  });
}
