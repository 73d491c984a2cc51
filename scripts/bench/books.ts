// Books rows of `npm run bench` (BENCH_ONLY=books, issue 20 "Speed") on PGlite: reports, CSV, dashboard
// and statistics of a busy salon (scripts/bench/books-seed.ts: 3 years, 60,000 appointments, ~80,000
// sales, ~160,000 lines, ~80,000 payments, in bulk SQL) beside another business of the same size (so the
// tenant filter and row-level security do real work). Every report asks for the last 365 days (~26,500
// sales, ~53,000 lines). Requests are sequential through the API; each row is the p99 over its runs.
// Floors measured in the same run, on the same database: the bare SQL of the summary's aggregations
// (per day, per tax rate, per member, per item, per payment method, outstanding, unbilled), written here
// independently of server/reports, run in one transaction. Every row is measured BENCH_BOOKS_ROUNDS
// times (2 by default, the machine being shared) and each round is reported.
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Temporal } from 'temporal-polyfill';
import type { Queryable } from '../../server/db/database.ts';
import { encodeCursor } from '../../server/reports/detailed.ts';
import { testTarget } from '../../server/db/test-databases.ts';
import { prepareBusySalons, ZONE, type SeedCounts } from './books-seed.ts';
import { signIn, startCita, type StartedCita } from './catalogue.ts';
import { latencyRow, report, type BenchRow } from './rows.ts';

/**
 * A full garbage collection before a memory row, so that its baseline is the live heap and not what
 * earlier rows left for the collector (`npm run bench` runs without --expose-gc: the flag is set here).
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const RUNS = Number(process.env.BENCH_BOOKS_RUNS ?? 30);
const ROUNDS = Number(process.env.BENCH_BOOKS_ROUNDS ?? 2);

export const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (value: number) => Math.round(value * 10) / 10;

async function timed(run: (i: number) => Promise<void>, runs = RUNS): Promise<number[]> {
  await run(-1); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  return times;
}

export type Cita = StartedCita;
export interface BusySalonsStarted {
  cita: Cita;
  seeded: SeedCounts[];
  /** Where the seeded data directory came from (books-seed.ts: prepareBusySalons). */
  cache: { dir: string; hit: boolean; seconds: number };
}

/**
 * A started Cita whose measured business and another one are each a busy salon (and nothing else: no
 * other business, no customers but theirs), the data directory from the bench cache when it has it.
 */
export async function startBusySalons(spaDist?: string): Promise<BusySalonsStarted> {
  const target = await testTarget('pglite');
  let salons: Awaited<ReturnType<typeof prepareBusySalons>>;
  try {
    salons = await prepareBusySalons(target.options.dataDir!);
  } catch (error) {
    await target.dispose();
    throw error;
  }
  const { tenantId, userId } = salons;
  const cita = await startCita('pglite', { spaDist, target, arrange: async (db) => ({ tenantId, userId, token: await signIn(db, userId) }) });
  console.log(`bench books: data directory ${salons.cache.hit ? 'copied from' : 'seeded, then kept in'} ${salons.cache.dir} (${salons.cache.seconds} s)`);
  return { cita, seeded: salons.seeded, cache: salons.cache };
}

/**
 * The floor of the summary: the bare SQL of the same figures (per day with every sum, per member, per
 * item, per tax rate, per payment method, outstanding, unbilled done appointments), one transaction.
 */
