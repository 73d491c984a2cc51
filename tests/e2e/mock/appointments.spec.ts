import type { Locator, Page } from '@playwright/test';
import { expect, test } from './signed-in';

// The calendar, the booking form and the appointment page against Prism (the contract's examples:
// Lucía García at 10:30 and Javier Martín at 12:00 on Monday 23 November 2026, Europe/Madrid).
const APPOINTMENT_ID = '6f8a0c2e-4b6d-4f8a-8c0e-2b4d6f8a0c2e';
const OWNER_ID = '2c4e6a8b-0d1f-4a3c-8e5b-7f9a1c3e5b7d';
const MARTA_ID = '5e7a9c1b-3d5f-4b7a-9c1e-3f5a7b9d1c3e';

const SCREENS = {
  'en-US': {
    prefix: '',
    title: 'Appointments',
    confirmed: 'Confirmed',
    pending: 'Pending',
    break: 'Break',
    timeOff: 'Time off: Médico',
    newAppointment: 'New appointment',
    customer: 'Customer',
    services: 'Services',
    repeat: 'Repeat',
    book: 'Book',
    charge: 'Charge',
    markDone: 'Mark as done',
    week: 'Week of November 23, 2026',
    everyone: 'Everyone, side by side',
    calendarOf: 'Calendar of',
    blockTime: 'Block time',
    member: 'Team member',
    day: 'Day',
    from: 'From',
    until: 'Until',
    description: 'Description (optional)',
    added: 'Time off added',
    reminder: 'WhatsApp, 1 day before',
    reminderSent: /^Sent on Sun, Nov 22, 2026, 10:30$/,
  },
  'es-ES': {
    prefix: '/es-ES',
    title: 'Citas',
    confirmed: 'Confirmada',
    pending: 'Pendiente',
    break: 'Descanso',
    timeOff: 'Tiempo libre: Médico',
    newAppointment: 'Nueva cita',
    customer: 'Cliente',
    services: 'Servicios',
    repeat: 'Repetir',
    book: 'Reservar',
    charge: 'Cobrar',
    markDone: 'Marcar como realizada',
    week: 'Semana del 23 de noviembre de 2026',
    everyone: 'Todo el equipo, en columnas',
    calendarOf: 'Calendario de',
    blockTime: 'Bloquear tiempo',
    member: 'Miembro del equipo',
    day: 'Día',
    from: 'Desde',
    until: 'Hasta',
    description: 'Descripción (opcional)',
    added: 'Ausencia añadida',
    reminder: 'WhatsApp, 1 día antes',
    reminderSent: /^Enviado el dom, 22 nov 2026, 10:30$/,
  },
} as const;

