import { expect, test } from './signed-in';

// The services and payment method screens against Prism, which answers with the contract's examples.
const SERVICE_ID = '3b5d7f9a-1c3e-4b5d-af1b-3c5d7e9f1a3c';
const METHOD_ID = '1d2e3f4a-5b6c-4d7e-9f8a-0b1c2d3e4f5a';

const SCREENS = {
  'en-US': {
    prefix: '',
    services: 'Services',
    newService: 'New service',
    inactive: 'Inactive',
    duration: '90 min',
    save: 'Save changes',
    delete: 'Delete',
    deleteTitle: 'Delete this service?',
    cancel: 'Cancel',
    price: 'Price',
    paymentMethods: 'Payment methods',
    newMethod: 'New payment method',
    defaultBadge: 'Default',
    bizum: 'Bizum',
    kind: 'Kind',
  },
  'es-ES': {
    prefix: '/es-ES',
    services: 'Servicios',
    newService: 'Nuevo servicio',
    inactive: 'Inactivo',
    duration: '90 min',
    save: 'Guardar cambios',
    delete: 'Eliminar',
    deleteTitle: '¿Eliminar este servicio?',
    cancel: 'Cancelar',
    price: 'Precio',
    paymentMethods: 'Métodos de pago',
    newMethod: 'Nuevo método de pago',
    defaultBadge: 'Predeterminado',
    bizum: 'Bizum',
    kind: 'Tipo',
  },
} as const;

for (const [locale, t] of Object.entries(SCREENS)) {
  test.describe(`services and payment methods (${locale})`, () => {
    test('the services list, a service and the new-service form', async ({ page }) => {
      await page.goto(`${t.prefix}/services`);
      await expect(page.getByRole('heading', { level: 1, name: t.services })).toBeVisible();
      const row = page.getByRole('row', { name: /Tinte completo/ });
      await expect(row).toContainText(t.duration);
      await expect(row).toContainText('45');
      await expect(page.getByRole('row', { name: /Manicura/ })).toContainText(t.inactive);

      await page.getByRole('link', { name: 'Corte y peinado' }).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/services/${SERVICE_ID}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Corte y peinado' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.price })).toHaveValue(locale === 'es-ES' ? '25,00' : '25.00');
      await expect(page.getByRole('button', { name: t.save })).toBeVisible();
      // Deleting asks first; Escape keeps the service.
      await page.getByRole('button', { name: t.delete }).click();
      const dialog = page.getByRole('dialog', { name: t.deleteTitle });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.goto(`${t.prefix}/services/create`);
      await expect(page.getByRole('heading', { level: 1, name: t.newService })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.price })).toHaveValue('');
    });

    test('the payment methods list, a method and the new-method form', async ({ page }) => {
      await page.goto(`${t.prefix}/payment-methods`);
      await expect(page.getByRole('heading', { level: 1, name: t.paymentMethods })).toBeVisible();
      await expect(page.getByRole('row', { name: /Efectivo/ })).toContainText(t.defaultBadge);
      await expect(page.getByRole('row', { name: /Transferencia/ })).toContainText(t.inactive);
      await page.getByRole('link', { name: 'Tarjeta' }).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/payment-methods/${METHOD_ID}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Tarjeta' })).toBeVisible();
      await page.goto(`${t.prefix}/payment-methods/create`);
      await expect(page.getByRole('heading', { level: 1, name: t.newMethod })).toBeVisible();
      await expect(page.getByRole('combobox', { name: t.kind })).toBeVisible();
    });
  });
}
