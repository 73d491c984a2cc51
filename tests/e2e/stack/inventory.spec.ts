import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newEmail, onboard, register, type Locale } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// On the real stack: an owner creates a product with a photo, adjusts its stock with a reason, sees the ledger,
// the low-stock badge in the list and the count in the sidebar, is refused a negative stock, and
// deletes the product.
const T = {
  'en-US': {
    prefix: '',
    nav: 'Inventory',
    nav_label: 'Main navigation',
    emptyTitle: 'No products yet',
    newProduct: 'New product',
    name: /^Name/,
    sku: 'SKU',
    stock: 'Stock on hand',
    threshold: 'Low-stock threshold',
    price: 'Sale price',
    priceText: '12.50',
    save: 'Save',
    lowStock: 'Low stock',
    units: (n: string) => `${n} pcs`,
    adjust: 'Adjust stock',
    add: 'Add',
    remove: 'Remove',
    quantityAdd: 'Quantity to add',
    quantityRemove: 'Quantity to remove',
    reason: 'Reason',
    sold: 'Sold',
    received: 'Received',
    note: 'Note (optional)',
    saveAdjustment: 'Save adjustment',
    ledger: 'Stock movements',
    negative: 'The stock cannot go below zero. Count it and set the counted quantity instead.',
    cancel: 'Cancel',
    money: '€12.50', // a new business charges in EUR unless its settings say otherwise
    delete: 'Delete',
    deleteConfirm: 'Delete product',
    deleted: 'Product deleted',
    photoAlt: 'Photo of the product',
  },
  'es-ES': {
    prefix: '/es-ES',
    nav: 'Inventario',
    nav_label: 'Navegación principal',
    emptyTitle: 'Aún no hay productos',
    newProduct: 'Nuevo producto',
    name: /^Nombre/,
    sku: 'Referencia (SKU)',
    stock: 'Stock disponible',
    threshold: 'Umbral de stock bajo',
    price: 'Precio de venta',
    priceText: '12,50',
    save: 'Guardar',
    lowStock: 'Stock bajo',
    units: (n: string) => `${n} uds.`,
    adjust: 'Ajustar stock',
    add: 'Añadir',
    remove: 'Retirar',
    quantityAdd: 'Cantidad que añadir',
    quantityRemove: 'Cantidad que retirar',
    reason: 'Motivo',
    sold: 'Vendido',
    received: 'Recibido',
    note: 'Nota (opcional)',
    saveAdjustment: 'Guardar ajuste',
    ledger: 'Movimientos de stock',
    negative: 'El stock no puede quedar por debajo de cero. Haz un recuento e indica la cantidad contada.',
    cancel: 'Cancelar',
    money: '12,50',
    delete: 'Eliminar',
    deleteConfirm: 'Eliminar producto',
    deleted: 'Producto eliminado',
    photoAlt: 'Foto del producto',
  },
} as const;

/** The image named `alt` is on the page and its bytes arrived (it is fetched with the session). */
const loaded = (page: Page, alt: string) =>
  page.getByRole('img', { name: alt }).evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);