async function bareSummary(tx: Queryable, tenantId: string, from: string, to: string, perDayOnly = false): Promise<void> {
  const counted = `s.tenant_id = $1 AND s.lifecycle = 'SALE_LIFECYCLE_COMPLETED' AND s.sold_on BETWEEN $2::date AND $3::date`;
  const args = [tenantId, from, to];
  const sums = `count(*) FILTER (WHERE s.refund_of_sale_id IS NULL), sum(s.subtotal), sum(s.discount), sum(s.tax), sum(s.total),
            count(*) FILTER (WHERE s.refund_of_sale_id IS NULL AND s.operation_type = 'OPERATION_TYPE_APPOINTMENT_SALE'),
            count(*) FILTER (WHERE s.refund_of_sale_id IS NULL AND s.operation_type = 'OPERATION_TYPE_PRODUCT_SALE'),
            -sum(s.total) FILTER (WHERE s.refund_of_sale_id IS NOT NULL), count(*) FILTER (WHERE s.refund_of_sale_id IS NOT NULL), sum(s.tip)`;
  if (perDayOnly) {
    await tx.query(`SELECT s.sold_on, ${sums} FROM sales s WHERE ${counted} GROUP BY s.sold_on`, args);
    return;
  }
  // Per day and per member in one walk of the sales; per item and per tax rate in one walk of the
  // range's lines (by their date), as the summary reads them.
  await tx.query(`SELECT s.sold_on, s.user_id, ${sums} FROM sales s WHERE ${counted} GROUP BY GROUPING SETS ((s.sold_on), (s.user_id))`, args);
  await tx.query(
    `SELECT l.kind, l.item_id, min(l.name), sum(l.quantity), sum(l.base), sum(l.tax), sum(l.total), l.tax_percentage
       FROM sales s JOIN sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id AND l.sold_on BETWEEN $2::date AND $3::date
      WHERE ${counted} GROUP BY GROUPING SETS ((l.kind, l.item_id, CASE WHEN l.item_id IS NULL THEN l.name END), (l.tax_percentage))`,
    args,
  );
  await tx.query(
    `SELECT p.payment_method_id, count(*), sum(p.amount) FILTER (WHERE p.kind = 'PAYMENT_TRANSACTION_KIND_PAYMENT'), sum(p.amount) FILTER (WHERE p.kind = 'PAYMENT_TRANSACTION_KIND_REFUND'), sum(p.commission)
       FROM payment_transactions p WHERE p.tenant_id = $1 AND p.status = 'PAYMENT_TRANSACTION_STATUS_COMPLETED'
        AND coalesce(p.paid_at, p.created_at) >= $2::date::timestamp AT TIME ZONE '${ZONE}' AND coalesce(p.paid_at, p.created_at) < ($3::date + 1)::timestamp AT TIME ZONE '${ZONE}'
      GROUP BY 1`,
    args,
  );
  await tx.query(
    `SELECT count(*), sum((s.total - s.refunded_lines) - (s.paid - s.refunded)) FROM sales s
      WHERE ${counted} AND s.refund_of_sale_id IS NULL AND (s.total - s.refunded_lines) - (s.paid - s.refunded) > 0`,
    args,
  );
  await tx.query(
    `SELECT count(*), sum(a.total_amount) FROM appointments a WHERE a.tenant_id = $1 AND a.status = 'APPOINTMENT_STATUS_DONE'
        AND a.start_local >= $2::date::timestamp AND a.start_local < ($3::date + 1)::timestamp
        AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.tenant_id = a.tenant_id AND s.appointment_id = a.id AND s.refund_of_sale_id IS NULL AND s.lifecycle = 'SALE_LIFECYCLE_COMPLETED')`,
    args,
  );
}

export async function booksRows(): Promise<BenchRow[]> {
  const { cita, seeded, cache } = await startBusySalons();
  try {
    return await measureBooks(cita, seeded, cache);
  } finally {
    await cita.close();
  }
}

