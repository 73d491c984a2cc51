// /sales row of `npm run bench` (BENCH_ONLY=sales-list, issue 17 "Speed"): the sales list interactive in
// Chromium for the busy salon of the books rows (scripts/bench/books-seed.ts: ~80,000 sales over 3 years,
// beside another business of the same size), on PGlite, as the /customers row does (catalogue.ts): from
// navigation to the first page of sales and the totals of the filter shown (the list opens on the month
// so far; beside it, reported: "From" cleared → every sale and its totals), cold (a new browser context
// each load, the first load discarded as the server's warm-up). Target < 1 s (median of 5). Beside it,
// reported: a search typed (over every sale) → its results shown (300 ms debounce included). BENCH_SALES_ROUNDS rounds of
// 5 loads (2 by default, the machine being shared), each round reported.
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { resolveChromium } from '../browser.mjs';
import { startBusySalons, type Cita } from './books.ts';
import { frameWhen, openSignedIn } from './catalogue.ts';
import { report, type BenchRow } from './rows.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PAGE_LOADS = 5;
const ROUNDS = Number(process.env.BENCH_SALES_ROUNDS ?? 2);


const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function salesListRows(): Promise<BenchRow[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'cita-bench-sales-spa-'));
  let cita: Cita | undefined;
  const browser = await chromium.launch({ executablePath: resolveChromium({ install: true }) as string, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: false } });
    const started = await startBusySalons(outDir);
    cita = started.cita;
    const sales = started.seeded[0]!.sales;
    const auth = { authorization: `Bearer ${cita.token}` };
    const user = ((await (await fetch(`${cita.baseUrl}/v1/users/${cita.userId}`, { headers: auth })).json()) as { user: unknown }).user;
    const tenants = ((await (await fetch(`${cita.baseUrl}/v1/tenants/users/${cita.userId}`, { headers: auth })).json()) as { tenants: Array<{ id: string }> }).tenants;
    const session = JSON.stringify({ user, tenant: tenants.find((tenant) => tenant.id === cita!.tenantId), isAdmin: false });
    const rows: BenchRow[] = [report(`/sales bench: sales in the business (3 years)`, sales, 'sales')];
    for (let round = 1; round <= ROUNDS; round++) {
      const r = ROUNDS > 1 ? ` (round ${round})` : '';
      const shown: number[] = [];
      const searched: number[] = [];
      const everySale: number[] = [];
      for (let i = 0; i < PAGE_LOADS + 1; i += 1) {
        // Navigation start is the page's time origin: the value is from navigation to the first page of
        // sales (25 rows) and the totals of the filter on screen.
        const { context, page } = await openSignedIn(browser, cita, session, '/sales');
        const firstRows = await frameWhen(page, () =>
          document.querySelectorAll('[data-testid="sale-row"]').length >= 25 && /[1-9]/.test(document.querySelector('[data-testid="sales-total"]')?.textContent ?? '')
            ? performance.now()
            : false,
        );
        // "From" cleared (the list opens on the month so far): every sale of the business and its totals.
        const monthTotal = await page.getByTestId('sales-total').textContent();
        const clearStart = Math.round(await page.evaluate(() => performance.now()));
        await page.getByLabel('From').fill('');
        const cleared = await page.waitForFunction(
          (before) => (document.querySelector('[data-testid="sales-total"]')?.textContent ?? before) !== before && document.querySelectorAll('[data-testid="sale-row"]').length >= 25 ? performance.now() : false,
          monthTotal,
          { polling: 'raf', timeout: 60_000 },
        );
        const allTime = Math.round((await cleared.jsonValue()) as number) - clearStart;
        // A customer's name (every sale of a customer carries it): typed → the list shows only theirs.
        const name = (await page.locator('[data-testid="sale-row"] td:nth-child(2)').filter({ hasNotText: 'Walk-in customer' }).first().textContent())?.trim() ?? '';
        const before = await page.locator('section').first().textContent();
        const searchStart = Math.round(await page.evaluate(() => performance.now()));
        await page.getByRole('textbox', { name: 'Search' }).fill(name);
        const handle = await page.waitForFunction(
          ([card, customer]) => {
            const cells = [...document.querySelectorAll('[data-testid="sale-row"] td:nth-child(2)')];
            const shownCard = document.querySelector('section')?.textContent;
            return cells.length > 0 && shownCard !== card && cells.every((cell) => cell.textContent?.includes(customer)) ? performance.now() : false;
          },
          [before, name] as const,
          { polling: 'raf', timeout: 30_000 },
        );
        const searchDone = Math.round((await handle.jsonValue()) as number) - searchStart;
        await context.close();
        if (i === 0) continue; // the first load warms the server (plans, caches), as any earlier visitor would
        shown.push(firstRows);
        everySale.push(allTime);
        searched.push(searchDone);
      }
      rows.push(
        {
          name: `/sales interactive in Chromium, ${Math.round(sales / 1000)}k sales in the business, the list on the month so far (median of ${PAGE_LOADS} cold loads)${r}`,
          value: median(shown),
          unit: 'ms',
          target: '< 1000',
          met: median(shown) < 1000,
        },
        report(`/sales "From" cleared → all ${Math.round(sales / 1000)}k sales and their totals shown (median)${r}`, median(everySale), 'ms'),
        report(`/sales interactive in Chromium, slowest of ${PAGE_LOADS}${r}`, Math.max(...shown), 'ms'),
        report(`/sales search by a customer's name typed → their sales shown (incl. 300 ms debounce, median)${r}`, median(searched), 'ms'),
      );
    }
    return rows;
  } finally {
    await browser.close();
    await cita?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