for (const locale of ['en-US', 'es-ES'] as Locale[]) {
  const t = T[locale];
  test(`inventory in ${locale}: create a product, adjust its stock with a reason, see the low-stock badge`, async ({ page }) => {
    test.setTimeout(90_000);
    await register(page, locale, newEmail(`stock-${locale}`));
    await onboard(page, locale, `Stock ${locale}`);
    await closeSubscriptionPopup(page);

    const nav = page.getByRole('navigation', { name: t.nav_label });
    await nav.getByRole('link', { name: t.nav }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/inventory$`));
    await expect(page.getByRole('heading', { level: 1, name: t.nav })).toBeVisible();
    await expect(page.getByText(t.emptyTitle)).toBeVisible();
    await expect(nav.getByTestId('nav-low-stock')).toHaveCount(0);

    await page.getByRole('link', { name: t.newProduct }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: t.newProduct })).toBeVisible();
    const name = locale === 'es-ES' ? 'Champú reparador 500 ml' : 'Whitening toothpaste 75 ml';
    await page.getByRole('textbox', { name: t.name }).fill(name);
    await page.getByLabel(t.sku).fill(`SKU-${locale}`);
    await page.getByLabel(t.stock).fill('3');
    await page.getByLabel(t.threshold).fill('5');
    await page.getByLabel(t.price).fill(t.priceText);
    // A photo goes up (checked, re-encoded by the server) and shows in the form before saving.
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'product.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => loaded(page, t.photoAlt)).toBe(true);
    await page.getByRole('button', { name: t.save, exact: true }).click();

    // The product page: 3 in stock, at or below 5 → low stock, here and in the sidebar.
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/inventory/[0-9a-f-]{36}$`));
    const stock = page.getByTestId('inventory-stock');
    await expect(stock).toHaveText(t.units('3'));
    await expect(page.getByText(t.lowStock, { exact: true })).toBeVisible();
    await expect(nav.getByTestId('nav-low-stock')).toHaveText('1');
    // The saved product keeps its photo.
    await expect.poll(() => loaded(page, t.photoAlt)).toBe(true);

    // Received 10: 13 in stock, no longer low; the ledger shows the movement with its reason and note.
    await page.getByRole('button', { name: t.adjust }).click();
    let dialog = page.getByRole('dialog', { name: t.adjust });
    await dialog.getByLabel(t.quantityAdd).fill('10');
    await dialog.getByLabel(t.note).fill('PO 118');
    await dialog.getByRole('button', { name: t.saveAdjustment }).click();
    await expect(dialog).toBeHidden();
    await expect(stock).toHaveText(t.units('13'));
    await expect(page.getByText(t.lowStock, { exact: true })).toHaveCount(0);
    await expect(nav.getByTestId('nav-low-stock')).toHaveCount(0);
    const ledger = page.getByRole('table', { name: t.ledger });
    await expect(ledger.getByRole('row').nth(1)).toContainText(t.received);
    await expect(ledger.getByRole('row').nth(1)).toContainText('PO 118');
    await expect(ledger.getByRole('row').nth(1)).toContainText('+10');

    // Removing more than there is is refused next to the field, and nothing typed is lost.
    await page.getByRole('button', { name: t.adjust }).click();
    dialog = page.getByRole('dialog', { name: t.adjust });
    await dialog.getByText(t.remove, { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: t.remove })).toBeChecked();
    await dialog.getByLabel(t.quantityRemove).fill('20');
    await dialog.getByRole('button', { name: t.saveAdjustment }).click();
    await expect(dialog.getByText(t.negative)).toBeVisible();
    await expect(dialog.getByLabel(t.quantityRemove)).toHaveValue('20');
    await expect(stock).toHaveText(t.units('13'));

    // Sold 9: 4 left, low again.
    await dialog.getByLabel(t.quantityRemove).fill('9');
    await expect(dialog.getByRole('combobox', { name: t.reason })).toHaveValue(t.sold);
    await dialog.getByRole('button', { name: t.saveAdjustment }).click();
    await expect(dialog).toBeHidden();
    await expect(stock).toHaveText(t.units('4'));
    await expect(page.getByText(t.lowStock, { exact: true })).toBeVisible();
    await expect(ledger.getByRole('row').nth(1)).toContainText(t.sold);
    await expect(ledger.getByRole('row')).toHaveCount(4); // header, sold, received, opening stock

    // The list shows the badge on the product, and the sidebar counts it.
    await nav.getByRole('link', { name: t.nav }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(t.units('4'));
    await expect(row.getByText(t.lowStock)).toBeVisible();
    await expect(row).toContainText(t.money);
    await expect(nav.getByTestId('nav-low-stock')).toHaveText('1');

    // Deleted after a confirmation: a notice, back to the list, which is empty again, and the sidebar
    // no longer counts it.
    await row.getByRole('link', { name }).click();
    await page.getByRole('button', { name: t.delete, exact: true }).click();
    await page.getByRole('button', { name: t.deleteConfirm }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.deleted })).toContainText(name);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/inventory$`));
    await expect(page.getByText(t.emptyTitle)).toBeVisible();
    await expect(nav.getByTestId('nav-low-stock')).toHaveCount(0);
  });
}
