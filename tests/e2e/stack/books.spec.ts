import { expect, test } from '@playwright/test';
import { bookThroughApi, newEmail, onboard, ownerSession, register } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// The books on the real stack (issue 20, and issue 18's home): a new business sees its checklist
// instead of empty cards; once it has booked and charged, the sale is in the dashboard, the reports
// and the statistics, in English and in Spanish.

test('a new business sees its checklist; a charged sale then shows in home, reports and statistics in both languages', async ({ page }) => {
  test.setTimeout(180_000);
  await register(page, 'en-US', newEmail('books'));
  await onboard(page, 'en-US', 'Books salon');
  await closeSubscriptionPopup(page);

  // The checklist, each step a link; the opening hours were set in onboarding.
  const checklist = page.getByTestId('home-checklist');
  await expect(checklist).toBeVisible();
  await expect(page.getByTestId('checklist-hours')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('checklist-services')).toHaveAttribute('data-done', 'false');
  await expect(checklist.getByRole('link', { name: 'Add the services you offer' })).toHaveAttribute('href', '/services/create');
  await expect(checklist.getByRole('link', { name: 'Book your first appointment' })).toHaveAttribute('href', '/appointments/create');
  await expect(page.getByTestId('home-revenue-today')).toHaveCount(0);

  // A service, an appointment and a sale of 25.00 paid by card (their screens have their own tests).
  await bookThroughApi(page, { service: { name: 'Haircut', amount: 2500 }, customer: { name: 'Lucy', lastName: 'Gray' } });
  const { headers, tenantId } = await ownerSession(page);
  const methods = (await (await page.request.get(`/v1/tenants/${tenantId}/payment-methods`, { headers })).json()) as { items: Array<{ id: string; kind: string }> };
  const card = methods.items.find((method) => method.kind === 'PAYMENT_METHOD_KIND_CARD')!;
  const sale = await page.request.post(`/v1/tenants/${tenantId}/sales/${crypto.randomUUID()}`, {
    headers,
    data: {
      sale: {
        operationType: 'OPERATION_TYPE_PRODUCT_SALE',
        lines: [{ kind: 'SALE_LINE_KIND_SERVICE', name: 'Haircut', quantity: 1, unitPrice: { amount: 2500, currency: 'EUR' }, taxPercentage: 21 }],
        payments: [{ paymentMethodId: card.id, amount: { amount: 2500, currency: 'EUR' } }],
      },
    },
  });
  expect(sale.status()).toBe(201);

  await page.goto('/');
  await expect(page.getByTestId('home-revenue-today')).toContainText('€25.00');
  await expect(page.getByTestId('home-revenue-month')).toContainText('€25.00');
  await expect(page.getByTestId('home-checklist')).toBeVisible(); // the team and the booking page are still to do
  await expect(page.getByTestId('checklist-services')).toHaveAttribute('data-done', 'true');

  await page.getByTestId('home-revenue-today').getByRole('link', { name: 'Net sales today' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByTestId('reports-net-sales')).toContainText('€25.00');
  await expect(page.getByTestId('reports-collected')).toContainText('€25.00');
  await expect(page.getByRole('table', { name: 'By tax rate' })).toContainText('€20.66');
  await expect(page.getByTestId('reports-lines')).toContainText('Haircut');

  await page.goto('/statistics');
  await expect(page.getByTestId('statistics-net-sales')).toContainText('€25.00');

  // The same figures in Spanish.
  await page.goto('/es-ES/');
  await expect(page.getByTestId('home-revenue-today')).toContainText('25,00');
  await expect(page.getByTestId('home-revenue-today')).toContainText('Ventas netas de hoy');
  await page.goto('/es-ES/reports');
  await expect(page.getByTestId('reports-net-sales')).toContainText('25,00');
  await expect(page.getByRole('table', { name: 'Por tipo de IVA' })).toContainText('20,66');
  await page.goto('/es-ES/statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Estadísticas' })).toBeVisible();
  await expect(page.getByTestId('statistics-net-sales')).toContainText('25,00');
});
