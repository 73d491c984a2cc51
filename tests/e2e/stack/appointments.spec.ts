import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { newEmail, newMemberPage, onboard, register, TEXT, type Locale } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// The calendar on the real stack (issue 8): book by clicking a slot, drag to another time and see it
// persist, change the status and see the colour, a weekly series of 4, a refused double booking, a
// blocked afternoon, and a move to another member's column, in English and in Spanish.
/** A Monday far enough ahead that every appointment is in the future (statuses, reminders). */
const MONDAY = '2030-01-07';
const TUESDAY = '2030-01-08';

const WORDS = {
  'en-US': {
    book: 'Book an appointment',
    block: 'Block this time',
    customer: 'Customer',
    services: 'Services',
    submit: 'Book',
    booked: 'Appointment booked',
    moved: 'Appointment moved',
    series: '4 appointments booked',
    repeat: 'Repeat',
    noneCollides: '4 appointments, none collides.',
    taken: 'already has an appointment then',
    blocked: 'Blocked',
    reject: 'Reject',
    rejected: 'Rejected',
    changeStatus: 'Change status',
    calendarOf: 'Calendar of',
    everyone: 'Everyone, side by side',
    date: 'Date',
    start: 'Start',
  },
  'es-ES': {
    book: 'Reservar una cita',
    block: 'Bloquear este tiempo',
    customer: 'Cliente',
    services: 'Servicios',
    submit: 'Reservar',
    booked: 'Cita reservada',
    moved: 'Cita movida',
    series: '4 citas reservadas',
    repeat: 'Repetir',
    noneCollides: '4 citas, ninguna coincide con otra.',
    taken: 'ya tiene una cita a esa hora',
    blocked: 'Bloqueado',
    reject: 'Rechazar',
    rejected: 'Rechazada',
    changeStatus: 'Cambiar estado',
    calendarOf: 'Calendario de',
    everyone: 'Todo el equipo, en columnas',
    date: 'Fecha',
    start: 'Inicio',
  },
} as const;

async function session(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('session') ?? '{}') as { tenant?: { id: string }; user?: { id: string } });
  return { headers: { authorization: `Bearer ${token}` }, tenantId: stored.tenant!.id, userId: stored.user!.id };
}

/** A service and a customer through the API (the catalogue has its own tests). */
async function catalogue(page: Page, customerName: string) {
  const { headers, tenantId } = await session(page);
  const service = await page.request.post(`/v1/tenants/${tenantId}/services`, {
    headers,
    data: { service: { name: 'Corte', durationMinutes: 45, price: { amount: 2000, currency: 'EUR' }, color: '#228be6', active: true } },
  });
  expect(service.status()).toBe(201);
  const customer = await page.request.post(`/v1/tenants/${tenantId}/customers`, { headers, data: { customer: { name: customerName, lastName: 'Prueba' } } });
  expect(customer.status()).toBe(201);
}

/** The point of the calendar grid `region` at wall-clock `time` ('HH:mm'), in the column at `x` (0-1). */
async function slotPoint(region: Locator, time: string, x = 0.6) {
  const label = region.getByText(time, { exact: true }).first();
  await label.scrollIntoViewIfNeeded();
  const labelBox = (await label.boundingBox())!;
  const box = (await region.boundingBox())!;
  return { x: box.x + box.width * x, y: labelBox.y + 1 };
}

async function bookThroughForm(page: Page, locale: Locale, customer: string) {
  const w = WORDS[locale];
  await page.getByRole('combobox', { name: w.customer }).fill(customer.slice(0, 5));
  await page.getByRole('option', { name: new RegExp(customer) }).first().click();
  await page.getByRole('combobox', { name: w.services }).click();
  await page.getByRole('option', { name: /Corte/ }).first().click();
  await page.keyboard.press('Escape');
}

async function inviteMember(browser: Browser, owner: Page, locale: Locale) {
  const email = newEmail('cal-member');
  await (await newMemberPage(browser, owner, locale, email)).context().close();
  return email;
}

