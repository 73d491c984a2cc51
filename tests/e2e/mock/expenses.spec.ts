import { expect, test } from './signed-in';

// The expenses screens against Prism (the contract's examples: a product purchase at 21 % and a
// professional's invoice with withholding), in both languages.
const EXPENSE_ID = '3f4a5b6c-7d8e-4f9a-b0c1-2d3e4f5a6b7c';

test.describe('expenses (mock)', () => {
  test('lists expenses with the totals per category and per rate, in English', async ({ page }) => {
    await page.goto('/expenses');
    await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
    await expect(page.getByTestId('expense-row')).toHaveCount(2);
    await expect(page.getByTestId('expense-row').first()).toContainText('Distribuciones Capilares Madrid S.L.');
    await expect(page.getByTestId('expenses-total')).toHaveText('€205.80');
    await expect(page.getByText('Professional services (1)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  });

  test('saves the streamed CSV as it came, with its byte-order mark, named by the period (Spanish)', async ({ page }) => {
    await page.goto('/es-ES/expenses');
    await expect(page.getByTestId('expense-row')).toHaveCount(2);
    const saving = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar CSV' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toMatch(/^gastos-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    // One BOM (the server's; the SPA adds none), then the contract's example: `;` and decimal comma.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('"Fecha";"Proveedor"')).toBe(true);
    expect(text).toContain('"121,00";"EUR"');
  });

  test('opens an expense beside its receipt, and the scan screen, in Spanish', async ({ page }) => {
    await page.goto(`/es-ES/expenses/${EXPENSE_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Distribuciones Capilares Madrid S.L.' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^NIF\/CIF del proveedor/ })).toHaveValue('B87654323');
    await expect(page.getByTestId('expense-amount')).toHaveValue('121,00');
    await expect(page.getByRole('button', { name: 'Archivar' })).toBeVisible();
    await page.goto('/es-ES/expenses/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo gasto' })).toBeVisible();
    await expect(page.getByText('Escanear un tique')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar gasto' })).toBeVisible();
  });
});
