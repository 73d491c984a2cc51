import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newEmail, onboard, register, type Locale } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// On the real stack: an owner adds an object with a photo to a customer (the photo is uploaded,
// re-encoded by the server and shown through the session), edits it and deletes it, in each language.
const T = {
  'en-US': {
    prefix: '',
    title: 'Service objects',
    emptyTitle: 'No objects yet',
    add: 'Add object',
    newTitle: 'New object',
    name: /^Name/,
    kind: /^Type/,
    identifier: /^Identifier/,
    addAttribute: 'Add attribute',
    attribute: 'Attribute',
    value: 'Value',
    uploadPhoto: 'Upload photo',
    caption: 'Caption of photo 1',
    save: 'Save object',
    edit: 'Edit',
    saveChanges: 'Save changes',
    delete: 'Delete',
    deleteConfirm: 'Delete object',
    deleteTitle: 'Delete this object?',
    object: { name: 'White Seat León', kind: 'Car', identifier: '1234 KLM', key: 'Mileage', value: '84,000 km', caption: 'Front' },
    newIdentifier: '5678 XYZ',
    notImage: 'This file is not a JPEG, PNG or WebP image.',
    objects: 'Objects',
    seeAll: 'See 1 object',
  },
  'es-ES': {
    prefix: '/es-ES',
    title: 'Objetos del cliente',
    emptyTitle: 'Aún no hay objetos',
    add: 'Añadir objeto',
    newTitle: 'Nuevo objeto',
    name: /^Nombre/,
    kind: /^Tipo/,
    identifier: /^Identificador/,
    addAttribute: 'Añadir atributo',
    attribute: 'Atributo',
    value: 'Valor',
    uploadPhoto: 'Subir foto',
    caption: 'Pie de la foto 1',
    save: 'Guardar objeto',
    edit: 'Editar',
    saveChanges: 'Guardar cambios',
    delete: 'Eliminar',
    deleteConfirm: 'Eliminar objeto',
    deleteTitle: '¿Eliminar este objeto?',
    object: { name: 'Seat León blanco', kind: 'Coche', identifier: '1234 KLM', key: 'Kilómetros', value: '84.000 km', caption: 'Frontal' },
    newIdentifier: '5678 XYZ',
    notImage: 'Este archivo no es una imagen JPEG, PNG o WebP.',
    objects: 'Objetos',
    seeAll: 'Ver 1 objeto',
  },
} as const;

/** A customer made through the API with the page's own session (the customers screens are another test's). */
async function createCustomer(page: Page, name: string): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const tenantId = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('session') ?? '{}') as { tenant?: { id: string } }).tenant?.id);
  expect(token && tenantId).toBeTruthy();
  const response = await page.request.post(`/v1/tenants/${tenantId}/customers`, {
    headers: { authorization: `Bearer ${token}` },
    data: { customer: { name, lastName: 'Pérez' } },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { customer: { id: string } }).customer.id;
}

/** True once the <img> has decoded real pixels (it is served through the session, not a plain URL). */
const loaded = (page: Page, alt: string) =>
  page.getByRole('img', { name: alt }).evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);

