// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Temporal } from 'temporal-polyfill';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, Tenant } from '@generated/types.gen';
import { installDomShims } from '~/components/testing/install-dom-shims';
import esES from '../../../../messages/es-ES.json';
import { AppointmentReminders } from './appointment-reminders';

// Thursday 2026-11-26, 12:00-13:00 in Madrid (11:00 UTC), booked on the 20th; it is 10:00 in Madrid now.
const NOW = Temporal.Instant.from('2026-11-26T09:00:00Z');
const tenant = { id: 't', timeZone: 'Europe/Madrid', businessName: 'Salón Lucía', locale: 'es-ES' } as Tenant;
const appointment = {
  id: 'a',
  status: 'APPOINTMENT_STATUS_CONFIRMED',
  startDate: { year: 2026, month: 11, day: 26, hours: 12, minutes: 0 },
  endDate: { year: 2026, month: 11, day: 26, hours: 13, minutes: 0 },
  startAt: '2026-11-26T12:00:00+01:00',
  createdAt: '2026-11-20T09:00:00Z',
  customer: { id: 'c', name: 'Ana', email: 'ana@example.com', phoneCountryCode: '+34', phoneNumber: '612345678' },
  // Each reminder's status is the server's (read from its outbox message).
  reminders: [
    // Sent yesterday at 12:00 Madrid.
    { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440, sent: true, sentAt: '2026-11-25T11:00:00Z', status: 'REMINDER_STATUS_SENT', dueAt: '2026-11-25T11:00:00Z' },
    // Due at 11:00 Madrid today.
    { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 60, sent: false, status: 'REMINDER_STATUS_SCHEDULED', dueAt: '2026-11-26T10:00:00Z' },
    // No SMS provider on this server.
    { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 30, sent: false, status: 'REMINDER_STATUS_SKIPPED', failureReason: 'unsupported_channel', dueAt: '2026-11-26T10:30:00Z' },
    // Was due at 09:00 Madrid; WhatsApp refused it.
    {
      channel: 'REMINDER_CHANNEL_WHATSAPP',
      minutesBefore: 180,
      sent: false,
      status: 'REMINDER_STATUS_FAILED',
      failureReason: 'provider_rejected',
      dueAt: '2026-11-26T08:00:00Z',
      lastAttemptAt: '2026-11-26T08:00:02Z',
    },
  ],
} as unknown as Appointment;

function renderReminders(locale: 'en-US' | 'es-ES', value: Appointment = appointment) {
  const client = new QueryClient();
  render(
    <IntlProvider locale={locale} defaultLocale="en-US" messages={locale === 'es-ES' ? esES : undefined}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <AppointmentReminders appointment={value} tenant={tenant} now={NOW} />
        </QueryClientProvider>
      </MantineProvider>
    </IntlProvider>,
  );
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

describe('the appointment page reminders (issue 18)', () => {
  beforeAll(installDomShims);
  afterEach(cleanup);

  it('tells, in words, the channel, when, and what became of each reminder, as the server says', () => {
    const items = renderReminders('en-US');
    expect(items).toEqual([
      'E-mail, 1 day beforeSent on Wed, Nov 25, 2026, 12:00',
      'E-mail, 1 hour beforePending: to be sent at 11:00',
      'SMS, 30 minutes beforeNot sent automatically: no SMS provider is set upSend it yourself with the WhatsApp button on this page.',
      "WhatsApp, 3 hours beforeNot sent: the provider refused it (due: 09:00)Check the customer's phone number, or remind them yourself.",
    ]);
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('data-state'))).toEqual(['sent', 'scheduled', 'unsupported', 'failed']);
    // The heading names the card for screen readers; the icons are hidden from them.
    const card = screen.getByTestId('appointment-reminders');
    expect(within(card).getByRole('heading', { name: 'Reminders' })).toBeTruthy();
    expect(card.querySelectorAll('svg:not([aria-hidden="true"])')).toHaveLength(0);
  });

  it('in Spanish too', () => {
    const items = renderReminders('es-ES');
    expect(items[1]).toBe('Correo electrónico, 1 hora antesPendiente: se enviará a las 11:00');
    expect(items[3]).toBe('WhatsApp, 3 horas antesNo enviado: el proveedor lo rechazó (previsto: 09:00)Revisa el teléfono del cliente, o recuérdaselo tú.');
  });

  it('being sent, retried, failed for good, without a contact, too late, cancelled: each in words', () => {
    const base = { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 60, sent: false, dueAt: '2026-11-26T10:00:00Z' } as const;
    const others = {
      ...appointment,
      reminders: [
        { ...base, status: 'REMINDER_STATUS_SENDING', lastAttemptAt: '2026-11-26T10:00:01Z' },
        { ...base, status: 'REMINDER_STATUS_RETRYING', failureReason: 'provider_unavailable', lastAttemptAt: '2026-11-26T10:00:01Z', nextAttemptAt: '2026-11-26T10:00:31Z' },
        { ...base, status: 'REMINDER_STATUS_FAILED', failureReason: 'provider_unavailable', lastAttemptAt: '2026-11-26T11:00:01Z' },
        { ...base, status: 'REMINDER_STATUS_SKIPPED', failureReason: 'no_recipient' },
        { ...base, status: 'REMINDER_STATUS_SKIPPED', failureReason: 'too_late' },
      ],
    } as Appointment;
    expect(renderReminders('en-US', others)).toEqual([
      'E-mail, 1 hour beforeBeing sent now (due: 11:00)',
      'E-mail, 1 hour beforeNot sent yet: the provider could not be reached; trying again at 11:00',
      'E-mail, 1 hour beforeNot sent: the provider could not be reached (due: 11:00)Sending was tried several times and has stopped. Remind the customer yourself.',
      'E-mail, 1 hour beforeNot sent: the appointment has no e-mail address for the customer',
      'E-mail, 1 hour beforeNot sent: its time (11:00) had already passed',
    ]);
    cleanup();
    const cancelled = { ...appointment, status: 'APPOINTMENT_STATUS_CANCELLED', reminders: [{ ...base, status: 'REMINDER_STATUS_CANCELLED' }] } as Appointment;
    expect(renderReminders('es-ES', cancelled)).toEqual(['Correo electrónico, 1 hora antesNo enviado: la cita ya no está pendiente ni confirmada']);
  });
});
