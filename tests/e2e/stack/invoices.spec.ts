import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newEmail, onboard, ownerSession, register, type Locale } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// On the real stack (issue 17): an owner fills in the invoicing data, makes an invoice by hand (a
// draft with no number), issues it (A-000001), downloads its PDF (with that number), and rectifies
// it (R-000001, the same total negated, pointing at the original).
const T = {
  'en-US': {
    prefix: '',
    nav: 'Invoices',
    navLabel: 'Main navigation',
    empty: 'No invoices yet',
    create: 'New invoice',
    customerName: 'Customer name or legal name',
    customerTaxId: 'Customer tax ID (NIF)',
    street: 'Street and number',
    postalCode: 'Postal code',
    city: 'City',
    country: 'Country (2 letters)',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    price: '20.66',
    createDraft: 'Create draft',
    draftTitle: 'Full invoice Draft',
    issue: 'Issue invoice',
    issuedTitle: 'Full invoice A-000001',
    total: '25.00',
    download: 'Download PDF',
    rectify: 'Rectify',
    rectifyDialog: 'Issue a rectifying invoice',
    rectifiedTitle: 'Rectifying invoice R-000001',
    rectifies: 'Rectifies invoice A-000001',
  },
  'es-ES': {
    prefix: '/es-ES',
    nav: 'Facturas',
    navLabel: 'Navegación principal',
    empty: 'Todavía no hay facturas',
    create: 'Nueva factura',
    customerName: 'Nombre o razón social del cliente',
    customerTaxId: 'NIF del cliente',
    street: 'Calle y número',
    postalCode: 'Código postal',
    city: 'Localidad',
    country: 'País (2 letras)',
    description: 'Concepto',
    quantity: 'Cantidad',
    unitPrice: 'Precio unitario',
    price: '20,66',
    createDraft: 'Crear borrador',
    draftTitle: 'Factura completa Borrador',
    issue: 'Emitir factura',
    issuedTitle: 'Factura completa A-000001',
    total: '25,00',
    download: 'Descargar PDF',
    rectify: 'Rectificar',
    rectifyDialog: 'Emitir una factura rectificativa',
    rectifiedTitle: 'Factura rectificativa R-000001',
    rectifies: 'Rectifica la factura A-000001',
  },
} as const;

for (const locale of ['es-ES', 'en-US'] as Locale[]) {
  const t = T[locale];
  test(`invoices in ${locale}: issue an invoice by hand, download its PDF, rectify it`, async ({ page }) => {
    test.setTimeout(120_000);
    await register(page, locale, newEmail(`invoices-${locale}`));
    await onboard(page, locale, `Facturas ${locale}`);
    await closeSubscriptionPopup(page);

    // The business's invoicing data (its own screen is /invoices/settings; set here through the API).
    const { tenantId, headers } = await ownerSession(page);
    const current = await (await page.request.get(`/v1/tenants/${tenantId}/invoice-settings`, { headers })).json();
    const saved = await page.request.put(`/v1/tenants/${tenantId}/invoice-settings`, {
      headers,
      data: {
        version: current.invoiceSettings.version,
        legalName: 'Ana Martín Ruiz',
        taxId: '50123456Q',
        address: { line1: 'Calle Mayor 12', city: 'Madrid', postalCode: '28013', country: 'ES' },
      },
    });
    expect(saved.status()).toBe(200);

    await page.getByRole('navigation', { name: t.navLabel }).getByRole('link', { name: t.nav }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/invoices$`));
    await expect(page.getByText(t.empty)).toBeVisible();
    await page.getByRole('link', { name: t.create }).first().click();

    await page.getByLabel(t.customerName).fill('Estudio Lucía García SL');
    await page.getByLabel(t.customerTaxId).fill('B12345674');
    await page.getByLabel(t.street).fill('Calle de Alcalá 120');
    await page.getByLabel(t.postalCode).fill('28009');
    await page.getByLabel(t.city).fill('Madrid');
    await page.getByLabel(t.country).fill('ES');
    await page.getByLabel(t.description).fill(locale === 'es-ES' ? 'Corte y peinado' : 'Cut and style');
    await page.getByLabel(t.quantity).fill('1');
    await page.getByLabel(t.unitPrice).fill(t.price);
    await page.getByRole('button', { name: t.createDraft }).click();

    // A draft: no number yet; the server computed 20.66 + 21 % = 25.00.
    await expect(page.getByRole('heading', { level: 1, name: t.draftTitle })).toBeVisible();
    await expect(page.getByTestId('invoice-total')).toContainText(t.total);
    await page.getByRole('button', { name: t.issue }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.issuedTitle })).toBeVisible();
    const issuedUrl = page.url();

    // The PDF: a real PDF carrying the number.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.download }).click()]);
    expect(download.suggestedFilename()).toBe('A-000001.pdf');
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('(A-000001)');

    // Rectify it by differences: R-000001, the total negated, pointing at the original.
    await page.getByRole('button', { name: t.rectify }).click();
    const dialog = page.getByRole('dialog', { name: t.rectifyDialog });
    await dialog.getByRole('button', { name: t.rectify }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.rectifiedTitle })).toBeVisible();
    await expect(page.getByTestId('invoice-total')).toContainText(`-`);
    await expect(page.getByTestId('invoice-total')).toContainText(t.total);
    await expect(page.getByText(t.rectifies)).toBeVisible();
    expect(page.url()).not.toBe(issuedUrl);
  });
}
