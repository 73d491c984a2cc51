import { expect, test } from './signed-in';

// The service-object screens against Prism (the contract's examples: Lucía's keratin extensions and
// natural-hair wig), in both languages.
const CUSTOMER_ID = '9a1c3e5b-7d9f-4a1c-8e3b-5d7f9a1c3e5b';
const OBJECT_ID = '3e5a7c9b-1d3f-4a5c-8e7a-9b1d3f5a7c9e';

test.describe('service objects (mock)', () => {
  test('lists a customer\'s objects, in English and in Spanish', async ({ page }) => {
    await page.goto(`/customers/${CUSTOMER_ID}/services-object`);
    await expect(page.getByRole('heading', { level: 1, name: 'Service objects' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Service objects' });
    const wig = table.getByRole('row', { name: /Peluca de pelo natural/ });
    await expect(wig).toContainText('Hairdo Bob corto');
    await expect(wig).toContainText('HD-22817');
    await expect(table.getByRole('row', { name: /Extensiones de queratina/ })).toContainText('ESC-7741');
    await expect(page.getByRole('link', { name: 'Add object' })).toBeVisible();

    await page.goto(`/es-ES/customers/${CUSTOMER_ID}/services-object`);
    await expect(page.getByRole('heading', { level: 1, name: 'Objetos del cliente' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Objetos del cliente' }).getByRole('row', { name: /Peluca de pelo natural/ })).toBeVisible();
    await expect(page.getByLabel('Buscar objetos')).toBeVisible();
  });

  test('opens an object with its attributes and photo caption, and its edit form, in Spanish', async ({ page }) => {
    await page.goto(`/es-ES/customers/${CUSTOMER_ID}/${OBJECT_ID}/view`);
    await expect(page.getByRole('heading', { level: 1, name: 'Peluca de pelo natural' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Atributos' }).getByRole('row', { name: /Color/ })).toContainText('Castaño chocolate');
    await expect(page.getByText('Vista frontal')).toBeVisible();
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page).toHaveURL(new RegExp(`/es-ES/customers/${CUSTOMER_ID}/${OBJECT_ID}/edit$`));
    await expect(page.getByRole('textbox', { name: /^Identificador/ })).toHaveValue('HD-22817');
    await expect(page.getByRole('textbox', { name: 'Pie de la foto 1' })).toHaveValue('Vista frontal');
    // SPEC's /customers/{customerId}/{id} shows the same object.
    await page.goto(`/customers/${CUSTOMER_ID}/${OBJECT_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Peluca de pelo natural' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  });

  test('opens the new-object form in both languages and says what is missing', async ({ page }) => {
    await page.goto(`/customers/${CUSTOMER_ID}/create`);
    await expect(page.getByRole('heading', { level: 1, name: 'New object' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload photo' })).toBeVisible();
    await page.getByRole('button', { name: 'Save object' }).click();
    await expect(page.getByText('Enter a name, e.g. "White Seat León" or "Toby".')).toBeVisible();

    await page.goto(`/es-ES/customers/${CUSTOMER_ID}/create`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo objeto' })).toBeVisible();
    await page.getByRole('button', { name: 'Añadir atributo' }).click();
    await page.getByRole('button', { name: 'Guardar objeto' }).click();
    await expect(page.getByText('Escribe un nombre, p. ej. «Seat León blanco» o «Toby».')).toBeVisible();
    await expect(page.getByText('Escribe el nombre del atributo.')).toBeVisible();
  });
});
