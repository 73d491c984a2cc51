// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Temporal } from 'temporal-polyfill';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getConfigurationQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Appointment, ReminderChannel, Tenant } from '@generated/types.gen';
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
  reminders: [
    // Sent yesterday at 12:00 Madrid.
    { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440, sent: true, sentAt: '2026-11-25T11:00:00Z' },
    // Due at 11:00 Madrid today.
    { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 60, sent: false },
    // No SMS provider on this server.
    { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 30, sent: false },
    // Was due at 09:00 Madrid, an hour ago, and did not leave.
    { channel: 'REMINDER_CHANNEL_WHATSAPP', minutesBefore: 180, sent: false },
  ],
} as unknown as Appointment;

function renderReminders(locale: 'en-US' | 'es-ES', value: Appointment = appointment) {
  const client = new QueryClient();
  const reminderChannels: ReminderChannel[] = ['REMINDER_CHANNEL_EMAIL', 'REMINDER_CHANNEL_WHATSAPP'];
  client.setQueryData(getConfigurationQueryKey(), { configuration: { reminderChannels } } as never);
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

  it('tells, in words, the channel, when, and what became of each reminder', () => {
    const items = renderReminders('en-US');
    expect(items).toEqual([
      'E-mail, 1 day beforeSent on Wed, Nov 25, 2026, 12:00',
      'E-mail, 1 hour beforePending: to be sent at 11:00',
      'SMS, 30 minutes beforeNot sent automatically: no SMS provider is set upSend it yourself with the WhatsApp button on this page.',
      "WhatsApp, 3 hours beforeNot sent (due: 09:00)Sending failed or is being retried, or the appointment was moved after that time. Check the customer's phone number, or remind them yourself.",
    ]);
    // The heading names the card for screen readers; the icons are hidden from them.
    const card = screen.getByTestId('appointment-reminders');
    expect(within(card).getByRole('heading', { name: 'Reminders' })).toBeTruthy();
    expect(card.querySelectorAll('svg:not([aria-hidden="true"])')).toHaveLength(0);
  });

  it('in Spanish too', () => {
    const items = renderReminders('es-ES');
    expect(items[1]).toBe('Correo electrónico, 1 hora antesPendiente: se enviará a las 11:00');
    expect(items[3]).toContain('No enviado (previsto: 09:00)');
  });

  it('says why a reminder of a cancelled appointment, or of one booked too late, does not leave', () => {
    const cancelled = { ...appointment, status: 'APPOINTMENT_STATUS_CANCELLED' } as Appointment;
    expect(renderReminders('en-US', cancelled)[1]).toBe('E-mail, 1 hour beforeNot sent: the appointment is no longer pending or confirmed');
    cleanup();
    const late = { ...appointment, createdAt: '2026-11-26T08:30:00Z' } as Appointment;
    // Booked at 09:30 Madrid: the 3-hour reminder (09:00) was already past.
    expect(renderReminders('en-US', late)[3]).toBe('WhatsApp, 3 hours beforeNot sent: its time (09:00) had already passed when the appointment was booked');
  });
});
