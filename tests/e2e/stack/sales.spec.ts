import { expect, test, type Page } from '@playwright/test';
import { newEmail, onboard, register, TEXT } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// The till on the real stack (issue 17): charge an appointment with its haircut and a shampoo from the
// inventory, paid over two methods (card, and cash with change), then refund the shampoo back to
// stock with the money given back in cash.

async function session(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('session') ?? '{}') as { tenant?: { id: string }; user?: { id: string } });
  return { headers: { authorization: `Bearer ${token}` }, tenantId: stored.tenant!.id, userId: stored.user!.id };
}

test('charges an appointment with a product and two payments, then refunds the product', async ({ page }) => {
  test.setTimeout(150_000);
  await register(page, 'en-US', newEmail('till'));
  await onboard(page, 'en-US', 'Till salon');
  await closeSubscriptionPopup(page);

  // The catalogue and the appointment through the API (their screens have their own tests).
  const { headers, tenantId, userId } = await session(page);
  const service = await page.request.post(`/v1/tenants/${tenantId}/services`, {
    headers,
    data: { service: { name: 'Haircut', durationMinutes: 30, price: { amount: 2500, currency: 'EUR' }, color: '#228be6', active: true } },
  });
  expect(service.status()).toBe(201);
  const customer = await page.request.post(`/v1/tenants/${tenantId}/customers`, { headers, data: { customer: { name: 'Lucy', lastName: 'Gray' } } });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { customer: { id: string } }).customer.id;
  const item = await page.request.post(`/v1/tenants/${tenantId}/inventory`, {
    headers,
    data: { inventoryItem: { name: 'Repair shampoo', quantity: 5, price: { amount: 1895, currency: 'EUR' }, taxPercentage: 21 } },
  });
  expect(item.status()).toBe(201);
  const itemId = ((await item.json()) as { inventoryItem: { id: string } }).inventoryItem.id;
  const booked = await page.request.post(`/v1/tenants/${tenantId}/users/${userId}/appointments`, {
    headers,
    data: {
      appointment: {
        customerId,
        services: [{ id: ((await service.json()) as { service: { id: string } }).service.id }],
        startDate: { year: 2030, month: 1, day: 8, hours: 10, minutes: 0 },
        endDate: { year: 2030, month: 1, day: 8, hours: 10, minutes: 30 },
      },
    },
  });
  expect(booked.status()).toBe(201);
  const appointmentId = ((await booked.json()) as { appointment: { id: string } }).appointment.id;

  // From the appointment page: Charge.
  await page.goto(`/appointments/${appointmentId}?userId=${userId}`);
  await page.getByRole('link', { name: 'Charge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Charge' })).toBeVisible();
  await expect(page.getByTestId('charge-line')).toHaveCount(1);

  // A shampoo from the inventory.
  await page.getByRole('combobox', { name: 'Add a product' }).fill('shampoo');
  await page.getByRole('option', { name: /Repair shampoo/ }).click();
  await expect(page.getByTestId('charge-line')).toHaveCount(2);
  await expect(page.getByTestId('charge-total')).toHaveText('€43.95');

  // Two payments: €30.00 by card, the rest in cash from a €20 note.
  await page.getByRole('button', { name: 'Add a payment method' }).click();
  const first = page.getByTestId('charge-payment').nth(0);
  await first.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option', { name: 'Card' }).click();
  await first.getByLabel('Amount 1').fill('30');
  await page.getByRole('button', { name: 'Add a payment method' }).click();
  const second = page.getByTestId('charge-payment').nth(1);
  await second.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option', { name: 'Cash' }).click();
  await expect(second.getByLabel('Amount 2')).toHaveValue('13.95');
  await second.getByLabel('Cash handed over').fill('20');
  await expect(second.getByTestId('charge-change')).toHaveText('Change: €6.05');
  await page.getByRole('button', { name: 'Charge €43.95' }).click();

  // The sale: paid, with its lines and two payments; the shampoo left the stock.
  await expect(page.getByRole('heading', { level: 1, name: /^Sale of/ })).toBeVisible();
  await expect(page.getByTestId('sale-status')).toHaveText('Paid');
  await expect(page.getByTestId('sale-total')).toHaveText('€43.95');
  await expect(page.getByTestId('sale-line')).toHaveCount(2);
  await expect(page.getByTestId('payment-transaction-row')).toHaveCount(2);
  const stock = async () => ((await (await page.request.get(`/v1/tenants/${tenantId}/inventory/${itemId}`, { headers })).json()) as { inventoryItem: { quantity: number } }).inventoryItem.quantity;
  expect(await stock()).toBe(4);

  // Refund the shampoo, back to stock, €18.95 in cash.
  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund' });
  await dialog.getByLabel('Quantity to refund of Haircut').fill('0');
  await dialog.getByLabel('Back to stock').check();
  await dialog.getByLabel('Money given back').fill('18.95');
  await dialog.getByRole('combobox', { name: 'Given back by' }).click();
  await page.getByRole('option', { name: 'Cash' }).click();
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sale-status')).toHaveText('Partially refunded');
  await expect(page.getByTestId('sale-paid')).toHaveText('€25.00');
  await expect(page.getByTestId('payment-transaction-row')).toHaveCount(3);
  await expect(page.getByText('1 refunded')).toBeVisible();
  expect(await stock()).toBe(5);

  // The list shows it, with the net of the filter (43.95 − 18.95).
  await page.getByRole('link', { name: 'Sales', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  await expect(page.getByTestId('sale-row')).toHaveCount(2);
  await expect(page.getByTestId('sales-total')).toHaveText('€25.00');

  // Another customer's walk-in sale; from Lucy's page, "Sales" lists hers alone (her whole history), and clearing the filter all four.
  const walkIn = await page.request.post(`/v1/tenants/${tenantId}/sales/${crypto.randomUUID()}`, {
    headers,
    data: { sale: { operationType: 'OPERATION_TYPE_PRODUCT_SALE', customer: { name: 'Walter White' }, lines: [{ kind: 'SALE_LINE_KIND_SERVICE', name: 'Beard trim', quantity: 1, unitPrice: { amount: 1200, currency: 'EUR' }, taxPercentage: 21 }] } },
  });
  expect(walkIn.status()).toBe(201);
  // And a sale of 40 days ago, shown once "From" is cleared (below).
  const old = await page.request.post(`/v1/tenants/${tenantId}/sales/${crypto.randomUUID()}`, {
    headers,
    data: {
      sale: {
        operationType: 'OPERATION_TYPE_PRODUCT_SALE',
        soldAt: new Date(Date.now() - 40 * 86_400_000).toISOString(),
        customer: { name: 'Old Timer' },
        lines: [{ kind: 'SALE_LINE_KIND_SERVICE', name: 'Shave', quantity: 1, unitPrice: { amount: 800, currency: 'EUR' }, taxPercentage: 21 }],
      },
    },
  });
  expect(old.status()).toBe(201);
  await page.goto(`/customers/${customerId}`);
  await page.getByRole('link', { name: 'Sales', exact: true }).last().click();
  // Mantine's searchable Select is a combobox.
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Lucy Gray');
  await expect(page.getByTestId('sale-row')).toHaveCount(2);
  await expect(page.getByTestId('sales-total')).toHaveText('€25.00');
  await page.getByRole('button', { name: 'Any customer (clear the filter)' }).click();
  await expect(page.getByTestId('sale-row')).toHaveCount(4);
  await expect(page.getByTestId('sales-total')).toHaveText('€45.00');

  // The list opens on the month so far (From = the 1st, in the business's zone): the old sale is out
  // of it and of its totals until "From" is cleared.
  await page.goto('/sales');
  const timeZone = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('session') ?? '{}') as { tenant: { timeZone: string } }).tenant.timeZone);
  const monthStart = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(new Date()) + '-01';
  await expect(page.getByLabel('From')).toHaveValue(monthStart);
  await expect(page.getByTestId('sale-row')).toHaveCount(3);
  await expect(page.getByTestId('sales-total')).toHaveText('€37.00');
  await page.getByLabel('From').fill('');
  await expect(page.getByTestId('sale-row')).toHaveCount(4);
  await expect(page.getByTestId('sales-total')).toHaveText('€45.00');
});

