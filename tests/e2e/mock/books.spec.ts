import { expect, test } from './signed-in';

// Home, reports and statistics against Prism (the contract's examples: a salon's Monday with three
// appointments, a three-month summary, a week of statistics), in both languages.
test.describe('books (mock)', () => {
  test('home shows the day as KPI cards, each a link to its screen, in English', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const today = page.getByTestId('home-today');
    await expect(today).toContainText('Carmen López');
    await expect(today).toContainText('57 appointments in the next 7 days');
    await expect(page.getByTestId('home-revenue-today')).toContainText('€45.00');
    await expect(page.getByTestId('home-revenue-month')).toContainText('€4,125.00');
    await expect(page.getByTestId('home-revenue-month')).toContainText('€3,890.00 last month to the same day');
    await expect(page.getByTestId('home-outstanding')).toContainText('2 sales not fully paid');
    await expect(page.getByTestId('home-low-stock').getByRole('link', { name: 'Low stock' })).toHaveAttribute('href', '/inventory');
    // The set-up checklist of the example business is complete: it is not shown.
    await expect(page.getByTestId('home-checklist')).toHaveCount(0);
  });

  test('reports show net sales with its labelled neighbours and the breakdowns, in Spanish', async ({ page }) => {
    await page.goto('/es-ES/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Informes' })).toBeVisible();
    await expect(page.getByTestId('reports-net-sales')).toContainText('19.736,25');
    await expect(page.getByTestId('reports-collected')).toContainText('Cobrado');
    await expect(page.getByTestId('reports-outstanding')).toContainText('2 ventas del periodo sin cobrar del todo');
    await expect(page.getByRole('table', { name: 'Por tipo de IVA' })).toContainText('21');
    await expect(page.getByRole('table', { name: 'Por profesional' })).toContainText('Lucía García');
    await expect(page.getByRole('button', { name: 'Descargar líneas de venta (CSV)' })).toBeVisible();
  });

  test('statistics compare with the previous period, in English', async ({ page }) => {
    await page.goto('/statistics');
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
    await expect(page.getByTestId('statistics-net-sales')).toContainText('€1,980.00');
    await expect(page.getByTestId('statistics-net-sales')).toContainText('Before: €1,850.00');
    await expect(page.getByRole('region', { name: 'Net sales over time' })).toBeVisible();
  });
});