for (const locale of ['en-US', 'es-ES'] as const) {
  const w = WORDS[locale];
  const prefix = TEXT[locale].prefix;

  test.describe(`appointments on the stack (${locale})`, () => {
    test.describe.configure({ timeout: 240_000 });

    test('book a slot, drag it, double-book, block an afternoon, change status, repeat weekly, move to a teammate', async ({ page, browser }) => {
      const email = newEmail('cal-owner');
      await register(page, locale, email);
      await onboard(page, locale, `Salon cal ${locale}`);
      await closeSubscriptionPopup(page);
      const customer = locale === 'en-US' ? 'Lucy' : 'Lucía';
      await catalogue(page, customer);

      // Book by clicking a slot of Monday's day view.
      await page.goto(`${prefix}/appointments?date=${MONDAY}&view=day`);
      await closeSubscriptionPopup(page);
      const grid = page.getByRole('region').filter({ has: page.getByText('10:00', { exact: true }) }).last();
      const ten = await slotPoint(grid, '10:00');
      await page.mouse.click(ten.x, ten.y);
      await page.getByRole('button', { name: w.book }).click();
      await expect(page).toHaveURL(/appointments\/create\?/);
      await bookThroughForm(page, locale, customer);
      await page.getByRole('button', { name: w.submit, exact: true }).click();
      await expect(page.getByText(w.booked)).toBeVisible();
      const event = page.getByTestId('appointment-event').filter({ hasText: customer });
      await expect(event).toContainText('10:00');

      // Drag it to 12:00; it stays there after a reload.
      // Move by the distance between the 10:00 and 12:00 labels (two hours), measured at the same
      // scroll position as the event itself.
      await event.scrollIntoViewIfNeeded();
      const from = (await event.boundingBox())!;
      const labelY = async (time: string) => (await grid.getByText(time, { exact: true }).first().boundingBox())!.y;
      const twoHours = (await labelY('12:00')) - (await labelY('10:00'));
      await page.mouse.move(from.x + from.width / 2, from.y + 6);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y + 30, { steps: 5 });
      await page.mouse.move(from.x + from.width / 2, from.y + 6 + twoHours, { steps: 10 });
      await page.mouse.up();
      await expect(page.getByText(w.moved)).toBeVisible();
      // Where the pointer lands inside the 5-minute grid decides 12:00 or 12:05; either way it moved
      // two hours and stays there after a reload.
      const movedTo = /12:0[05]/;
      await expect(event).toContainText(movedTo);
      await page.reload();
      await expect(page.getByTestId('appointment-event').filter({ hasText: customer })).toContainText(movedTo);

      // Booking the same time again is refused, naming the appointment that holds it.
      await page.goto(`${prefix}/appointments/create?start=${MONDAY}T12:00&end=${MONDAY}T12:45`);
      await bookThroughForm(page, locale, customer);
      await page.getByRole('button', { name: w.submit, exact: true }).click();
      await expect(page.getByTestId('booking-error')).toContainText(w.taken);

      // Block the afternoon (15:00-17:00): it shows greyed, with its reason.
      await page.goto(`${prefix}/appointments?date=${MONDAY}&view=day`);
      const grid2 = page.getByRole('region').filter({ has: page.getByText('15:00', { exact: true }) }).last();
      const three = await slotPoint(grid2, '15:00');
      const five = await slotPoint(grid2, '17:00');
      await page.mouse.move(three.x, three.y);
      await page.mouse.down();
      await page.mouse.move(three.x, (three.y + five.y) / 2, { steps: 5 });
      await page.mouse.move(five.x, five.y - 6, { steps: 5 });
      await page.mouse.up();
      await page.getByRole('button', { name: w.block }).click();
      await expect(page.getByText(w.blocked).first()).toBeVisible();

      // Change the status on the appointment page: the badge takes the danger colour, in the calendar too.
      await page.getByTestId('appointment-event').filter({ hasText: customer }).click();
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(customer) })).toBeVisible();
      await page.getByRole('button', { name: w.reject }).click();
      await page.getByRole('button', { name: w.changeStatus }).click();
      const status = page.getByTestId('appointment-status');
      await expect(status).toHaveText(w.rejected);
      await expect(status).toHaveAttribute('data-status', 'APPOINTMENT_STATUS_REJECTED');
      // The theme's red (its shades are darkened for contrast): red dominates, green and blue are low.
      const [red, green, blue] = (await status.evaluate((element) => getComputedStyle(element).backgroundColor)).match(/\d+/g)!.map(Number);
      expect(red).toBeGreaterThan(150);
      expect(Math.max(green!, blue!)).toBeLessThan(100);

      // A weekly series of 4 on Tuesdays at 11:00.
      await page.goto(`${prefix}/appointments/create?start=${TUESDAY}T11:00&end=${TUESDAY}T11:45`);
      await bookThroughForm(page, locale, customer);
      await page.getByRole('switch', { name: w.repeat }).check();
      await expect(page.getByTestId('series-preview')).toContainText(w.noneCollides);
      await page.getByRole('button', { name: w.submit, exact: true }).click();
      await expect(page.getByText(w.series)).toBeVisible();
      for (const tuesday of ['2030-01-15', '2030-01-22', '2030-01-29']) {
        await page.goto(`${prefix}/appointments?date=${tuesday}&view=day`);
        await expect(page.getByTestId('appointment-event').filter({ hasText: customer })).toContainText('11:00');
      }

      // Move Tuesday's appointment to a teammate's column.
      await inviteMember(browser, page, locale);
      await page.goto(`${prefix}/appointments?date=${TUESDAY}&who=all`);
      const columns = page.getByTestId('member-column');
      await expect(columns).toHaveCount(2);
      const source = columns.first().getByTestId('appointment-event').filter({ hasText: customer });
      const sourceBox = (await source.boundingBox())!;
      const targetBox = (await columns.nth(1).boundingBox())!;
      await page.mouse.move(sourceBox.x + sourceBox.width / 2, sourceBox.y + 6);
      await page.mouse.down();
      await page.mouse.move(sourceBox.x + sourceBox.width / 2 + 20, sourceBox.y + 6, { steps: 5 });
      await page.mouse.move(targetBox.x + targetBox.width / 2, sourceBox.y + 6, { steps: 15 });
      await page.mouse.up();
      await expect(page.getByText(w.moved)).toBeVisible();
      await page.reload();
      await expect(columns.nth(1).getByTestId('appointment-event').filter({ hasText: customer })).toBeVisible();
      await expect(columns.first().getByTestId('appointment-event').filter({ hasText: customer })).toHaveCount(0);
    });
  });
}
