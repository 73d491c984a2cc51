import { expect, test, type Page } from '@playwright/test';
import { newEmail, onboard, ownerSession, register, TEXT, type Locale } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// Issue 18, a new owner's first day with customers, in each language: a tag typed into the customer
// form is created and chosen there; the customer's page books them ("New appointment", the customer
// already chosen); the appointment shows the customer's tags (an allergy is seen) and links back to
// the customer.
const W = {
  'en-US': {
    customers: 'Customers',
    newCustomer: 'New customer',
    name: /^Name/,
    tagsField: 'Tags',
    createTag: (name: string) => `Create tag “${name}”`,
    tagCreated: 'Tag created',
    createCustomer: 'Create customer',
    newAppointment: 'New appointment',
    customer: 'Customer',
    services: 'Services',
    date: 'Date',
    start: 'Start',
    book: 'Book',
    booked: 'Appointment booked',
    allergy: 'Allergy to dye',
    customerTags: 'Customer tags',
    openCustomer: 'Open customer',
  },
  'es-ES': {
    customers: 'Clientes',
    newCustomer: 'Nuevo cliente',
    name: /^Nombre/,
    tagsField: 'Etiquetas',
    createTag: (name: string) => `Crear la etiqueta «${name}»`,
    tagCreated: 'Etiqueta creada',
    createCustomer: 'Crear cliente',
    newAppointment: 'Nueva cita',
    customer: 'Cliente',
    services: 'Servicios',
    date: 'Fecha',
    start: 'Inicio',
    book: 'Reservar',
    booked: 'Cita reservada',
    allergy: 'Alergia al tinte',
    customerTags: 'Etiquetas del cliente',
    openCustomer: 'Abrir cliente',
  },
} as const;

/** A future Monday: the booking needs no "in the past?" question. */
const MONDAY = '2030-01-07';

async function service(page: Page) {
  const { headers, tenantId } = await ownerSession(page);
  const created = await page.request.post(`/v1/tenants/${tenantId}/services`, {
    headers,
    data: { service: { name: 'Tinte', durationMinutes: 60, price: { amount: 4000, currency: 'EUR' }, color: '#228be6', active: true } },
  });
  expect(created.status()).toBe(201);
}

for (const locale of ['en-US', 'es-ES'] as Locale[]) {
  const w = W[locale];
  const prefix = TEXT[locale].prefix;

  test.describe(`a customer's first day (${locale})`, () => {
    test('a tag created from the customer form; "New appointment" from the customer; the appointment shows the allergy and links back', async ({ page }) => {
      test.setTimeout(180_000);
      await register(page, locale, newEmail(`fd-cu-${locale}`));
      await onboard(page, locale, locale === 'es-ES' ? 'Peluquería Primer Día' : 'First Day Salon');
      await closeSubscriptionPopup(page);
      await service(page);

      // A new customer, with a tag that does not exist yet: typed, created and chosen in the form.
      await page.goto(`${prefix}/customers/create`);
      await closeSubscriptionPopup(page);
      await page.getByRole('textbox', { name: w.name }).fill('Marta');
      const tags = page.getByRole('combobox', { name: w.tagsField });
      await tags.click();
      await tags.fill(w.allergy);
      // With the keyboard: the offer to create the typed tag is highlighted, Enter creates and chooses it.
      await expect(page.getByRole('option', { name: w.createTag(w.allergy) })).toBeVisible();
      await tags.press('Enter');
      await expect(page.getByText(w.tagCreated).first()).toBeVisible();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: w.createCustomer }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Marta' })).toBeVisible();
      await expect(page.getByText(w.allergy).first()).toBeVisible();

      // "New appointment" from the customer's page: the form has them already.
      await page.getByRole('link', { name: w.newAppointment }).click();
      await expect(page).toHaveURL(/appointments\/create\?customerId=/);
      await expect(page.getByRole('combobox', { name: w.customer })).toHaveValue('Marta');
      await page.getByRole('combobox', { name: w.services }).click();
      await page.getByRole('option', { name: /Tinte/ }).first().click();
      await page.keyboard.press('Escape');
      await page.getByRole('textbox', { name: w.date }).fill(MONDAY);
      const start = page.getByRole('combobox', { name: w.start });
      await start.click();
      await start.fill('1000');
      await page.keyboard.press('Enter');
      await expect(start).toHaveValue('10:00');
      await page.getByRole('button', { name: w.book, exact: true }).click();
      await expect(page.getByText(w.booked)).toBeVisible();

      // The appointment shows the customer's allergy tag and links to the customer.
      await page.getByTestId('appointment-event').filter({ hasText: 'Marta' }).first().click();
      await expect(page).toHaveURL(/appointments\/[0-9a-f-]{36}/);
      const customerTags = page.getByRole('list', { name: w.customerTags });
      await expect(customerTags).toContainText(w.allergy);
      await expect(page.getByTestId('appointment-allergy')).toContainText(w.allergy);
      await page.getByRole('link', { name: 'Marta' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Marta' })).toBeVisible();
    });
  });
}
