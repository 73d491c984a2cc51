import { expect, test } from './signed-in';

// Issue 18 against Prism (the contract's examples: Lucía García, tagged "Clienta habitual" and
// "Pelo rizado", and her appointment at 10:30 on Monday 23 November 2026): the customer's page books
// them, the appointment shows their tags and links to them, and the import refuses a file that is
// not text before any mapping.
const CUSTOMER_ID = '9a1c3e5b-7d9f-4a1c-8e3b-5d7f9a1c3e5b';
const APPOINTMENT_ID = '6f8a0c2e-4b6d-4f8a-8c0e-2b4d6f8a0c2e';
const OWNER_ID = '2c4e6a8b-0d1f-4a3c-8e5b-7f9a1c3e5b7d';

const SCREENS = {
  'en-US': {
    prefix: '',
    newAppointment: 'New appointment',
    customer: 'Customer',
    customerTags: 'Customer tags',
    importCsv: 'Import CSV',
    notCsv: 'This is not a CSV file.',
    nameColumn: 'Name',
    customers: 'Customers',
    date: 'Date',
    start: 'Start',
    services: 'Services',
    book: 'Book',
    pastTitle: 'This time is in the past',
    goBack: 'Go back',
  },
  'es-ES': {
    prefix: '/es-ES',
    newAppointment: 'Nueva cita',
    customer: 'Cliente',
    customerTags: 'Etiquetas del cliente',
    importCsv: 'Importar CSV',
    notCsv: 'Esto no es un archivo CSV.',
    nameColumn: 'Nombre',
    customers: 'Clientes',
    date: 'Fecha',
    start: 'Inicio',
    services: 'Servicios',
    book: 'Reservar',
    pastTitle: 'Esta hora ya ha pasado',
    goBack: 'Volver',
  },
} as const;

/** The first bytes of a PNG image (a photo renamed .csv). */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

for (const [locale, t] of Object.entries(SCREENS)) {
  test.describe(`a customer's first day against Prism (${locale})`, () => {
    test('"New appointment" on the customer page opens the form with the customer chosen', async ({ page }) => {
      await page.goto(`${t.prefix}/customers/${CUSTOMER_ID}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Lucía García' })).toBeVisible();
      const book = page.getByRole('link', { name: t.newAppointment });
      await expect(book).toHaveAttribute('href', `${t.prefix}/appointments/create?customerId=${CUSTOMER_ID}`);
      await book.click();
      await expect(page.getByRole('heading', { level: 1, name: t.newAppointment })).toBeVisible();
      await expect(page.getByRole('combobox', { name: t.customer })).toHaveValue(/^Lucía García/);
    });

    test('the appointment shows the customer’s tags and links to the customer', async ({ page }) => {
      await page.goto(`${t.prefix}/appointments/${APPOINTMENT_ID}?userId=${OWNER_ID}`);
      const tags = page.getByRole('list', { name: t.customerTags });
      await expect(tags.getByRole('listitem')).toHaveText(['Clienta habitual', 'Pelo rizado']);
      const heading = page.getByRole('heading', { level: 1, name: 'Lucía García' });
      await expect(heading.getByRole('link')).toHaveAttribute('href', `${t.prefix}/customers/${CUSTOMER_ID}`);
    });

    test('the import refuses a file that is not text before the mapping step, and maps a real CSV', async ({ page }) => {
      await page.goto(`${t.prefix}/customers`);
      await page.getByRole('button', { name: t.importCsv }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: PNG });
      await expect(dialog.getByRole('alert')).toContainText(t.notCsv);
      await expect(dialog.getByRole('combobox')).toHaveCount(0);

      // A Latin-1 file (older Excel) is text: on to the mapping, accents intact.
      const latin1 = Buffer.from('Nombre;Teléfono\nMaría Peña;600000001\n', 'latin1');
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: latin1 });
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await expect(dialog.getByText('María Peña').first()).toBeVisible();
    });

    test('a new appointment starts at the next free slot, not inside the break; a start in the past asks first', async ({ page }) => {
      // Monday 23 November 2026, 14:10 in Madrid: inside the example calendar's 14:00–15:00 break.
      await page.clock.setFixedTime(new Date('2026-11-23T13:10:00Z'));
      await page.goto(`${t.prefix}/appointments/create`);
      await expect(page.getByRole('heading', { level: 1, name: t.newAppointment })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.date })).toHaveValue('2026-11-23');
      await expect(page.getByRole('combobox', { name: t.start })).toHaveValue('15:00');

      // 10:00 the same day is in the past: the form asks, and "Go back" books nothing.
      let posted = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/appointments$/.test(new URL(request.url()).pathname)) posted += 1;
      });
      await page.getByRole('combobox', { name: t.customer }).fill('Lucía');
      await page.getByRole('option', { name: /Lucía García/ }).first().click();
      await page.getByRole('combobox', { name: t.services }).click();
      await page.getByRole('option').first().click();
      await page.keyboard.press('Escape');
      const start = page.getByRole('combobox', { name: t.start });
      await start.click();
      await start.fill('1000');
      await page.keyboard.press('Enter');
      await expect(start).toHaveValue('10:00');
      await page.getByRole('button', { name: t.book, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.pastTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: t.goBack }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: t.newAppointment })).toBeVisible();
      expect(posted).toBe(0);
    });

    test('on a phone, the customers are cards (no sideways scroll) and the booking form’s customer field keeps its width', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`${t.prefix}/customers`);
      const cards = page.getByRole('list', { name: t.customers });
      const lucia = cards.getByRole('listitem').filter({ hasText: 'Lucía García' });
      await expect(lucia).toContainText('+34 612 345 678');
      await expect(lucia).toContainText('Clienta habitual');
      await expect(page.getByRole('table')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.goto(`${t.prefix}/appointments/create?start=2026-11-23T16:00&end=2026-11-23T16:30&userId=${OWNER_ID}`);
      const field = page.getByRole('combobox', { name: t.customer });
      await expect(field).toBeVisible();
      // Most of the phone's width (375 px less the page's padding), not squeezed beside the button.
      expect((await field.boundingBox())!.width).toBeGreaterThan(250);
    });

    test('the whole team side by side: each member’s appointments in the member’s colour (issue 19)', async ({ page }) => {
      await page.goto(`${t.prefix}/appointments?date=2026-11-23&who=all`);
      const first = page.getByTestId('member-column').first();
      await expect(first).toContainText('Ana');
      // Ana's colour in the contract's team example: #2f9e44.
      await expect(first.getByTestId('member-color')).toBeVisible();
      const event = first.getByTestId('appointment-event').first();
      await expect(event).toBeVisible();
      const background = await event.evaluate((node) => {
        for (let element: Element | null = node; element; element = element.parentElement) {
          const color = getComputedStyle(element).backgroundColor;
          if (color && color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
        }
        return '';
      });
      expect(background).toBe('rgb(47, 158, 68)');
    });
  });
}
