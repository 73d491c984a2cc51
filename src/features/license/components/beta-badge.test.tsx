// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Temporal } from 'temporal-polyfill';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BetaBadge } from './beta-badge';
import { installDomShims } from '~/components/testing/install-dom-shims';

beforeAll(installDomShims);
afterEach(cleanup);

function endingIn(days: number) {
  const end = Temporal.Now.instant().add({ hours: days * 24 - 1 }).toZonedDateTimeISO('UTC');
  return { year: end.year, month: end.month, day: end.day, hours: end.hour, minutes: end.minute, seconds: end.second };
}

const show = (tenant: Parameters<typeof BetaBadge>[0]['tenant']) =>
  render(
    <MantineProvider>
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <BetaBadge tenant={tenant} />
      </IntlProvider>
    </MantineProvider>,
  );

describe('BetaBadge', () => {
  it('shows the days left of a beta-tester licence ending within 21 days', () => {
    show({ licenseStatus: 'LICENSE_STATUS_BETA_TESTER', licenseActiveUntil: endingIn(10) });
    expect(screen.getByTestId('beta-badge').textContent).toBe('Beta · 10 days left');
    cleanup();
    show({ licenseStatus: 'LICENSE_STATUS_BETA_TESTER', licenseActiveUntil: endingIn(1) });
    expect(screen.getByTestId('beta-badge').textContent).toBe('Beta · 1 day left');
  });

  it('shows nothing further out, for other licences or without a tenant', () => {
    show({ licenseStatus: 'LICENSE_STATUS_BETA_TESTER', licenseActiveUntil: endingIn(30) });
    show({ licenseStatus: 'LICENSE_STATUS_PRO', licenseActiveUntil: endingIn(5) });
    show(null);
    expect(screen.queryByTestId('beta-badge')).toBeNull();
  });
});