// A US business (tax on top) refunds a sale one line at a time from the dialog, taking the money it
// proposes: the refund that closes the tax rate takes the cent of tax left ($1.07 + $1.08 = $2.15).
test.describe('a US till', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  test('refunds a $2.15 sale line by line with the amounts the dialog proposes, $1.07 then $1.08', async ({ page }) => {
    test.setTimeout(150_000);
    const t = TEXT['en-US'];
    await register(page, 'en-US', newEmail('till-us'));
    await expect(page).toHaveURL(/\/onboarding\/how-do-you-work$/);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Dana Whitfield');
    await page.getByLabel(t.businessName).fill('Brow Bar');
    await page.getByRole('combobox', { name: t.category }).click();
    await page.getByRole('option', { name: t.categoryOption, exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
    await page.getByRole('textbox', { name: 'Tax rate' }).fill('7.25');
    await page.getByRole('radio', { name: t.alone, exact: true }).check();
    await page.getByRole('radio', { name: t.byAppointment, exact: true }).check();
    await page.getByRole('radio', { name: t.atPremises, exact: true }).check();
    await page.getByRole('button', { name: t.next }).click();
    await expect(page).toHaveURL(/\/onboarding\/opening-hours$/);
    await page.getByRole('checkbox', { name: t.offerOnline }).uncheck();
    await page.getByRole('button', { name: t.finish }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.home })).toBeVisible();
    await closeSubscriptionPopup(page);

    // Two $1.00 lines at 7.25 % on top, paid in cash: $2.00 + 0.145 → $0.15 of tax, $2.15 (the charge page has its own test).
    const { headers, tenantId } = await session(page);
    const methods = (await (await page.request.get(`/v1/tenants/${tenantId}/payment-methods`, { headers })).json()) as { items: Array<{ id: string; kind: string }> };
    const cash = methods.items.find((method) => method.kind === 'PAYMENT_METHOD_KIND_CASH')!;
    const usd = (amount: number) => ({ amount, currency: 'USD' });
    const line = (name: string) => ({ kind: 'SALE_LINE_KIND_SERVICE', name, quantity: 1, unitPrice: usd(100), taxPercentage: 7.25 });
    const created = await page.request.post(`/v1/tenants/${tenantId}/sales/${crypto.randomUUID()}`, {
      headers,
      data: { sale: { operationType: 'OPERATION_TYPE_PRODUCT_SALE', customer: { name: 'Jane Doe' }, lines: [line('Brow tint'), line('Lash tint')], payments: [{ paymentMethodId: cash.id, amount: usd(215) }] } },
    });
    expect(created.status()).toBe(201);
    const saleId = ((await created.json()) as { sale: { id: string } }).sale.id;
    await page.goto(`/sales/${saleId}`);
    await expect(page.getByTestId('sale-total')).toHaveText('$2.15');
    await expect(page.getByTestId('sale-status')).toHaveText('Paid');

    const refund = async (keep: string, worth: string, tax: string, money: string) => {
      await page.getByRole('button', { name: 'Refund' }).click();
      const dialog = page.getByRole('dialog', { name: 'Refund' });
      const other = dialog.getByLabel(`Quantity to refund of ${keep}`);
      if ((await other.inputValue()) !== '0') await other.fill('0');
      await expect(dialog.getByTestId('refund-value')).toHaveText(`The lines chosen are worth ${worth}, ${tax} of it tax.`);
      const given = dialog.getByLabel('Money given back');
      await expect(given).toHaveValue(money);
      // A paid sale gives back exactly what the lines are worth: the dialog says so and holds less.
      await expect(dialog.getByText(`Exactly ${worth}.`)).toBeVisible();
      await given.fill('1.00');
      await expect(dialog.getByText(`At least ${worth} must be given back`)).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Refund' })).toBeDisabled();
      await given.fill(money);
      await dialog.getByRole('combobox', { name: 'Given back by' }).click();
      await page.getByRole('option', { name: 'Cash' }).click();
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await expect(dialog).toBeHidden();
    };

    // Line 1: $1.00 + 0.0725 → $0.07 of tax, $1.07 proposed and accepted as it is.
    await refund('Lash tint', '$1.07', '$0.07', '1.07');
    await expect(page.getByTestId('sale-status')).toHaveText('Partially refunded');
    await expect(page.getByTestId('sale-paid')).toHaveText('$1.08');

    // Line 2 closes the rate: the $0.08 of tax left, $1.08 proposed and accepted.
    await refund('Brow tint', '$1.08', '$0.08', '1.08');
    await expect(page.getByTestId('sale-status')).toHaveText('Refunded');
    await expect(page.getByTestId('sale-paid')).toHaveText('$0.00');
    await expect(page.getByTestId('sale-outstanding')).toHaveText('$0.00');
    await expect(page.getByTestId('payment-transaction-row')).toHaveCount(3);
  });
});

