import { expect, test, type MockLocale } from './signed-in';
import { sidewaysScroll } from '../phone';

// The money screens against Prism (issue 17), in both languages, with the contract's examples: a sale
// of a haircut (25.00) and a shampoo (18.95), 43.95 paid by card (23.95 + a 2.00 tip) and cash
// (20.00); a walk-in sale of 34.11 with 14.11 outstanding; invoice A-000042 of 43.95 (base 36.32 at
// 21 %, tax 7.63) and its rectifying R-000003; Cita's invoices to businesses of 29.00. Amounts in the
// locale's format: "€43.95" in English, "43,95 €" in Spanish.
const SALE_ID = '8e9f0a1b-2c3d-4e4f-8a5b-7c8d9e0f1a2b';
const INVOICE_ID = 'b1c2d3e4-f5a6-4b7c-9d8e-0f1a2b3c4d5e';

const TEXT = {
  'en-US': {
    prefix: '',
    eur: (units: string) => `€${units}`,
    sales: 'Sales',
    sale: /^Sale of /,
    invoices: 'Invoices',
    payments: 'Payments',
    admin: "Cita's invoices to businesses",
  },
  'es-ES': {
    prefix: '/es-ES',
    eur: (units: string) => `${units.replace('.', ',')}\u00a0€`,
    sales: 'Ventas',
    sale: /^Venta del /,
    invoices: 'Facturas',
    payments: 'Pagos',
    admin: 'Facturas de Cita a los negocios',
  },
} as const;

/** An amount as the locale writes it ("-€43.95", "-43,95 €"), whatever space the formatter puts before the euro sign. */
const amount = (locale: MockLocale, units: string) => {
  const negative = units.startsWith('-');
  const text = TEXT[locale].eur(negative ? units.slice(1) : units).replace('.', '\\.').replace('\u00a0', '\\s');
  return new RegExp(`${negative ? '-' : '(?<!-)'}${text}`);
};

for (const locale of ['en-US', 'es-ES'] as const) {
  const t = TEXT[locale];

  test.describe(`money screens (mock, ${locale})`, () => {
    test('the sales list and a sale', async ({ page }) => {
      await page.goto(`${t.prefix}/sales`);
      await expect(page.getByRole('heading', { level: 1, name: t.sales })).toBeVisible();
      await expect(page.getByTestId('sale-row')).toHaveCount(2);
      await expect(page.getByTestId('sales-total')).toHaveText(amount(locale, '78.06'));
      await expect(page.getByTestId('sale-row').nth(1)).toContainText(amount(locale, '34.11'));

      await page.goto(`${t.prefix}/sales/${SALE_ID}`);
      await expect(page.getByRole('heading', { level: 1, name: t.sale })).toBeVisible();
      await expect(page.getByTestId('sale-line')).toHaveCount(2);
      await expect(page.getByTestId('sale-line').nth(1)).toContainText(amount(locale, '18.95'));
      await expect(page.getByTestId('sale-total')).toHaveText(amount(locale, '43.95'));
      await expect(page.getByTestId('sale-paid')).toHaveText(amount(locale, '43.95'));
    });

    test("a sale's payments", async ({ page }) => {
      await page.goto(`${t.prefix}/payment-transactions?referenceId=${SALE_ID}&operationType=OPERATION_TYPE_APPOINTMENT_SALE`);
      await expect(page.getByRole('heading', { level: 1, name: t.payments })).toBeVisible();
      await expect(page.getByTestId('payment-transaction-row')).toHaveCount(2);
      await expect(page.getByTestId('payment-transaction-row').first()).toContainText(amount(locale, '23.95'));
      await expect(page.getByTestId('paid-total')).toHaveText(amount(locale, '43.95'));
    });

    test('the invoices list and an invoice', async ({ page }) => {
      await page.goto(`${t.prefix}/invoices`);
      await expect(page.getByRole('heading', { level: 1, name: t.invoices })).toBeVisible();
      await expect(page.getByText('A-000042')).toBeVisible();
      await expect(page.getByText('R-000003')).toBeVisible();
      await expect(page.getByText(amount(locale, '-43.95'))).toBeVisible();

      await page.goto(`${t.prefix}/invoices/${INVOICE_ID}`);
      await expect(page.getByRole('heading', { level: 1, name: /A-000042/ })).toBeVisible();
      await expect(page.getByTestId('invoice-total')).toHaveText(amount(locale, '43.95'));
      await expect(page.getByText(amount(locale, '36.32')).first()).toBeVisible();
      await expect(page.getByText(amount(locale, '7.63')).first()).toBeVisible();
    });

    test("Cita's invoices to businesses (an administrator)", async ({ page }) => {
      await page.addInitScript(() => {
        const stored = JSON.parse(window.localStorage.getItem('session') ?? '{}');
        window.localStorage.setItem('session', JSON.stringify({ ...stored, isAdmin: true }));
      });
      await page.goto(`${t.prefix}/admin/invoice/management`);
      await expect(page.getByRole('heading', { level: 1, name: t.admin })).toBeVisible();
      await expect(page.getByText('CITA-2026-000157')).toBeVisible();
      await expect(page.getByText(amount(locale, '29.00')).first()).toBeVisible();
      // On a phone the two lists stand each row as a block: nothing scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByText('CITA-2026-000157')).toBeVisible();
      expect(await sidewaysScroll(page, 'body')).toEqual([]);
    });
  });
}
