import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newEmail, newMemberPage, onboard, OWNER_NAME, register, TEXT, type Locale } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// The words of the services screens, per language.
const WORDS = {
  'en-US': {
    services: 'Services',
    paymentMethods: 'Payment methods',
    newService: 'New service',
    pending: 'One step left: add your first active service',
    name: 'Name',
    price: 'Price',
    duration: 'Duration',
    create: 'Create service',
    created: 'Service created',
    priceText: '25.50',
    priceShown: '25.50',
    cash: 'Cash',
    card: 'Card',
    readOnly: 'Only the owner or an administrator of the business can change services.',
    forbidden: 'Only the owner or an administrator of the business can add, change or delete services.',
    nameRequired: 'Enter the name of the service.',
    inventory: 'Inventory',
    performedBy: 'Performed by',
    pictureAlt: 'Picture of the service',
    newProduct: 'New product',
    newPaymentMethod: 'New payment method',
    inventoryForbidden: 'Only the owner or an administrator of the business can add, change or delete products or adjust their stock.',
  },
  'es-ES': {
    services: 'Servicios',
    paymentMethods: 'Métodos de pago',
    newService: 'Nuevo servicio',
    pending: 'Te queda un paso: añade tu primer servicio activo',
    name: 'Nombre',
    price: 'Precio',
    duration: 'Duración',
    create: 'Crear servicio',
    created: 'Servicio creado',
    priceText: '25,50',
    priceShown: '25,50',
    cash: 'Efectivo',
    card: 'Tarjeta',
    readOnly: 'Solo el propietario o un administrador del negocio puede cambiar los servicios.',
    forbidden: 'Solo el propietario o un administrador del negocio puede añadir, cambiar o eliminar servicios.',
    nameRequired: 'Introduce el nombre del servicio.',
    inventory: 'Inventario',
    performedBy: 'Lo realizan',
    pictureAlt: 'Imagen del servicio',
    newProduct: 'Nuevo producto',
    newPaymentMethod: 'Nuevo método de pago',
    inventoryForbidden: 'Solo el propietario o un administrador del negocio puede añadir, cambiar o eliminar productos o ajustar su stock.',
  },
} as const;

async function newOwner(page: Page, locale: Locale, tag: string) {
  const email = newEmail(tag);
  await register(page, locale, email);
  await onboard(page, locale, `Salon ${tag}`);
  await closeSubscriptionPopup(page);
  return email;
}

for (const locale of ['en-US', 'es-ES'] as const) {
  const w = WORDS[locale];
  const prefix = TEXT[locale].prefix;

  test.describe(`services (${locale})`, () => {
    test('the first service completes the set-up, and the new business has its payment methods', async ({ page }) => {
      await newOwner(page, locale, 'svc-first');
      await page.getByRole('navigation').getByRole('link', { name: w.services, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/services$`));
      await expect(page.getByRole('heading', { level: 1, name: w.services })).toBeVisible();
      await expect(page.getByText(w.pending)).toBeVisible();

      await page.getByRole('link', { name: w.newService }).first().click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/services/create$`));
      await closeSubscriptionPopup(page);
      // A blank name is refused next to the field, in the page's language.
      await page.getByRole('button', { name: w.create }).click();
      await expect(page.getByText(w.nameRequired)).toBeVisible();

      await page.getByRole('textbox', { name: w.name, exact: false }).first().fill(locale === 'en-US' ? 'Haircut and styling' : 'Corte y peinado');
      await page.getByRole('textbox', { name: w.price }).fill(w.priceText);
      // Who performs it (the owner, the only one in the team) and a picture, through the shared uploader.
      await page.getByRole('combobox', { name: w.performedBy }).click();
      await page.getByRole('option', { name: OWNER_NAME }).click();
      await page.keyboard.press('Escape');
      const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer();
      await page.locator('input[type="file"]').setInputFiles({ name: 'corte.jpg', mimeType: 'image/jpeg', buffer: picture });
      await expect(page.getByRole('img', { name: w.pictureAlt })).toBeVisible();
      await page.getByRole('button', { name: w.create }).click();

      await expect(page.getByText(w.created)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${prefix}/services$`));
      const row = page.getByRole('row', { name: new RegExp(locale === 'en-US' ? 'Haircut and styling' : 'Corte y peinado') });
      await expect(row).toBeVisible();
      await expect(row).toContainText(w.priceShown);
      // The business is set up: the reminder is gone, also after a reload (the server says so too).
      await expect(page.getByText(w.pending)).toBeHidden();
      await page.reload();
      await expect(row).toBeVisible();
      await expect(page.getByText(w.pending)).toBeHidden();
      // The saved service keeps its picture and who performs it.
      await row.getByRole('link').first().click();
      await expect(page.getByRole('img', { name: w.pictureAlt })).toBeVisible();
      await expect(page.locator('form').getByText(OWNER_NAME)).toBeVisible();

      await page.getByRole('navigation').getByRole('link', { name: w.paymentMethods }).click();
      await expect(page.getByRole('heading', { level: 1, name: w.paymentMethods })).toBeVisible();
      await expect(page.getByRole('link', { name: w.cash, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: w.card, exact: true })).toBeVisible();
    });

    test('a team member sees the catalogue but is offered no write it would be refused', async ({ page, browser }) => {
      await newOwner(page, locale, 'svc-owner');
      const memberEmail = newEmail('svc-member');
      const member = await newMemberPage(browser, page, locale, memberEmail);
      await member.goto(`${prefix}/services`);
      await expect(member.getByRole('heading', { level: 1, name: w.services })).toBeVisible();
      await expect(member.getByText(w.readOnly)).toBeVisible();
      await expect(member.getByRole('link', { name: w.newService })).toHaveCount(0);
      await member.goto(`${prefix}/services/create`);
      await expect(member.getByRole('alert').filter({ hasText: w.forbidden })).toBeVisible();
      await expect(member.getByRole('button', { name: w.create })).toHaveCount(0);

      // Inventory and payment methods: read, but no "new" action; the create page says why.
      await member.goto(`${prefix}/inventory`);
      await expect(member.getByRole('heading', { level: 1, name: w.inventory })).toBeVisible();
      await expect(member.getByRole('link', { name: w.newProduct })).toHaveCount(0);
      await member.goto(`${prefix}/inventory/create`);
      await expect(member.getByRole('alert').filter({ hasText: w.inventoryForbidden })).toBeVisible();
      await member.goto(`${prefix}/payment-methods`);
      await expect(member.getByRole('link', { name: w.cash, exact: true })).toBeVisible();
      await expect(member.getByRole('link', { name: w.newPaymentMethod })).toHaveCount(0);
      await member.context().close();
    });
  });
}