/** The rows, on a started Cita whose measured business is seeded. */
export async function measureBooks(cita: Cita, seeded: SeedCounts[], cache?: BusySalonsStarted['cache']): Promise<BenchRow[]> {
  {
    const rows: BenchRow[] = [];
    const [mine, theirs = mine] = seeded as [SeedCounts, SeedCounts?];
    rows.push(
      report(`books seed: appointments / sales / lines / payments (measured business: ${mine.appointments} / ${mine.sales} / ${mine.lines} / ${mine.payments}; the other: ${theirs.sales} sales)`, mine.sales, 'sales'),
      report(`books seed: bulk SQL of both businesses${cache?.hit ? ' (when the cache entry was made)' : ''}`, Math.round((mine.seconds + theirs.seconds) * 10) / 10, 's'),
    );
    if (cache) rows.push(report(cache.hit ? 'books seed: data directory copied from the bench cache' : 'books seed: data directory made (owners, customers, both seeds, vacuum), then cached', cache.seconds, 's'));
    const today = Temporal.Now.plainDateISO(ZONE);
    const from = today.subtract({ days: 364 }).toString();
    const to = today.toString();
    const { tenantId, userId } = cita;
    const auth = { authorization: `Bearer ${cita.token}`, 'content-type': 'application/json' };
    const send = (path: string, body?: unknown) =>
      fetch(`${cita.baseUrl}${path}`, { method: body ? 'POST' : 'GET', headers: auth, signal: AbortSignal.timeout(120_000), ...(body ? { body: JSON.stringify(body) } : {}) });
    // A kept-alive connection the server closed while the floor held the event loop (PGlite's queries
    // run in this process, and a floor of 30 summaries outlasts the server's keep-alive timeout on a
    // busy machine) resets the next request before the server reads it: sent again once on a new
    // connection, as a browser does, the time of both counted.
    const api = async (path: string, body?: unknown) => {
      try {
        return await send(path, body);
      } catch (error) {
        const code = ((error as Error).cause as { code?: string } | undefined)?.code;
        if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw error;
        console.warn(`bench books: ${path} reset on a kept-alive connection (${code}), sent again`);
        return send(path, body);
      }
    };
    const base = `/v1/tenants/${tenantId}`;
    let failed = 0;
    const check = async (response: Response) => {
      if (response.status !== 200) {
        failed++;
        console.warn(`bench books: ${response.status} ${(await response.text()).slice(0, 300)}`);
        return {};
      }
      return response.json() as Promise<Record<string, unknown>>;
    };
    const body = { startDate: from, endDate: to, groupBy: 'REPORT_GROUPING_DAY' };

    // Keyset positions at the start, the middle and the end of the year's lines (the report's order).
    const depths = (
      await cita.db.withTenant(tenantId, (tx) =>
        tx.query<{ sold_at: Date | string; sale_id: string; position: number; n: number; total: number }>(
          `SELECT * FROM (SELECT s.sold_at, s.id AS sale_id, l.position, (row_number() OVER (ORDER BY s.sold_at, s.id, l.position))::int AS n, (count(*) OVER ())::int AS total
                            FROM sales s JOIN sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
                           WHERE s.tenant_id = $1 AND s.lifecycle = 'SALE_LIFECYCLE_COMPLETED' AND s.sold_on BETWEEN $2::date AND $3::date) x
            WHERE n IN (1, total / 2, total - 60) ORDER BY n`,
          [tenantId, from, to],
        ),
      )
    ).rows;
    const yearLines = depths[0]?.total ?? 0;
    const cursors = depths.map((row) => encodeCursor({ soldAt: new Date(row.sold_at).toISOString(), saleId: row.sale_id, position: row.position }));
    cursors[0] = ''; // the first page has no cursor

    // Each step says when it ends (a round of 30 runs of every row takes minutes on a busy machine).
    let stepStart = performance.now();
    const step = (name: string) => {
      console.log(`bench books: ${name} measured in ${Math.round(performance.now() - stepStart)} ms`);
      stepStart = performance.now();
    };
    step(`keyset positions (${yearLines} lines in the year)`);
    for (let round = 1; round <= ROUNDS; round++) {
      const r = ROUNDS > 1 ? ` (round ${round})` : '';
      // Summary for a year by day with every breakdown, against the bare SQL of the same aggregations.
      failed = 0;
      const probe = (await check(await api(`${base}/reports/sales-summary`, body))) as { report?: { totals?: { salesCount?: number }; byItem?: unknown[] } };
      const empty = !probe.report?.totals?.salesCount || !probe.report.byItem?.length;
      const summary = await timed(async () => void (await check(await api(`${base}/reports/sales-summary`, body))));
      const floor = await timed(() => cita.db.withTenant(tenantId, (tx) => bareSummary(tx, tenantId, from, to)));
      const perDay = await timed(() => cita.db.withTenant(tenantId, (tx) => bareSummary(tx, tenantId, from, to, true)));
      const ratio = percentile(summary, 0.5) / percentile(floor, 0.5);
      step('sales summary and its floors');
      rows.push(
        latencyRow(`books PGlite: sales summary, a year by day, every breakdown p99${r}`, ms(percentile(summary, 0.99)), 300, { failed }, empty),
        report(`books PGlite: floor, bare SQL of the same aggregations (one transaction) p99${r}`, ms(percentile(floor, 0.99)), 'ms'),
        report(`books PGlite: bare SQL of the per-day aggregation alone p99${r}`, ms(percentile(perDay, 0.99)), 'ms'),
        { name: `books PGlite: sales summary p50 ÷ bare SQL p50${r}`, value: Number(ratio.toFixed(2)), unit: 'x', target: '≤ 2', met: ratio <= 2 },
      );

      // The detailed report's page of 50 lines (the screen's) in the middle and at the end of the year
      // (keyset), and its first page, which also carries the year's line count and totals (an
      // aggregation over the range, as the summary's).
      failed = 0;
      let emptyPage = yearLines === 0;
      const pageAt = async (after: string) => {
        const answer = (await check(await api(`${base}/reports/sales-detailed?limit=50${after ? `&after=${after}` : ''}`, body))) as { report?: { rows?: unknown[]; total?: number } };
        if (!answer.report?.rows?.length || (!after && answer.report.total !== yearLines)) emptyPage = true;
      };
      const deep = await timed((i) => pageAt(cursors[1 + ((i + 2) % (cursors.length - 1))]!));
      const firstPage = await timed(() => pageAt(''));
      step('detailed report pages');
      rows.push(
        latencyRow(`books PGlite: detailed report page of 50 at line ${Math.round(yearLines / 2)} and ${yearLines - 60} (keyset) p99${r}`, ms(percentile(deep, 0.99)), 100, { failed }, emptyPage),
        latencyRow(`books PGlite: detailed report first page of 50 with the year's line count and totals p99${r}`, ms(percentile(firstPage, 0.99)), 100, { failed }, emptyPage),
      );

      // The CSV of the year: first byte, whole file, process memory growth (the server and PGlite run in this process).
      collectGarbage();
      const rss = process.memoryUsage().rss;
      let peak = rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
      const start = performance.now();
      const response = await fetch(`${cita.baseUrl}${base}/reports/sales-detailed.csv?startDate=${from}&endDate=${to}&locale=es-ES`, { headers: { authorization: auth.authorization } });
      const reader = response.body!.getReader();
      let first = 0;
      let bytes = 0;
      let newlines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!first) first = performance.now() - start;
        bytes += value.length;
        for (const byte of value) if (byte === 10) newlines++;
      }
      const whole = performance.now() - start;
      clearInterval(sampler);
      step('CSV of a year');
      const csvRun = { failed: response.status === 200 ? 0 : 1 };
      const csvEmpty = newlines < yearLines; // every line of the year and the header
      rows.push(
        latencyRow(`books PGlite: CSV of a year (${newlines - 1} lines) first byte${r}`, ms(first), 500, csvRun, csvEmpty),
        latencyRow(`books PGlite: CSV of a year whole file${r}`, ms(whole), 5000, csvRun, csvEmpty),
        { name: `books PGlite: CSV of a year, process RSS growth (server and PGlite in-process)${r}`, value: Math.round((peak - rss) / 1e6), unit: 'MB', target: '< 50', met: peak - rss < 50e6 },
        report(`books PGlite: CSV of a year size${r}`, Math.round(bytes / 1e3), 'kB'),
      );

      failed = 0;
      let dashEmpty = false;
      const dashboard = await timed(async () => {
        const answer = (await check(await api(`/v1/dashboard?tenantId=${tenantId}`))) as { dashboard?: { money?: { revenueMonth?: { amount?: number } } } };
        if (!answer.dashboard?.money?.revenueMonth?.amount) dashEmpty = true;
      });
      step('dashboard');
      rows.push(latencyRow(`books PGlite: dashboard p99${r}`, ms(percentile(dashboard, 0.99)), 100, { failed }, dashEmpty));

      failed = 0;
      let statsEmpty = false;
      const stats = await timed(async () => {
        const answer = (await check(await api(`${base}/users/${userId}/statistics/fetch`, { start_date: from, end_date: to, locale: 'en-US', scope: 'STATISTICS_SCOPE_TENANT' }))) as {
          statistics?: { appointments?: { total?: number } };
        };
        if (!answer.statistics?.appointments?.total) statsEmpty = true;
      }, Math.max(10, Math.round(RUNS / 2)));
      step('statistics');
      rows.push(latencyRow(`books PGlite: statistics for a year (business, with the previous year) p99${r}`, ms(percentile(stats, 0.99)), 500, { failed }, statsEmpty));
    }
    return rows;
  }
}