test('on a phone, a walk-in sale’s lines are blocks with their fields named, in Spanish', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, 'es-ES', newEmail('till-phone'));
  await onboard(page, 'es-ES', 'Caja en el móvil');
  const { headers, tenantId } = await session(page);
  const item = await page.request.post(`/v1/tenants/${tenantId}/inventory`, {
    headers,
    data: { inventoryItem: { name: 'Champú reparador', quantity: 5, price: { amount: 1895, currency: 'EUR' }, taxPercentage: 21 } },
  });
  expect(item.status()).toBe(201);

  await page.goto(`${TEXT['es-ES'].prefix}/sales/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva venta' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Añadir un producto' }).fill('champú');
  await page.getByRole('option', { name: /Champú reparador/ }).click();
  const line = page.getByTestId('charge-line');
  await expect(line).toHaveCount(1);
  // No table that scrolls sideways: the line is a block, its fields one beside another in two columns.
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(line.getByText('Cant.', { exact: true })).toBeVisible();
  await line.getByRole('textbox', { name: 'Cant., Champú reparador' }).fill('2');
  await expect(line).toContainText('37,90 €');
  await expect(page.getByTestId('charge-total')).toHaveText('37,90 €');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await line.getByRole('button', { name: 'Quitar Champú reparador' }).click();
  await expect(line).toHaveCount(0);
});
