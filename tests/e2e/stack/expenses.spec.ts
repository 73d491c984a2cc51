import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { newEmail, onboard, register } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';
import { receiptPdf } from '../../receipts';

// On the real stack, in Spanish: an owner photographs a ticket (an image this test draws), the server
// reads it offline, the form shows what was read with its confidence, the owner fixes the supplier's
// name and the category, saves, and finds the expense with its receipt and in the list's totals.
const TICKET = [
  'PELUQUERIA SUMINISTROS S.L.',
  'CIF: B87654323',
  'FACTURA F-2026-0457',
  'Fecha: 03/11/2026',
  'CHAMPU REPARADOR 51,00',
  'MASCARILLA 49,00',
  'BASE IMPONIBLE 100,00',
  'IVA 21% 21,00',
  'TOTAL 121,00 EUR',
];

async function ticketPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="${120 + TICKET.length * 70}"><rect width="100%" height="100%" fill="#fbfbf7"/>
    <g font-family="DejaVu Sans Mono, monospace" font-size="34" fill="#111">${TICKET.map((line, i) => `<text x="50" y="${90 + i * 70}">${line}</text>`).join('')}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

test('an owner scans a Spanish ticket, corrects a field and saves the expense (es-ES)', async ({ page }) => {
  test.setTimeout(180_000);
  await register(page, 'es-ES', newEmail('gastos'));
  await onboard(page, 'es-ES', 'Peluquería Gastos');
  await closeSubscriptionPopup(page);

  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Gastos' }).click();
  await expect(page).toHaveURL(/\/es-ES\/expenses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gastos' })).toBeVisible();
  await expect(page.getByText('No hay gastos en este periodo')).toBeVisible();

  await page.getByRole('link', { name: 'Nuevo gasto' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo gasto' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'tique.jpg', mimeType: 'image/jpeg', buffer: await ticketPhoto() });

  // What was read, to be checked: every field editable, each with how sure the reading was.
  await expect(page.getByText('Revisa cada campo: lo leído es una propuesta.')).toBeVisible({ timeout: 90_000 });
  const supplier = page.getByRole('textbox', { name: /^Proveedor/ });
  await expect(supplier).toHaveValue('PELUQUERIA SUMINISTROS S.L.');
  await expect(page.getByRole('textbox', { name: /^NIF\/CIF del proveedor/ })).toHaveValue('B87654323');
  await expect(page.getByRole('textbox', { name: /^N\.º de factura/ })).toHaveValue('F-2026-0457');
  await expect(page.getByLabel(/^Fecha/)).toHaveValue('2026-11-03');
  await expect(page.getByTestId('expense-amount')).toHaveValue('121,00');
  await expect(page.getByTestId('confidence').first()).toBeVisible();
  await expect(page.getByTestId('expense-computed')).toContainText('121,00');

  // The owner fixes the name as they know it and picks the category, then saves.
  await supplier.fill('Peluquería Suministros S.L.');
  await page.getByRole('combobox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Productos para la venta' }).click();
  await page.getByRole('button', { name: 'Guardar gasto' }).click();

  await expect(page).toHaveURL(/\/es-ES\/expenses\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Peluquería Suministros S.L.' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Tique del gasto' })).toBeVisible();

  // The list of that month shows it and its totals (base 100,00 + IVA 21,00 at 21 %).
  await page.getByRole('link', { name: 'Volver a gastos' }).click();
  await page.getByLabel('Desde').fill('2026-11-01');
  await page.getByLabel('Hasta').fill('2026-11-30');
  await expect(page.getByTestId('expense-row')).toHaveCount(1);
  await expect(page.getByTestId('expense-row')).toContainText('Peluquería Suministros S.L.');
  await expect(page.getByTestId('expenses-total')).toHaveText(/121,00\s€/);
  await expect(page.getByTestId('rate-total')).toContainText('100,00');
});

test('an owner uploads a PDF receipt, its text is read into the form, and the PDF is kept with the expense (es-ES)', async ({ page }) => {
  test.setTimeout(180_000);
  await register(page, 'es-ES', newEmail('gastos-pdf'));
  await onboard(page, 'es-ES', 'Peluquería PDF');
  await closeSubscriptionPopup(page);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Gastos' }).click();
  await page.getByRole('link', { name: 'Nuevo gasto' }).first().click();
  await expect(page.getByText('JPEG, PNG o WebP hasta 15 MB, o un PDF hasta 5 MB.')).toBeVisible();
  // 30,00 + 20,00 = 50,00 base, 21 % IVA 10,50, 60,50 in all, 14 November.
  const pdf = await receiptPdf(['SUMINISTROS NORTE S.L.', 'CIF: B87654323', 'FACTURA F-2026-0871', 'Fecha: 14/11/2026', 'Tinte rubio 30,00', 'Guantes 20,00', 'BASE IMPONIBLE 50,00', 'IVA 21% 10,50', 'TOTAL 60,50 €']);
  await page.locator('input[type="file"]').setInputFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: pdf });

  await expect(page.getByText('Revisa cada campo: lo leído es una propuesta.')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('textbox', { name: /^Proveedor/ })).toHaveValue('SUMINISTROS NORTE S.L.');
  await expect(page.getByRole('textbox', { name: /^N\.º de factura/ })).toHaveValue('F-2026-0871');
  await expect(page.getByLabel(/^Fecha/)).toHaveValue('2026-11-14');
  await expect(page.getByTestId('expense-amount')).toHaveValue('60,50');
  await expect(page.getByTestId('receipt-pdf')).toHaveText('Abrir el tique en PDF');

  await page.getByRole('combobox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Productos para la venta' }).click();
  await page.getByRole('button', { name: 'Guardar gasto' }).click();
  await expect(page).toHaveURL(/\/es-ES\/expenses\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'SUMINISTROS NORTE S.L.' })).toBeVisible();
  await expect(page.getByTestId('receipt-pdf')).toHaveText('Abrir el tique en PDF');
});
