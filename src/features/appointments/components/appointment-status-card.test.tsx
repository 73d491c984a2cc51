// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '@generated/types.gen';
import { installDomShims } from '~/components/testing/install-dom-shims';
import { AppointmentStatusCard } from './appointment-status-card';

const appointment = {
  id: '5a7c9e1b-3d5f-4a7b-9c1d-3e5f7a9b1c3d',
  version: 3,
  status: 'APPOINTMENT_STATUS_PENDING',
  allowedStatuses: ['APPOINTMENT_STATUS_CONFIRMED', 'APPOINTMENT_STATUS_REJECTED'],
} as unknown as Appointment;

function renderCard(onChanged = vi.fn()) {
  render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <AppointmentStatusCard
            appointment={appointment}
            path={{ tenantId: '3c5e7a9b-1d3f-4b5d-8e7f-9a1b3c5d7e9f', userId: '3c5e7a9b-1d3f-4b5d-8e7f-9a1b3c5d7e9e', id: appointment.id }}
            errorText={() => 'failed'}
            onChanged={onChanged}
            onStale={() => undefined}
          />
        </QueryClientProvider>
      </MantineProvider>
    </IntlProvider>,
  );
  return onChanged;
}

describe('the appointment status card (issue 18)', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('confirms in one click, without asking a reason: the change is attempted at once and its failure shown in the card', async () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    // No server here: the attempt fails, and says so in the card rather than in a reason dialog.
    expect((await screen.findByRole('alert')).textContent).toBe('failed');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByLabelText('Reason (optional)')).toBeNull();
  });

  it('asks for an optional reason before rejecting', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByLabelText('Reason (optional)')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
