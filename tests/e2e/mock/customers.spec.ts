import { expect, test } from './signed-in';
import { expectCountryFlag } from '../flags';

// The customer and customer-tag screens against Prism, which answers with the contract's examples.
const CUSTOMER_ID = '9a1c3e5b-7d9f-4a1c-8e3b-5d7f9a1c3e5b';
const TAG_ID = '4a6c8e0f-2b4d-4f6a-8c0e-2f4a6c8e0b2d';

const SCREENS = {
  'en-US': {
    prefix: '',
    customers: 'Customers',
    count: '3 customers',
    newCustomer: 'New customer',
    search: 'Search',
    importCsv: 'Import CSV',
    exportCsv: 'Export CSV',
    importTitle: 'Import customers from a CSV file',
    cancel: 'Cancel',
    save: 'Save changes',
    objects: 'Objects',
    seeAllObjects: 'See all 2 objects',
    gdpr: 'Export data (GDPR)',
    notes: 'Notes',
    delete: 'Delete',
    deleteTitle: 'Delete this customer?',
    createCustomer: 'Create customer',
    nameRequired: 'Enter the customer’s name.',
    tags: 'Customer tags',
    tagCount: '86 customers carry this tag.',
    deleteTag: 'Delete this tag?',
    deleteTagMessage: '86 customers carry Clienta habitual; it will be removed from all of them.',
  },
  'es-ES': {
    prefix: '/es-ES',
    customers: 'Clientes',
    count: '3 clientes',
    newCustomer: 'Nuevo cliente',
    search: 'Buscar',
    importCsv: 'Importar CSV',
    exportCsv: 'Exportar CSV',
    importTitle: 'Importar clientes desde un archivo CSV',
    cancel: 'Cancelar',
    save: 'Guardar cambios',
    objects: 'Objetos',
    seeAllObjects: 'Ver los 2 objetos',
    gdpr: 'Exportar datos (RGPD)',
    notes: 'Notas',
    delete: 'Eliminar',
    deleteTitle: '¿Eliminar este cliente?',
    createCustomer: 'Crear cliente',
    nameRequired: 'Escribe el nombre del cliente.',
    tags: 'Etiquetas de clientes',
    tagCount: '86 clientes tienen esta etiqueta.',
    deleteTag: '¿Eliminar esta etiqueta?',
    deleteTagMessage: '86 clientes tienen Clienta habitual; se les quitará a todos.',
  },
} as const;

for (const [locale, t] of Object.entries(SCREENS)) {
  test.describe(`customers and customer tags (${locale})`, () => {
    test('the customer list, a customer, the new-customer form and the import dialog', async ({ page }) => {
      await page.goto(`${t.prefix}/customers`);
      await expect(page.getByRole('heading', { level: 1, name: t.customers })).toBeVisible();
      await expect(page.getByText(t.count, { exact: true })).toBeVisible();
      const lucia = page.getByRole('row', { name: /Lucía García/ });
      await expect(lucia).toContainText('+34 612 345 678');
      await expect(lucia).toContainText('Clienta habitual');
      await expect(lucia).toContainText('Pelo rizado');
      await expect(page.getByRole('searchbox', { name: t.search })).toBeVisible();

      await page.getByRole('button', { name: t.importCsv }).click();
      await expect(page.getByRole('dialog', { name: t.importTitle })).toBeVisible();
      await page.getByRole('button', { name: t.cancel }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('link', { name: 'Lucía García' }).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/customers/${CUSTOMER_ID}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Lucía García' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.notes })).toHaveValue(/amoniaco/);
      await expectCountryFlag(page, 'ES');
      // The customer's objects, listed on their page (name, type, identifier), each linked to its page.
      const objects = page.getByRole('region', { name: t.objects });
      const wig = objects.getByRole('row', { name: /Peluca de pelo natural/ });
      await expect(wig).toContainText('Peluca');
      await expect(wig).toContainText('HD-22817');
      await expect(objects.getByRole('row', { name: /Extensiones de queratina/ })).toContainText('ESC-7741');
      await expect(wig.getByRole('link', { name: 'Peluca de pelo natural' })).toHaveAttribute(
        'href',
        new RegExp(`^${t.prefix}/customers/${CUSTOMER_ID}/[0-9a-f-]{36}/view$`),
      );
      await expect(objects.getByRole('link', { name: t.seeAllObjects })).toHaveAttribute('href', `${t.prefix}/customers/${CUSTOMER_ID}/services-object`);
      await expect(page.getByRole('button', { name: t.gdpr })).toBeVisible();
      await page.getByRole('button', { name: t.delete, exact: true }).click();
      await expect(page.getByRole('dialog', { name: t.deleteTitle })).toContainText('Lucía García');
      await page.keyboard.press('Escape');

      await page.goto(`${t.prefix}/customers/create`);
      await expect(page.getByRole('heading', { level: 1, name: t.newCustomer })).toBeVisible();
      await page.getByRole('button', { name: t.createCustomer }).click();
      await expect(page.getByText(t.nameRequired)).toBeVisible();
    });

    test('the tag list and a tag, whose delete confirmation says how many customers carry it', async ({ page }) => {
      await page.goto(`${t.prefix}/customer-tags`);
      await expect(page.getByRole('heading', { level: 1, name: t.tags })).toBeVisible();
      await expect(page.getByRole('row', { name: /Clienta habitual/ })).toContainText('86');
      await page.getByRole('link', { name: 'Clienta habitual' }).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/customer-tags/${TAG_ID}$`));
      await expect(page.getByText(t.tagCount)).toBeVisible();
      await page.getByRole('button', { name: t.delete, exact: true }).click();
      await expect(page.getByRole('dialog', { name: t.deleteTag })).toContainText(t.deleteTagMessage);
    });
  });
}
