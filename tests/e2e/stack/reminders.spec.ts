import { expect, test } from '@playwright/test';
import { bookThroughApi, newEmail, onboard, ownerSession, register, TEXT } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// Issue 18, "reminders where customers read them": the stack runs without an SMS or WhatsApp provider
// (no TWILIO_* / WHATSAPP_*), so the server does not send those reminders itself; the appointment page
// offers instead a one-click WhatsApp message to the customer (wa.me) with the reminder written in
// the customer's language, whatever the screen's. (The providers themselves are tested against fake
// Twilio and WhatsApp servers in tests/server/suites/phone-reminders.ts.)

const WORDS = {
  'en-US': { button: 'Send the reminder on WhatsApp', unsent: /not sent automatically/ },
  'es-ES': { button: 'Enviar el recordatorio por WhatsApp', unsent: /no se envían automáticamente/ },
} as const;

const CUSTOMERS = {
  // A Spanish-speaking owner's English-speaking customer, and the other way round.
  'es-ES': { language: 'en-US', phoneCountryCode: '+44', phoneNumber: '07700900123', digits: '447700900123', text: /^Hello Mary, this is a reminder of your appointment at Salón es-ES on Tuesday, January 8, 2030 at 10:00\. Services: Cut\./ },
  'en-US': { language: 'es-ES', phoneCountryCode: '+34', phoneNumber: '612345678', digits: '34612345678', text: /^Hola, Mary: te recordamos tu cita en Salón en-US el martes, 8 de enero de 2030 a las 10:00\. Servicios: Cut\./ },
} as const;

for (const locale of ['es-ES', 'en-US'] as const) {
  test(`without an SMS or WhatsApp provider, the appointment page offers the reminder on WhatsApp in the customer's language (${locale} screens)`, async ({ page }) => {
    test.setTimeout(150_000);
    const w = WORDS[locale];
    const c = CUSTOMERS[locale];
    await register(page, locale, newEmail(`reminders-${locale}`));
    await onboard(page, locale, `Salón ${locale}`);
    await closeSubscriptionPopup(page);
    const { userId } = await ownerSession(page);

    // The server says it sends e-mail reminders only.
    const configuration = (await (await page.request.get('/v1/configuration')).json()) as { configuration: { reminderChannels?: string[] } };
    expect(configuration.configuration.reminderChannels).toEqual(['REMINDER_CHANNEL_EMAIL']);

    const appointment = await bookThroughApi(page, {
      service: { name: 'Cut', amount: 2000 },
      customer: { name: 'Mary', phoneCountryCode: c.phoneCountryCode, phoneNumber: c.phoneNumber, language: c.language, preferredReminderChannel: 'REMINDER_CHANNEL_WHATSAPP' },
    });
    // The customer's preferred channel: a WhatsApp reminder, which this server does not send.
    expect(appointment.reminders.map((r) => [r.channel, r.sent])).toEqual([['REMINDER_CHANNEL_WHATSAPP', false]]);
    // The server says so itself: skipped for want of a provider (issue 18, the reminder's status).
    expect(appointment.reminders.map((r) => [r.status, r.failureReason])).toEqual([['REMINDER_STATUS_SKIPPED', 'unsupported_channel']]);

    await page.goto(`${TEXT[locale].prefix}/appointments/${appointment.id}?userId=${userId}`);
    await expect(page.getByTestId('appointment-reminders').getByRole('listitem')).toHaveAttribute('data-state', 'unsupported');
    const card = page.getByTestId('whatsapp-reminder');
    await expect(card).toContainText(w.unsent);
    const button = card.getByRole('link', { name: w.button });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('target', '_blank');
    const href = (await button.getAttribute('href'))!;
    expect(href.startsWith(`https://wa.me/${c.digits}?text=`)).toBe(true);
    expect(decodeURIComponent(href.slice(href.indexOf('?text=') + 6))).toMatch(c.text);
  });
}
