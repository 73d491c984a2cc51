import { expect, test } from '@playwright/test';
import { newEmail, onboard, ownerSession, register, TEXT, waitForIdentityProvider } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';
import { outboxMail } from './outbox';

// Issue 18, "told what happens": a customer books online; the owner finds it in the shell's
// notification area (the bell, with its unread count, each item opening the appointment) and gets an
// e-mail through the outbox in their language (the stack writes .eml files under DATA_DIR/outbox).

const WORDS = {
  'en-US': { bell: /^Notifications, 1 unread$/, bellRead: /^Notifications$/, booked: /Lucy Online booked online for/, subject: 'New online booking' },
  'es-ES': { bell: /^Notificaciones, 1 sin leer$/, bellRead: /^Notificaciones$/, booked: /Lucy Online ha reservado online para el/, subject: 'Nueva reserva online' },
} as const;

for (const locale of ['en-US', 'es-ES'] as const) {
  const w = WORDS[locale];
  const prefix = TEXT[locale].prefix;

  test(`an online booking arrives in the owner's notification area and outbox (${locale})`, async ({ page }) => {
    test.setTimeout(240_000);
    await waitForIdentityProvider(page);
    const ownerEmail = newEmail(`told-${locale}`);
    await register(page, locale, ownerEmail);
    await onboard(page, locale, `Told ${locale}`);
    await closeSubscriptionPopup(page);
    const { tenantId, headers } = await ownerSession(page);

    // A service bookable online and the booking page on (their screens have their own tests).
    const service = await page.request.post(`/v1/tenants/${tenantId}/services`, {
      headers,
      data: { service: { name: 'Cut', durationMinutes: 30, price: { amount: 2000, currency: 'EUR' }, color: '#228be6', active: true, onlineBookable: true } },
    });
    expect(service.status()).toBe(201);
    const serviceId = ((await service.json()) as { service: { id: string } }).service.id;
    const settings = await page.request.put(`/v1/tenants/${tenantId}`, { headers, data: { tenant: { onlineBooking: { enabled: true, minimumNoticeMinutes: 0 } } } });
    expect(settings.status()).toBe(200);
    const slug = ((await settings.json()) as { tenant: { onlineBooking: { slug: string } } }).tenant.onlineBooking.slug;

    // A customer books (the public API the booking page uses).
    const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const availability = await page.request.get(`/v1/public/booking/${slug}/availability?serviceIds=${serviceId}&from=${from}&days=7`);
    expect(availability.status()).toBe(200);
    const slots = ((await availability.json()) as { days: Array<{ slots: Array<{ startAt: string }> }> }).days.flatMap((day) => day.slots);
    const booked = await page.request.post(`/v1/public/booking/${slug}/appointments`, {
      data: {
        serviceIds: [serviceId],
        startAt: slots[0]!.startAt,
        customer: { name: 'Lucy', lastName: 'Online', phoneCountryCode: '+34', phoneNumber: '612345678', email: newEmail('told-customer') },
        language: locale,
        privacyConsent: true,
      },
    });
    expect(booked.status()).toBe(201);

    // The bell counts it; its item opens the appointment and is then read.
    await page.goto(`${prefix}/`);
    await closeSubscriptionPopup(page);
    const bell = page.getByRole('button', { name: w.bell });
    await expect(bell).toBeVisible({ timeout: 20_000 });
    await bell.click();
    const item = page.getByRole('menu').getByRole('menuitem', { name: w.booked });
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/appointments/[0-9a-f-]{36}`));
    const appointmentId = /appointments\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await expect(page.getByRole('button', { name: w.bellRead })).toBeVisible();

    // The owner's e-mail, in their language, links to the appointment.
    const mail = await outboxMail(`/appointments/${appointmentId}`, 90_000);
    expect(mail).toContain(w.subject);
    expect(mail.toLowerCase()).toContain(`to: ${ownerEmail.toLowerCase()}`);
  });
}
