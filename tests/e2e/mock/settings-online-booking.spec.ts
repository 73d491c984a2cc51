import { expect, test } from './signed-in';
import { expectCountryFlag } from '../flags';

// Settings → "Online booking" and "Reminders and cancellation" against the contract's examples
// (Prism): the example business has its booking page on at /book/peluqueria-ana, cancellations up
// to 2 hours before and one e-mail reminder a day before. The save's answers are route mocks where
// Prism cannot give them (409 slug_taken).
const TEXT = {
  'en-US': {
    prefix: '',
    section: 'Online booking',
    enabled: 'Customers can book online',
    slug: 'Booking page address',
    reminders: 'Reminders and cancellation',
    cutoff: 'Customers can cancel online up to',
    cutoffValue: '2 hours before',
    add: 'Add a reminder',
    save: 'Save changes',
    taken: 'Another business already uses this address. Choose another one.',
    invalid: 'Use 3 to 63 lower-case letters, digits and single hyphens, e.g. my-salon.',
    copy: 'Copy the link',
    country: 'Country',
    spain: 'Spain',
    portugal: 'Portugal',
  },
  'es-ES': {
    prefix: '/es-ES',
    section: 'Reservas en línea',
    enabled: 'Los clientes pueden reservar en línea',
    slug: 'Dirección de la página de reservas',
    reminders: 'Recordatorios y cancelación',
    cutoff: 'Los clientes pueden cancelar en línea hasta',
    cutoffValue: '2 horas antes',
    add: 'Añadir un recordatorio',
    save: 'Guardar cambios',
    taken: 'Otro negocio ya usa esta dirección. Elige otra.',
    invalid: 'Usa de 3 a 63 minúsculas, cifras y guiones sueltos, p. ej. mi-salon.',
    copy: 'Copiar el enlace',
    country: 'País',
    spain: 'España',
    portugal: 'Portugal',
  },
} as const;

for (const locale of ['en-US', 'es-ES'] as const) {
  const t = TEXT[locale];
  test(`the business sets up online booking and reminders (${locale})`, async ({ page, baseURL }) => {
    await page.goto(`${t.prefix}/settings`);
    await expect(page.getByRole('heading', { level: 2, name: t.section })).toBeVisible();
    await expect(page.getByRole('switch', { name: t.enabled })).toBeChecked();
    const slug = page.getByRole('textbox', { name: t.slug });
    await expect(slug).toHaveValue('peluqueria-ana');
    const link = `${baseURL}${t.prefix}/book/peluqueria-ana`;
    await expect(page.getByRole('link', { name: new RegExp(link.replace(/[.?/]/g, '\\$&')) })).toHaveAttribute('href', link);
    await expect(page.getByRole('button', { name: t.copy })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t.reminders })).toBeVisible();
    await expect(page.getByRole('combobox', { name: t.cutoff })).toHaveValue(t.cutoffValue);

    // Up to three default reminders.
    const add = page.getByRole('button', { name: t.add });
    await add.click();
    await add.click();
    await expect(add).toHaveCount(0);

    // A malformed address is refused before saving; one taken by another business after.
    await slug.fill('Ana Centro');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.invalid)).toBeVisible();

    let body: { tenant?: Record<string, unknown> } = {};
    await page.route('**/v1/tenants/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      body = route.request().postDataJSON();
      return route.fulfill({
        status: 409,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'https://cita.example/problems/slug-taken', title: 'Conflict', status: 409, code: 'slug_taken' }),
      });
    });
    await slug.fill('ana-centro');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.taken)).toBeVisible();
    await expect(slug).toBeFocused();
    expect(body.tenant).toMatchObject({
      cancellationCutoffMinutes: 120,
      onlineBooking: { enabled: true, slug: 'ana-centro', confirmation: 'ONLINE_BOOKING_CONFIRMATION_AUTOMATIC', minimumNoticeMinutes: 120, horizonDays: 60, slotIntervalMinutes: 15, memberChoice: true },
    });
    expect(body.tenant?.defaultReminders).toHaveLength(3);
  });
}

for (const locale of ['en-US', 'es-ES'] as const) {
  const t = TEXT[locale];
  test(`the business's country shows its flag as an image, never an emoji, and is chosen with the keyboard (${locale})`, async ({ page }) => {
    await page.goto(`${t.prefix}/settings`);
    const country = page.getByRole('combobox', { name: t.country, exact: true });
    // The example business is in Spain: the name alone in the field (no emoji), its flag an image beside it.
    await expect(country).toHaveValue(t.spain);
    const field = country.locator('xpath=..');
    await expect(field.locator('img[data-flag="ES"]')).toHaveCount(1);
    await expectCountryFlag(page, 'ES');

    // With the keyboard: type, arrow down, Enter. The options show flags as images, their names as text.
    await country.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(t.portugal);
    const listbox = page.getByRole('listbox');
    const option = listbox.getByRole('option', { name: t.portugal, exact: true });
    await expect(option.locator('img[data-flag="PT"]')).toHaveCount(1);
    expect(await listbox.innerText()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(country).toHaveValue(t.portugal);
    await expectCountryFlag(page, 'PT');
    await expect(field.locator('img[data-flag="ES"]')).toHaveCount(0);
  });
}
