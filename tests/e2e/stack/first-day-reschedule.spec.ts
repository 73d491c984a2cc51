import { expect, test } from '@playwright/test';
import { newEmail, onboard, ownerSession, register, TEXT, waitForIdentityProvider } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';
import { outboxMail } from './outbox';

// Issue 18: a customer moves their appointment from the link in their confirmation e-mail (the
// public /cancel-appointments page, with a phone's width and the keyboard); the owner finds the move
// in the notification area and in the outbox, and the customer gets a new confirmation whose link
// replaces the old one (the old one no longer opens the appointment).

const WORDS = {
  'en-US': {
    change: 'Change the date or time',
    days: 'Days',
    times: /^Free times on /,
    move: /^Move my appointment to /,
    moved: 'Your appointment has been moved.',
    revoked: 'This link no longer works',
    bell: /^Notifications, 2 unread$/,
    item: /Lucy Online moved their appointment online to/,
    subject: 'Moved online: Lucy Online',
  },
  'es-ES': {
    change: 'Cambiar la fecha o la hora',
    days: 'Días',
    times: /^Horas libres el /,
    move: /^Cambiar mi cita al /,
    moved: 'Tu cita se ha cambiado.',
    revoked: 'Este enlace ya no funciona',
    bell: /^Notificaciones, 2 sin leer$/,
    item: /Lucy Online ha cambiado online su cita al/,
    subject: 'Cambiada online: Lucy Online',
  },
} as const;

for (const locale of ['en-US', 'es-ES'] as const) {
  const w = WORDS[locale];
  const prefix = TEXT[locale].prefix;

  test(`a customer reschedules from the e-mail link; the owner's bell and the outbox show it (${locale})`, async ({ page, browser }) => {
    test.setTimeout(300_000);
    await waitForIdentityProvider(page);
    const ownerEmail = newEmail(`moved-${locale}`);
    await register(page, locale, ownerEmail);
    await onboard(page, locale, `Moved ${locale}`);
    await closeSubscriptionPopup(page);
    const { tenantId, headers } = await ownerSession(page);

    const service = await page.request.post(`/v1/tenants/${tenantId}/services`, {
      headers,
      data: { service: { name: 'Cut', durationMinutes: 30, price: { amount: 2000, currency: 'EUR' }, color: '#228be6', active: true, onlineBookable: true } },
    });
    expect(service.status()).toBe(201);
    const serviceId = ((await service.json()) as { service: { id: string } }).service.id;
    const settings = await page.request.put(`/v1/tenants/${tenantId}`, { headers, data: { tenant: { onlineBooking: { enabled: true, minimumNoticeMinutes: 0 } } } });
    expect(settings.status()).toBe(200);
    const slug = ((await settings.json()) as { tenant: { onlineBooking: { slug: string } } }).tenant.onlineBooking.slug;

    const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const availability = await page.request.get(`/v1/public/booking/${slug}/availability?serviceIds=${serviceId}&from=${from}&days=7`);
    const slots = ((await availability.json()) as { days: Array<{ slots: Array<{ startAt: string }> }> }).days.flatMap((day) => day.slots);
    const customerEmail = newEmail('moved-customer');
    const booked = await page.request.post(`/v1/public/booking/${slug}/appointments`, {
      data: {
        serviceIds: [serviceId],
        startAt: slots[0]!.startAt,
        customer: { name: 'Lucy', lastName: 'Online', phoneCountryCode: '+34', phoneNumber: '612345679', email: customerEmail },
        language: locale,
        privacyConsent: true,
      },
    });
    expect(booked.status()).toBe(201);

    // The customer's confirmation carries the link; they open it on a phone.
    const confirmation = await outboxMail(customerEmail, 90_000);
    const link = /https?:\/\/[^\s"<>]+\/cancel-appointments\?token=[A-Za-z0-9_-]+/.exec(confirmation)![0];
    const customer = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await customer.goto(new URL(link).pathname + new URL(link).search);
    const change = customer.getByRole('button', { name: w.change });
    await expect(change).toBeVisible({ timeout: 20_000 });
    await change.focus();
    await customer.keyboard.press('Enter');
    // The second day offered, its first free time, by keyboard.
    const days = customer.getByRole('group', { name: w.days, exact: true }).getByRole('button');
    await days.nth(1).click();
    const time = customer.getByRole('group', { name: w.times }).getByRole('button').first();
    await time.focus();
    await customer.keyboard.press('Enter');
    await expect(time).toHaveAttribute('aria-pressed', 'true');
    const move = customer.getByRole('button', { name: w.move });
    await move.click();
    await expect(customer.getByRole('status').filter({ hasText: w.moved })).toBeVisible();
    // The old link is dead.
    await customer.reload();
    await expect(customer.getByRole('alert').filter({ hasText: w.revoked })).toBeVisible({ timeout: 20_000 });
    await customer.close();

    // The owner's bell: the booking and the move, unread; the move opens the appointment.
    await page.goto(`${prefix}/`);
    await closeSubscriptionPopup(page);
    const bell = page.getByRole('button', { name: w.bell });
    await expect(bell).toBeVisible({ timeout: 20_000 });
    await bell.click();
    await page.getByRole('menu').getByRole('menuitem', { name: w.item }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/appointments/[0-9a-f-]{36}`));
    const appointmentId = /appointments\/([0-9a-f-]{36})/.exec(page.url())![1]!;

    // The outbox: the owner's e-mail of the move, and the customer's new confirmation (sequence 1).
    const notice = await outboxMail(w.subject, 90_000);
    expect(notice.toLowerCase()).toContain(`to: ${ownerEmail.toLowerCase()}`);
    expect(notice).toContain(`/appointments/${appointmentId}`);
    await outboxMail(`confirmation.${appointmentId}.1@`, 90_000);
  });
}
