import { expect, test } from '@playwright/test';
import { newEmail, onboard, register, type Locale } from './fixtures';
import { expectCountryFlag } from '../flags';
import { closeSubscriptionPopup } from '../subscription-popup';

// On the real stack, in each language: an owner creates a tag, then a customer with that tag and a
// phone, finds them by a search without accents, edits and deletes them; then imports a CSV of 50
// customers with two bad rows: sees the errors, fixes one row and leaves the other out, imports.
const T = {
  'en-US': {
    prefix: '',
    tags: 'Customer tags',
    newTag: 'New tag',
    tagName: /^Name/,
    createTag: 'Create tag',
    customers: 'Customers',
    newCustomer: 'New customer',
    name: /^Name/,
    lastName: 'Last name',
    phone: 'Phone',
    phoneCountry: 'US',
    email: 'E-mail',
    tagsField: 'Tags',
    createCustomer: 'Create customer',
    search: 'Search',
    sortBy: 'Sort by',
    bestMatch: 'Best match',
    notes: 'Notes',
    save: 'Save changes',
    saved: 'Customer saved',
    delete: 'Delete',
    deleteConfirm: 'Delete customer',
    noMatch: 'No customer matches',
    importCsv: 'Import CSV',
    file: 'CSV file',
    importN: (n: number) => `Import ${n} customers`,
    rowsWithErrors: '2 rows have errors, so nothing was imported.',
    emailError: 'Not a valid e-mail address.',
    nameError: 'A name is required.',
    leaveOut: 'Leave out',
    imported: '49 customers were added.',
    count: (n: number) => `${n} customers`,
    customer: { name: 'Lucía', lastName: 'Peña', phone: '(415) 555-0142', email: 'lucia.pena@example.com', tag: 'Regular' },
    shownPhone: '+1 415 555 014 2',
  },
  'es-ES': {
    prefix: '/es-ES',
    tags: 'Etiquetas de clientes',
    newTag: 'Nueva etiqueta',
    tagName: /^Nombre/,
    createTag: 'Crear etiqueta',
    customers: 'Clientes',
    newCustomer: 'Nuevo cliente',
    name: /^Nombre/,
    lastName: 'Apellidos',
    phone: 'Teléfono',
    phoneCountry: 'ES',
    email: 'Correo electrónico',
    tagsField: 'Etiquetas',
    createCustomer: 'Crear cliente',
    search: 'Buscar',
    sortBy: 'Ordenar por',
    bestMatch: 'Mejor coincidencia',
    notes: 'Notas',
    save: 'Guardar cambios',
    saved: 'Cliente guardado',
    delete: 'Eliminar',
    deleteConfirm: 'Eliminar cliente',
    noMatch: 'Ningún cliente coincide',
    importCsv: 'Importar CSV',
    file: 'Archivo CSV',
    importN: (n: number) => `Importar ${n} clientes`,
    rowsWithErrors: '2 filas tienen errores, así que no se ha importado nada.',
    emailError: 'No es un correo electrónico válido.',
    nameError: 'El nombre es obligatorio.',
    leaveOut: 'Descartar',
    imported: 'Se han añadido 49 clientes.',
    count: (n: number) => `${n} clientes`,
    customer: { name: 'Lucía', lastName: 'Peña', phone: '612 345 678', email: 'lucia.pena@example.com', tag: 'Habitual' },
    shownPhone: '+34 612 345 678',
  },
} as const;

/** 50 customers; line 11 (row 10) has a bad e-mail and line 31 (row 30) has no name. */
function csvWithTwoBadRows(): string {
  const lines = ['Nombre,Apellidos,Teléfono,Correo,Etiquetas'];
  for (let i = 1; i <= 50; i++) {
    const email = i === 10 ? 'not-an-email' : `cliente${i}@example.com`;
    const name = i === 30 ? '' : `Cliente${i}`;
    lines.push(`${name},Importado,6000000${String(i).padStart(2, '0')},${email},VIP`);
  }
  return `${lines.join('\n')}\n`;
}

