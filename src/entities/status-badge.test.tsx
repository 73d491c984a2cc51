// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import esES from '../../messages/es-ES.json';
import { installDomShims } from '~/components/testing/install-dom-shims';
import { appointmentStatus } from './appointment/status';
import { invoiceStatus } from './invoice/status';
import { StatusBadge } from './status-badge';

beforeAll(installDomShims);
afterEach(cleanup);

describe('the appointment status vocabulary', () => {
  it('gives the SPEC §4 colours and never shows "no status" as a no-show', () => {
    expect(appointmentStatus.colors.APPOINTMENT_STATUS_NO_SHOW).toBe('orange');
    expect(appointmentStatus.colors.APPOINTMENT_STATUS_REJECTED).toBe('red');
    expect(appointmentStatus.colors.APPOINTMENT_STATUS_DONE).toBe('green');
    expect(appointmentStatus.colors.APPOINTMENT_STATUS_PENDING).toBe('gray');
    expect(appointmentStatus.colors.APPOINTMENT_STATUS_UNSPECIFIED).not.toBe(appointmentStatus.colors.APPOINTMENT_STATUS_NO_SHOW);
  });
});

describe('StatusBadge', () => {
  it('names the status in the user language, in its colour, with the status in data-status', () => {
    render(
      <MantineProvider>
        <IntlProvider locale="es-ES" defaultLocale="en-US" messages={esES}>
          <StatusBadge vocabulary={appointmentStatus} status="APPOINTMENT_STATUS_NO_SHOW" data-testid="badge" />
        </IntlProvider>
      </MantineProvider>,
    );
    const badge = screen.getByTestId('badge');
    expect(badge.textContent).toBe('No se presentó');
    expect(badge.dataset.status).toBe('APPOINTMENT_STATUS_NO_SHOW');
    expect(badge.dataset.variant).toBe('light');
    expect(badge.getAttribute('style')).toContain('orange');
  });

  it('outlines an unset status whatever the screen variant', () => {
    render(
      <MantineProvider>
        <IntlProvider locale="en-US" defaultLocale="en-US">
          <StatusBadge vocabulary={invoiceStatus} status="INVOICE_STATUS_UNSPECIFIED" variant="filled" data-testid="unset" />
          <StatusBadge vocabulary={invoiceStatus} status="INVOICE_STATUS_ISSUED" variant="filled" data-testid="issued" />
        </IntlProvider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('unset').dataset.variant).toBe('outline');
    expect(screen.getByTestId('unset').textContent).toBe('No status');
    expect(screen.getByTestId('issued').dataset.variant).toBe('filled');
    expect(screen.getByTestId('issued').textContent).toBe('Issued');
  });
});
