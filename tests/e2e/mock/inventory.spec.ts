import { expect, test } from './signed-in';

// The inventory screens against Prism (the contract's examples: a shampoo with stock and an oxidant
// below its threshold), in both languages.
const ITEM_ID = '6c7d8e9f-0a1b-4c2d-ae3f-5a6b7c8d9e0f';

test.describe('inventory (mock)', () => {
  test('lists products with their stock and the low-stock badge, in English', async ({ page }) => {
    await page.goto('/inventory');
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    const shampoo = page.getByRole('row', { name: /Champú reparador 500 ml/ });
    await expect(shampoo).toContainText('14 pcs');
    await expect(shampoo).toContainText('€18.95');
    await expect(shampoo.getByText('Low stock')).toHaveCount(0);
    const oxidant = page.getByRole('row', { name: /Oxidante en crema 20 vol\./ });
    await expect(oxidant).toContainText('0.75 l');
    await expect(oxidant.getByText('Low stock')).toBeVisible();
    // The sidebar counts the products low on stock.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: /Inventory/ })).toBeVisible();
    await expect(nav.getByTestId('nav-low-stock')).toHaveAccessibleName(/low on stock/);
  });

  test('opens a product with its stock movements, in Spanish', async ({ page }) => {
    await page.goto(`/es-ES/inventory/${ITEM_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Champú reparador 500 ml' })).toBeVisible();
    await expect(page.getByTestId('inventory-stock')).toHaveText('14 uds.');
    const ledger = page.getByRole('table', { name: 'Movimientos de stock' });
    await expect(ledger.getByRole('row')).toHaveCount(4);
    await expect(ledger.getByRole('row').nth(1)).toContainText('Recibido');
    await expect(ledger.getByRole('row').nth(1)).toContainText('+12');
    await expect(ledger.getByRole('row').nth(3)).toContainText('Stock inicial');
    await page.getByRole('button', { name: 'Ajustar stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajustar stock' });
    await expect(dialog.getByText('Champú reparador 500 ml tiene 14 uds. en stock.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Champú reparador 500 ml');
  });

  test('opens the new-product form in both languages', async ({ page }) => {
    await page.goto('/inventory/create');
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    await expect(page.getByLabel('Stock on hand')).toBeVisible();
    await page.goto('/es-ES/inventory/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo producto' })).toBeVisible();
    await expect(page.getByLabel('Stock disponible')).toBeVisible();
    // Saving without a name keeps the form and says what is missing, in Spanish.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Introduce el nombre del producto.')).toBeVisible();
  });
});
