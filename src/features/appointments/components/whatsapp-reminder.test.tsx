// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getConfigurationQueryKey, getCustomerQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Appointment, ReminderChannel, Tenant } from '@generated/types.gen';
import { installDomShims } from '~/components/testing/install-dom-shims';
import { WhatsAppReminder } from './whatsapp-reminder';
import { whatsAppDigits } from './whatsapp-reminder-text';

const tenant = { id: '3c5e7a9b-1d3f-4b5d-8e7f-9a1b3c5d7e9f', businessName: 'Peluquería Ana', timeZone: 'Europe/Madrid', locale: 'en-US' } as Tenant;
const customerId = '7d9f1b3d-5f7a-4c9e-8b1d-3f5a7c9e1b3d';

const whatsApp = { channel: 'REMINDER_CHANNEL_WHATSAPP', minutesBefore: 1440, sent: false, dueAt: '2099-11-22T09:30:00Z' } as const;

function appointmentWith(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: '5a7c9e1b-3d5f-4a7b-9c1d-3e5f7a9b1c3d',
    status: 'APPOINTMENT_STATUS_CONFIRMED',
    startDate: { year: 2099, month: 11, day: 23, hours: 10, minutes: 30 },
    endDate: { year: 2099, month: 11, day: 23, hours: 11, minutes: 15 },
    customer: { id: customerId, name: 'Lucía', phoneCountryCode: '+34', phoneNumber: '612345678' },
    services: [{ id: 's', name: 'Corte y peinado', durationMinutes: 45, price: { amount: 2500, currency: 'EUR' } }],
    // As a server without a WhatsApp provider answers it.
    reminders: [{ ...whatsApp, status: 'REMINDER_STATUS_SKIPPED', failureReason: 'unsupported_channel' }],
    ...overrides,
  } as Appointment;
}

function renderIt(appointment: Appointment, channels: ReminderChannel[], customerLanguage?: 'en-US' | 'es-ES') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(getConfigurationQueryKey(), { configuration: { reminderChannels: channels } });
  client.setQueryData(getCustomerQueryKey({ path: { tenantId: tenant.id, id: customerId } }), {
    customer: { id: customerId, name: 'Lucía', ...(customerLanguage ? { language: customerLanguage } : {}) },
  });
  render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <MantineProvider>
        <QueryClientProvider client={client}>
          <WhatsAppReminder appointment={appointment} tenant={tenant} />
        </QueryClientProvider>
      </MantineProvider>
    </IntlProvider>,
  );
}

const link = () => screen.queryByRole('link', { name: /Send the reminder on WhatsApp/ });

describe('the WhatsApp reminder on the appointment page (issue 18)', () => {
  beforeAll(installDomShims);
  afterEach(cleanup);

  it("without a WhatsApp provider, offers the reminder prefilled in the customer's language, to their number", async () => {
    renderIt(appointmentWith(), ['REMINDER_CHANNEL_EMAIL'], 'es-ES');
    const href = (await screen.findByRole('link', { name: /Send the reminder on WhatsApp/ })).getAttribute('href')!;
    expect(href.startsWith('https://wa.me/34612345678?text=')).toBe(true);
    const text = decodeURIComponent(href.split('?text=')[1]!);
    expect(text).toBe('Hola, Lucía: te recordamos tu cita en Peluquería Ana el lunes, 23 de noviembre de 2099 a las 10:30. Servicios: Corte y peinado. ¡Hasta pronto!');
    // The appointment's WhatsApp reminder is not sent by the server: the card says so.
    expect(screen.getByText(/not sent automatically/)).toBeTruthy();
  });

  it("a customer without a language of their own gets the business's", async () => {
    renderIt(appointmentWith(), ['REMINDER_CHANNEL_EMAIL']);
    const href = (await screen.findByRole('link', { name: /Send the reminder on WhatsApp/ })).getAttribute('href')!;
    expect(decodeURIComponent(href.split('?text=')[1]!)).toMatch(/^Hello Lucía, this is a reminder of your appointment at Peluquería Ana on Monday, November 23, 2099 at 10:30\./);
  });

  it('is not offered when the server sends every reminder of the appointment itself, without a phone, or for a past or cancelled appointment', () => {
    // A server with a WhatsApp provider: its reminder is scheduled.
    renderIt(appointmentWith({ reminders: [{ ...whatsApp, status: 'REMINDER_STATUS_SCHEDULED' }] }), ['REMINDER_CHANNEL_EMAIL', 'REMINDER_CHANNEL_WHATSAPP']);
    expect(link()).toBeNull();
    cleanup();
    renderIt(appointmentWith({ customer: { id: customerId, name: 'Lucía' } }), ['REMINDER_CHANNEL_EMAIL']);
    expect(link()).toBeNull();
    cleanup();
    renderIt(appointmentWith({ startDate: { year: 2020, month: 1, day: 2, hours: 10, minutes: 0 } }), ['REMINDER_CHANNEL_EMAIL']);
    expect(link()).toBeNull();
    cleanup();
    renderIt(appointmentWith({ status: 'APPOINTMENT_STATUS_CANCELLED' }), ['REMINDER_CHANNEL_EMAIL']);
    expect(link()).toBeNull();
  });

  it('an SMS reminder the server cannot send still offers the WhatsApp message, even with a WhatsApp provider', async () => {
    const sms = { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 120, sent: false, dueAt: '2099-11-23T07:30:00Z' } as const;
    renderIt(appointmentWith({ reminders: [{ ...sms, status: 'REMINDER_STATUS_SKIPPED', failureReason: 'unsupported_channel' }] }), ['REMINDER_CHANNEL_EMAIL', 'REMINDER_CHANNEL_WHATSAPP']);
    expect(await screen.findByRole('link', { name: /Send the reminder on WhatsApp/ })).toBeTruthy();
  });

  it('writes numbers as wa.me wants them: international digits, a national trunk 0 left out (not in Italy)', () => {
    expect(whatsAppDigits('+34', '612 345 678')).toBe('34612345678');
    expect(whatsAppDigits('+44', '07700 900123')).toBe('447700900123');
    expect(whatsAppDigits('+39', '0612345678')).toBe('390612345678');
    expect(whatsAppDigits(undefined, '612345678')).toBeNull();
    expect(whatsAppDigits('+34', '12')).toBeNull();
  });
});