for (const locale of ['en-US', 'es-ES'] as Locale[]) {
  const t = T[locale];
  test(`service objects in ${locale}: add one with a photo to a customer, edit it, delete it`, async ({ page }) => {
    test.setTimeout(120_000);
    await register(page, locale, newEmail(`objects-${locale}`));
    await onboard(page, locale, `Taller ${locale}`);
    await closeSubscriptionPopup(page);
    const customerId = await createCustomer(page, 'Lucía');

    // The customer's page has an Objects section: none yet, with the way to add one.
    await page.goto(`${t.prefix}/customers/${customerId}`);
    const objects = page.getByRole('region', { name: t.objects });
    await expect(objects.getByText(t.emptyTitle)).toBeVisible();
    await expect(objects.getByRole('link', { name: t.add })).toHaveAttribute('href', `${t.prefix}/customers/${customerId}/create`);

    await page.goto(`${t.prefix}/customers/${customerId}/services-object`);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByTestId('service-objects-customer')).toHaveText('Lucía Pérez');
    await expect(page.getByText(t.emptyTitle)).toBeVisible();
    await page.getByRole('link', { name: t.add }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: t.newTitle })).toBeVisible();

    await page.getByRole('textbox', { name: t.name }).fill(t.object.name);
    await page.getByRole('textbox', { name: t.kind }).fill(t.object.kind);
    await page.getByRole('textbox', { name: t.identifier }).fill(t.object.identifier);
    await page.getByRole('button', { name: t.addAttribute }).click();
    await page.getByRole('textbox', { name: t.attribute, exact: true }).fill(t.object.key);
    await page.getByRole('textbox', { name: t.value, exact: true }).fill(t.object.value);

    // A text file is refused in the browser, with the reason; then a real 2000 × 1500 photo goes up.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(page.getByText(t.notImage)).toBeVisible();
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 40, b: 40 } } }).jpeg().toBuffer();
    await fileInput.setInputFiles({ name: 'leon.jpg', mimeType: 'image/jpeg', buffer: photo });
    const thumbnails = page.getByTestId('service-object-photo');
    await expect(thumbnails).toHaveCount(1);
    await expect(page.getByText(t.notImage)).toHaveCount(0);
    const alt = locale === 'es-ES' ? `Foto de ${t.object.name}` : `Photo of ${t.object.name}`;
    await expect.poll(() => loaded(page, alt)).toBe(true);
    await page.getByRole('textbox', { name: t.caption }).fill(t.object.caption);
    await page.getByRole('button', { name: t.save }).click();

    // The object's page: its fields, attribute and photo (loaded with the session).
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/customers/${customerId}/[0-9a-f-]{36}/view$`));
    await expect(page.getByRole('heading', { level: 1, name: t.object.name })).toBeVisible();
    await expect(page.getByText(t.object.identifier)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(t.object.key) })).toContainText(t.object.value);
    await expect(page.getByText(t.object.caption, { exact: true })).toBeVisible();
    await expect.poll(() => loaded(page, t.object.caption)).toBe(true);

    // Edit: a new identifier; the list shows it.
    await page.getByRole('link', { name: t.edit }).click();
    await expect(page.getByRole('textbox', { name: t.identifier })).toHaveValue(t.object.identifier);
    await page.getByRole('textbox', { name: t.identifier }).fill(t.newIdentifier);
    await page.getByRole('button', { name: t.saveChanges }).click();
    await expect(page).toHaveURL(/\/view$/);
    await expect(page.getByText(t.newIdentifier)).toBeVisible();
    await page.goto(`${t.prefix}/customers/${customerId}/services-object`);
    const row = page.getByRole('row', { name: new RegExp(t.object.name) });
    await expect(row).toContainText(t.newIdentifier);
    await expect(row).toContainText(t.object.kind);

    // The customer's page lists it (name, type, identifier), linked to its page, and links to all of them.
    await page.goto(`${t.prefix}/customers/${customerId}`);
    const listed = objects.getByRole('row', { name: new RegExp(t.object.name) });
    await expect(listed).toContainText(t.object.kind);
    await expect(listed).toContainText(t.newIdentifier);
    await expect(objects.getByText(t.emptyTitle)).toHaveCount(0);
    await expect(objects.getByRole('link', { name: t.seeAll })).toHaveAttribute('href', `${t.prefix}/customers/${customerId}/services-object`);
    await listed.getByRole('link', { name: t.object.name }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/customers/${customerId}/[0-9a-f-]{36}/view$`));
    await expect(page.getByRole('heading', { level: 1, name: t.object.name })).toBeVisible();
    await page.goto(`${t.prefix}/customers/${customerId}/services-object`);

    // Delete, confirmed: back to the empty list.
    await row.getByRole('link', { name: t.object.name }).click();
    await page.getByRole('button', { name: t.delete, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.deleteTitle });
    await dialog.getByRole('button', { name: t.deleteConfirm }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/customers/${customerId}/services-object$`));
    await expect(page.getByText(t.emptyTitle)).toBeVisible();
  });
}
