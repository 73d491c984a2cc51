// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getConfigurationQueryKey } from '@generated/@tanstack/react-query.gen';
import type { ConfigurationResponse } from '@generated/types.gen';
import { POPUP_DISMISSED_KEY } from '../hooks/use-popup-dismissed';
import { SubscriptionPopup, type SubscriptionPopupTenant } from './subscription-popup';
import { installDomShims } from '~/components/testing/install-dom-shims';

const configuration: ConfigurationResponse = {
  configuration: {
    supportEmail: 'support@cita.example',
    supportPhone: '34910123456',
    proPlan: { name: 'Pro', price: { amount: 1990, currency: 'EUR' }, interval: 'PLAN_INTERVAL_MONTH', features: [] },
    premiumPlan: { name: 'Premium', price: { amount: 3990, currency: 'EUR' }, interval: 'PLAN_INTERVAL_MONTH', features: [] },
    trialPeriodDays: 14,
    businessCategories: { en: { categories: [] }, es: { categories: [] } },
    stripePaymentProPlan: 'https://buy.stripe.com/test_pro',
    stripePaymentPremiumPlan: 'https://buy.stripe.com/test_premium',
    workflowSiteUrl: 'https://workflow.cita.example',
  },
};

const beta: SubscriptionPopupTenant = {
  licenseStatus: 'LICENSE_STATUS_BETA_TESTER',
  email: 'ana@peluqueria-ana.example',
  businessName: 'Peluquería Ana',
};

beforeAll(installDomShims);

beforeEach(() => {
  window.localStorage.removeItem(POPUP_DISMISSED_KEY);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});
afterEach(cleanup);

async function renderAt(path: string, tenant: SubscriptionPopupTenant | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(getConfigurationQueryKey(), configuration);
  const rootRoute = createRootRoute({ component: () => <SubscriptionPopup tenant={tenant} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(async () => {
    render(
      <MantineProvider>
        <IntlProvider locale="en-US" defaultLocale="en-US">
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </IntlProvider>
      </MantineProvider>,
    );
  });
  return router;
}

const popup = () => screen.queryByRole('dialog', { name: 'Keep Cita after the beta' });

describe('SubscriptionPopup', () => {
  it('offers both plans with prefilled payment links and a contact chat naming the business', async () => {
    await renderAt('/', beta);
    expect(popup()).not.toBeNull();
    const pro = screen.getByRole('link', { name: 'Subscribe to Pro' });
    const url = new URL(pro.getAttribute('href') ?? '');
    expect(url.origin + url.pathname).toBe('https://buy.stripe.com/test_pro');
    expect(url.searchParams.get('prefilled_email')).toBe('ana@peluqueria-ana.example');
    expect(url.searchParams.get('locale')).toBe('en');
    expect(url.searchParams.get('currency')).toBe('EUR');
    expect(pro.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('€19.90/month')).not.toBeNull();
    const contact = screen.getByRole('link', { name: 'Questions? Contact us' }).getAttribute('href') ?? '';
    expect(contact.startsWith('https://wa.me/34910123456?text=')).toBe(true);
    expect(decodeURIComponent(contact)).toContain('Peluquería Ana');
  });

  it('does not show without a beta-tester licence, on hidden paths, or in narrow windows', async () => {
    await renderAt('/', { ...beta, licenseStatus: 'LICENSE_STATUS_PRO' });
    expect(popup()).toBeNull();
    cleanup();
    await renderAt('/es-ES/onboarding/opening-hours', beta);
    expect(popup()).toBeNull();
    cleanup();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 800 });
    await renderAt('/', beta);
    expect(popup()).toBeNull();
  });

  it('follows route changes and window resizes', async () => {
    const router = await renderAt('/login', beta);
    expect(popup()).toBeNull();
    await act(() => router.history.push('/'));
    expect(popup()).not.toBeNull();
    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 640 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(popup()).toBeNull();
  });

  it('shrinks to a badge once closed, which stays after a reload and opens it again', async () => {
    await renderAt('/', beta);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Close the subscription offer' })));
    expect(popup()).toBeNull();
    expect(screen.getByRole('button', { name: 'Subscription plans' })).not.toBeNull();
    cleanup();
    await renderAt('/customers', beta);
    expect(popup()).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Subscription plans' })));
    expect(popup()).not.toBeNull();
  });

  it('opens by itself again when the licence changes', async () => {
    await renderAt('/', beta);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Close the subscription offer' })));
    cleanup();
    await renderAt('/', { ...beta, licenseActiveUntil: { year: 2027, month: 1, day: 31, hours: 0, minutes: 0, seconds: 0 } });
    expect(popup()).not.toBeNull();
  });
});