/** Presses Tab until `target` has the focus (the keyboard's way there), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 45) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with Tab');
}

for (const [locale, t] of Object.entries(SCREENS)) {
  test.describe(`appointments (${locale})`, () => {
    test('the week shows the appointments with customer, services, status and the unavailable slots', async ({ page }) => {
      await page.goto(`${t.prefix}/appointments?date=2026-11-25`);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await expect(page.getByTestId('calendar-title')).toHaveText(t.week);
      const lucia = page.getByTestId('appointment-event').filter({ hasText: 'Lucía García' });
      await expect(lucia).toBeVisible();
      await expect(lucia).toContainText('Corte y peinado');
      await expect(lucia).toContainText('Quiere probar un flequillo cortina.');
      await expect(lucia).toContainText(t.confirmed);
      await expect(lucia).toContainText('10:30');
      await expect(page.getByTestId('appointment-event').filter({ hasText: 'Javier Martín' })).toContainText(t.pending);
      await expect(page.getByText(t.break).first()).toBeVisible();
      await expect(page.getByText(t.timeOff)).toBeVisible();
    });

    test('everyone side by side: one column per member from one range request', async ({ page }) => {
      let fetches = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/appointments/by')) fetches += 1;
      });
      await page.goto(`${t.prefix}/appointments?date=2026-11-23&who=all`);
      await expect(page.getByTestId('member-column')).toHaveCount(2);
      await expect(page.getByTestId('member-column').first()).toContainText('Ana');
      await expect(page.getByTestId('member-column').nth(1)).toContainText('Marta');
      await expect(page.getByTestId('member-column').first().getByTestId('appointment-event').first()).toBeVisible();
      // Both columns come from one request (userIds), not one per member.
      expect(fetches).toBe(1);
    });

    test('going back to a week already seen does not fetch it again', async ({ page }) => {
      let fetches = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/appointments/by')) fetches += 1;
      });
      await page.goto(`${t.prefix}/appointments?date=2026-11-23`);
      await expect(page.getByTestId('appointment-event').first()).toBeVisible();
      await page.getByRole('button', { name: locale === 'en-US' ? 'Next' : 'Siguiente' }).click();
      await expect(page.getByTestId('calendar-title')).not.toHaveText(t.week);
      await page.getByRole('button', { name: locale === 'en-US' ? 'Previous' : 'Anterior' }).click();
      await expect(page.getByTestId('calendar-title')).toHaveText(t.week);
      await expect(page.getByTestId('appointment-event').first()).toBeVisible();
      expect(fetches).toBe(2);
    });

    test('block time from the calendar with the keyboard only', async ({ page }) => {
      await page.goto(`${t.prefix}/appointments?date=2026-11-25`);
      await expect(page.getByTestId('appointment-event').first()).toBeVisible();
      await tabTo(page, page.getByRole('button', { name: t.blockTime }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t.blockTime });
      await expect(dialog).toBeVisible();
      // A block on the day shown, for the member picked by typing their name.
      await expect(dialog.getByRole('textbox', { name: t.day })).toHaveValue('2026-11-25');
      const member = dialog.getByRole('combobox', { name: t.member });
      await expect(member).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Marta');
      await page.keyboard.press('Enter');
      await expect(member).toHaveValue('Marta López');
      for (const [label, time] of [
        [t.from, '1000'],
        [t.until, '1130'],
      ] as const) {
        await tabTo(page, dialog.getByRole('combobox', { name: label }));
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type(time);
        await page.keyboard.press('Enter');
      }
      await expect(dialog.getByRole('combobox', { name: t.from })).toHaveValue('10:00');
      await expect(dialog.getByRole('combobox', { name: t.until })).toHaveValue('11:30');
      await tabTo(page, dialog.getByRole('textbox', { name: t.description }));
      await page.keyboard.type('Médico');
      // Saved for Marta (the request's body is not visible to the test: the form's fields above are).
      const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/users/${MARTA_ID}/time-off`));
      await page.keyboard.press('Enter');
      await sent;
      await expect(page.getByText(t.added)).toBeVisible();
      await expect(dialog).toBeHidden();
    });

    test('the booking form', async ({ page }) => {
      await page.goto(`${t.prefix}/appointments/create?start=2026-11-23T16:00&end=2026-11-23T16:30&userId=${OWNER_ID}`);
      await expect(page.getByRole('heading', { level: 1, name: t.newAppointment })).toBeVisible();
      await expect(page.getByRole('combobox', { name: t.customer })).toBeVisible();
      await expect(page.getByRole('combobox', { name: t.services })).toBeVisible();
      await page.getByRole('switch', { name: t.repeat }).check();
      await expect(page.getByRole('button', { name: t.book, exact: true })).toBeEnabled();
    });

    test('the appointment page: details, status buttons, a Charge link to the till', async ({ page }) => {
      await page.goto(`${t.prefix}/appointments/${APPOINTMENT_ID}?userId=${OWNER_ID}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Lucía García' })).toBeVisible();
      await expect(page.getByTestId('appointment-status')).toHaveText(t.confirmed);
      await expect(page.getByText('Corte y peinado')).toBeVisible();
      // Its reminder, and what became of it (issue 18): sent the day before, 09:30 UTC = 10:30 in Madrid.
      const reminder = page.getByTestId('appointment-reminders').getByRole('listitem');
      await expect(reminder.getByText(t.reminder, { exact: true })).toBeVisible();
      await expect(reminder.getByText(t.reminderSent)).toBeVisible();
      // Charging opens the till for this appointment (issue 17): /sales/new with the appointment and its professional.
      const charge = page.getByRole('link', { name: t.charge });
      await expect(charge).toHaveAttribute('href', new RegExp(`^${t.prefix}/sales/new\\?appointmentId=${APPOINTMENT_ID}&userId=${OWNER_ID}$`));
      await charge.click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/sales/new\\?appointmentId=${APPOINTMENT_ID}`));
    });
  });
}
