// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getConfigurationQueryKey } from '@generated/@tanstack/react-query.gen';
import type { ConfigurationResponse } from '@generated/types.gen';
import esES from '../../../../messages/es-ES.json';
import { installDomShims } from '~/components/testing/install-dom-shims';
import { LicenseExpirationPage, type LicenseTenant } from './license-expiration-page';

// A server of before issue 18 still sent English selling points: the page shows its own, translated.
const configuration: ConfigurationResponse = {
  configuration: {
    supportEmail: 'support@cita.example',
    supportPhone: '34910123456',
    proPlan: { name: 'Pro', price: { amount: 1990, currency: 'EUR' }, interval: 'PLAN_INTERVAL_MONTH', features: ['Up to 3 team members'] },
    premiumPlan: { name: 'Premium', price: { amount: 3990, currency: 'EUR' }, interval: 'PLAN_INTERVAL_MONTH', features: ['Receipt scanning', 'Advanced reports and statistics'] },
    trialPeriodDays: 14,
    businessCategories: { en: { categories: [] }, es: { categories: [] } },
    stripePaymentProPlan: 'https://buy.stripe.com/test_pro',
    stripePaymentPremiumPlan: 'https://buy.stripe.com/test_premium',
    workflowSiteUrl: 'https://workflow.cita.example',
  },
};

const ended: LicenseTenant = {
  licenseStatus: 'LICENSE_STATUS_BETA_TESTER',
  email: 'ana@peluqueria-ana.example',
  businessName: 'Peluquería Ana',
  licenseActiveUntil: { year: 2020, month: 1, day: 1, hours: 0, minutes: 0, seconds: 0 },
};

beforeAll(installDomShims);
afterEach(cleanup);

async function renderIn(locale: 'en-US' | 'es-ES') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(getConfigurationQueryKey(), configuration);
  const rootRoute = createRootRoute({ component: () => <LicenseExpirationPage tenant={ended} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [locale === 'es-ES' ? '/es-ES/license-expiration' : '/license-expiration'] }) });
  await act(async () => {
    render(
      <MantineProvider>
        <IntlProvider locale={locale} defaultLocale="en-US" messages={locale === 'es-ES' ? esES : undefined}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </IntlProvider>
      </MantineProvider>,
    );
  });
}

describe('LicenseExpirationPage', () => {
  it('lists what each plan offers in Spanish on the Spanish page, not the catalogue’s English', async () => {
    await renderIn('es-ES');
    expect(screen.getByRole('heading', { level: 1, name: 'Tu licencia ha terminado' })).not.toBeNull();
    const pro = within(screen.getByTestId('plan-pro'));
    const premium = within(screen.getByTestId('plan-premium'));
    expect(pro.getByText('Ventas, facturas y gastos')).not.toBeNull();
    expect(premium.getByText('Todo lo de Pro')).not.toBeNull();
    expect(premium.getByText('Informes y estadísticas')).not.toBeNull();
    const text = document.body.textContent ?? '';
    for (const english of ['Receipt scanning', 'Advanced reports', 'Up to 3 team members', 'Sales, invoices and expenses', 'Everything in Pro']) {
      expect(text, english).not.toContain(english);
    }
  });

  it('lists them in English on the English page', async () => {
    await renderIn('en-US');
    expect(within(screen.getByTestId('plan-pro')).getByText('Sales, invoices and expenses')).not.toBeNull();
    expect(within(screen.getByTestId('plan-premium')).getByText('Reports and statistics')).not.toBeNull();
    expect(document.body.textContent).not.toContain('Receipt scanning');
  });
});