for (const locale of Object.keys(T) as Locale[]) {
  const t = T[locale];
  test.describe(`customers on the real stack (${locale})`, () => {
    test('a customer with a tag and a phone: create, find, edit, delete; then a CSV import with bad rows', async ({ page }) => {
      test.setTimeout(180_000);
      await register(page, locale, newEmail(`cu-${locale}`));
      await onboard(page, locale, locale === 'es-ES' ? 'Peluquería Clientes' : 'Customer Salon');
      await closeSubscriptionPopup(page);

      // A tag, from the sidebar.
      await page.getByRole('link', { name: t.tags }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: t.tags })).toBeVisible();
      await page.getByRole('link', { name: t.newTag }).first().click();
      await page.getByRole('textbox', { name: t.tagName }).fill(t.customer.tag);
      await page.getByRole('button', { name: t.createTag }).click();
      await expect(page.getByRole('link', { name: t.customer.tag })).toBeVisible();

      // A customer with that tag and a phone.
      await page.getByRole('link', { name: t.customers, exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: t.customers })).toBeVisible();
      await page.getByRole('link', { name: t.newCustomer }).first().click();
      await page.getByRole('textbox', { name: t.name }).fill(t.customer.name);
      await page.getByRole('textbox', { name: t.lastName }).fill(t.customer.lastName);
      await page.getByRole('textbox', { name: t.phone }).fill(t.customer.phone);
      await page.getByRole('textbox', { name: t.email }).fill(t.customer.email);
      await page.getByRole('combobox', { name: t.tagsField }).click();
      await page.getByRole('option', { name: t.customer.tag }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: t.createCustomer }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Lucía Peña' })).toBeVisible();
      await expect(page.getByText(t.shownPhone)).toBeVisible();
      await expectCountryFlag(page, t.phoneCountry);

      // Found by a search typed without accents.
      await page.getByRole('link', { name: t.customers, exact: true }).first().click();
      await page.getByRole('searchbox', { name: t.search }).fill('lucia pena');
      const row = page.getByRole('row', { name: /Lucía Peña/ });
      await expect(row).toContainText(t.shownPhone);
      await expect(row).toContainText(t.customer.tag);
      // While searching, the best matches come first.
      await expect(page.getByRole('combobox', { name: t.sortBy })).toHaveValue(t.bestMatch);
      await page.getByRole('searchbox', { name: t.search }).fill('zzzz');
      await expect(page.getByText(t.noMatch)).toBeVisible();
      await page.getByRole('searchbox', { name: t.search }).fill('PEÑA');
      await page.getByRole('link', { name: 'Lucía Peña' }).click();

      // Edited…
      await page.getByRole('textbox', { name: t.notes }).fill('Alergia al amoniaco');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.saved).first()).toBeVisible();
      await page.reload();
      await expect(page.getByRole('textbox', { name: t.notes })).toHaveValue('Alergia al amoniaco');

      // …and deleted.
      await page.getByRole('button', { name: t.delete, exact: true }).click();
      await page.getByRole('button', { name: t.deleteConfirm }).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/customers$`));
      await expect(page.getByRole('link', { name: 'Lucía Peña' })).toHaveCount(0);

      // Import 50 rows with two bad ones: nothing is imported until they are fixed or left out.
      await page.getByRole('button', { name: t.importCsv }).click();
      await expect(page.getByText(t.file, { exact: true })).toBeVisible();
      await page.locator('input[type="file"]').setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(csvWithTwoBadRows(), 'utf8') });
      await page.getByRole('button', { name: t.importN(50) }).click();
      const errors = page.getByTestId('import-errors');
      await expect(errors).toContainText(t.rowsWithErrors);
      const line11 = page.getByTestId('import-error-row-11');
      const line31 = page.getByTestId('import-error-row-31');
      await expect(line11).toContainText(t.emailError);
      await expect(line31).toContainText(t.nameError);
      await expect(page.getByText(locale === 'es-ES' ? 'Ningún cliente' : 'No customers', { exact: true })).toBeVisible();
      // Fix one, leave the other out.
      await line11.getByRole('textbox').fill('cliente10@example.com');
      await line31.getByRole('button', { name: t.leaveOut }).click();
      await page.getByRole('button', { name: t.importN(49) }).click();
      await expect(page.getByText(t.imported)).toBeVisible();
      await expect(page.getByText(t.count(49), { exact: true })).toBeVisible();
      await page.getByRole('searchbox', { name: t.search }).fill('cliente10');
      await expect(page.getByRole('row', { name: /Cliente10 Importado/ })).toContainText('cliente10@example.com');
    });
  });
}
