import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { newEmail, onboard, register } from './fixtures';
import { outboxMail } from './outbox';
import { closeSubscriptionPopup } from '../subscription-popup';

// Online booking on the real stack (issue 9), in English and in Spanish: the business turns its
// booking page on in the settings, a customer books on a phone-sized window, the confirmation e-mail
// arrives (the stack writes .eml files under DATA_DIR/outbox), its link cancels the appointment, and
// the business's calendar shows the slot free again.

const WORDS = {
  'en-US': {
    enabled: 'Customers can book online',
    slug: 'Booking page address',
    save: 'Save changes',
    saved: 'Settings saved',
    service: 'Online haircut',
    continue: 'Continue',
    anyone: /Anyone available/,
    time: 'Choose a day and time',
    times: /^Free times on /,
    name: 'First name',
    lastName: 'Last name',
    phone: 'Phone',
    email: 'E-mail',
    privacy: /I agree that .* keeps my details/,
    book: 'Book',
    done: 'Your appointment is booked',
    cancelTitle: 'Cancel your appointment',
    cancel: 'Cancel the appointment',
    cancelled: 'Appointment cancelled',
  },
  'es-ES': {
    enabled: 'Los clientes pueden reservar en línea',
    slug: 'Dirección de la página de reservas',
    save: 'Guardar cambios',
    saved: 'Ajustes guardados',
    service: 'Corte en línea',
    continue: 'Continuar',
    anyone: /Cualquiera disponible/,
    time: 'Elige día y hora',
    times: /^Horas libres el /,
    name: 'Nombre',
    lastName: 'Apellidos',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    privacy: /Acepto que .* guarde mis datos/,
    book: 'Reservar',
    done: 'Tu cita está reservada',
    cancelTitle: 'Cancelar tu cita',
    cancel: 'Cancelar la cita',
    cancelled: 'Cita cancelada',
  },
} as const;

for (const locale of ['en-US', 'es-ES'] as const) {
  const w = WORDS[locale];
  const prefix = locale === 'es-ES' ? '/es-ES' : '';

  test(`a customer books online on a phone, and cancels from the e-mail (${locale})`, async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const owner = newEmail(`booking-${locale}`);
    const business = locale === 'en-US' ? 'Lucy Hair' : 'Peluquería Lucía';
    await register(page, locale, owner);
    await onboard(page, locale, business);
    await closeSubscriptionPopup(page);

    // A service bookable online (the catalogue has its own tests): through the API.
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
    const { tenantId } = await page.evaluate(() => ({ tenantId: (JSON.parse(window.localStorage.getItem('session') ?? '{}') as { tenant: { id: string } }).tenant.id }));
    const created = await page.request.post(`/v1/tenants/${tenantId}/services`, {
      headers: { authorization: `Bearer ${token}` },
      data: { service: { name: w.service, durationMinutes: 45, price: { amount: 2000, currency: 'EUR' }, color: '#228be6', active: true, onlineBookable: true } },
    });
    expect(created.status()).toBe(201);

    // The business turns its booking page on in the settings.
    const slug = `e2e-${locale.toLowerCase()}-${randomUUID().slice(0, 8)}`;
    await page.goto(`${prefix}/settings`);
    await closeSubscriptionPopup(page);
    await page.getByRole('switch', { name: w.enabled }).check({ force: true });
    await page.getByRole('textbox', { name: w.slug }).fill(slug);
    await page.getByRole('button', { name: w.save }).click();
    await expect(page.getByText(w.saved)).toBeVisible();
    const link = `${baseURL}${prefix}/book/${slug}`;
    await expect(page.getByRole('link', { name: new RegExp(link.replace(/[.?/]/g, '\\$&')) })).toHaveAttribute('href', link);

    // A customer books on a phone.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale });
    const customer = await phone.newPage();
    const customerEmail = newEmail(`customer-${locale}`);
    await customer.goto(link);
    await expect(customer.getByRole('heading', { level: 1, name: business })).toBeVisible();
    await customer.getByRole('checkbox', { name: new RegExp(w.service) }).check();
    await customer.getByRole('button', { name: w.continue }).click();
    await expect(customer.getByRole('radio', { name: w.anyone })).toBeChecked();
    await customer.getByRole('button', { name: w.continue }).click();
    await expect(customer.getByRole('heading', { level: 2, name: w.time })).toBeVisible();
    const firstTime = customer.getByRole('group', { name: w.times }).getByRole('button').first();
    await expect(firstTime).toBeVisible({ timeout: 20_000 });
    await firstTime.click();
    await customer.getByLabel(w.name).fill(locale === 'en-US' ? 'Lucy' : 'Lucía');
    await customer.getByLabel(w.lastName).fill('Online');
    await customer.getByRole('textbox', { name: new RegExp(`^${w.phone}`) }).fill('612345678');
    await customer.getByRole('textbox', { name: new RegExp(`^${w.email}`) }).fill(customerEmail);
    await customer.getByRole('checkbox', { name: w.privacy }).check();
    const answer = customer.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes(`/v1/public/booking/${slug}/appointments`));
    await customer.getByRole('button', { name: w.book, exact: true }).click();
    await expect(customer.getByRole('heading', { level: 1, name: w.done })).toBeVisible();
    const booked = (await (await answer).json()) as { booking: { startAt: string } };
    const [date, clock] = booked.booking.startAt.split('T') as [string, string];
    // The calendar writes 09:00 in English and 9:00 in Spanish.
    const hhmm = new RegExp(`\\b0?${Number(clock.slice(0, 2))}:${clock.slice(3, 5)}`);

    // The business sees it in its calendar.
    const who = locale === 'en-US' ? 'Lucy' : 'Lucía';
    await page.goto(`${prefix}/appointments?date=${date}&view=day`);
    await closeSubscriptionPopup(page);
    await expect(page.getByTestId('appointment-event').filter({ hasText: who })).toContainText(hhmm);

    // The confirmation e-mail arrives in the customer's language, with the cancellation link.
    const mail = await outboxMail(customerEmail, 60_000);
    expect(mail).toContain(business);
    const cancelLink = new RegExp(`https?://[^\\s"<>]+${prefix}/cancel-appointments\\?token=[A-Za-z0-9_-]+`).exec(mail)?.[0];
    expect(cancelLink, 'the cancellation link in the e-mail').toBeTruthy();

    // Its link cancels the appointment.
    await customer.goto(cancelLink!);
    await expect(customer.getByRole('heading', { level: 1, name: w.cancelTitle })).toBeVisible();
    await customer.getByRole('button', { name: w.cancel }).click();
    await expect(customer.getByRole('heading', { name: w.cancelled })).toBeVisible();
    await phone.close();

    // The calendar shows the slot free, and the booking page offers the time again.
    await page.reload();
    await expect(page.getByTestId('appointment-event').filter({ hasText: who })).toHaveCount(0);
    const availability = await page.request.get(`/v1/public/booking/${slug}/availability?serviceIds=${(await created.json()).service.id}&from=${date}&days=1`);
    expect(availability.status()).toBe(200);
    const slots = ((await availability.json()) as { days: { slots: { startAt: string }[] }[] }).days[0]!.slots.map((slot) => slot.startAt);
    expect(slots).toContain(booked.booking.startAt);
  });
}
