import { expect, test } from './signed-in';

// Appointment distinctions against Prism (the contract's examples: "Primera visita" and "VIP"); the
// example user owns the example business, so every write button shows.
const VIP_ID = '2f4a6c8e-0b2d-4e6f-8a0c-2e4f6a8b0c2d';

const SCREENS = {
  'en-US': {
    prefix: '',
    nav: 'Distinctions',
    title: 'Appointment distinctions',
    create: 'New distinction',
    search: 'Search',
    name: 'Name',
    save: 'Save changes',
    delete: 'Delete',
    deleteTitle: 'Delete this distinction?',
    deleteMessage: 'VIP will be deleted. Appointments that carry it keep their colour and lose the label.',
    cancel: 'Cancel',
    back: '← Distinctions',
    submit: 'Create distinction',
    nameRequired: 'Enter the name of the distinction.',
    created: 'Distinction created',
    saved: 'Distinction saved',
  },
  'es-ES': {
    prefix: '/es-ES',
    nav: 'Distintivos',
    title: 'Distintivos de citas',
    create: 'Nuevo distintivo',
    search: 'Buscar',
    name: 'Nombre',
    save: 'Guardar cambios',
    delete: 'Eliminar',
    deleteTitle: '¿Eliminar este distintivo?',
    deleteMessage: 'Se eliminará VIP. Las citas que lo llevan conservan su color y pierden la etiqueta.',
    cancel: 'Cancelar',
    back: '← Distintivos',
    submit: 'Crear distintivo',
    nameRequired: 'Escribe el nombre del distintivo.',
    created: 'Distintivo creado',
    saved: 'Distintivo guardado',
  },
} as const;

for (const [locale, t] of Object.entries(SCREENS)) {
  test.describe(`appointment distinctions (${locale})`, () => {
    test('the list from the sidebar, a distinction to edit and its delete confirmation', async ({ page }) => {
      await page.goto(`${t.prefix}/`);
      await page.getByRole('navigation').getByRole('link', { name: t.nav, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/appointments-distinctions$`));
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await expect(page.getByRole('row', { name: /Primera visita/ })).toContainText('diagnóstico capilar');
      await expect(page.getByRole('row', { name: /VIP/ })).toContainText('ofrecer café');
      await expect(page.getByRole('searchbox', { name: t.search })).toBeVisible();
      await expect(page.getByRole('link', { name: t.create })).toHaveAttribute('href', `${t.prefix}/appointments-distinctions/create`);

      await page.getByRole('link', { name: 'VIP', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/appointments-distinctions/${VIP_ID}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'VIP' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.name })).toHaveValue('VIP');
      await page.getByRole('textbox', { name: t.name }).fill('VIP de la casa');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.saved)).toBeVisible();

      await page.getByRole('button', { name: t.delete, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.deleteTitle });
      await expect(dialog).toContainText(t.deleteMessage);
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('the new-distinction form asks for a name, then creates it and goes back to the list', async ({ page }) => {
      await page.goto(`${t.prefix}/appointments-distinctions/create`);
      await expect(page.getByRole('heading', { level: 1, name: t.create })).toBeVisible();
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByText(t.nameRequired)).toBeVisible();
      await page.getByRole('textbox', { name: t.name }).fill('VIP');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByText(t.created)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/appointments-distinctions$`));
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    });
  });
}
