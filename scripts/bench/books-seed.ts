// The busy salon of the books rows (issue 20 "Speed"), inserted with bulk SQL straight into the database
// (never through the API), respecting the schema's constraints so that the reports read realistic data:
// 3 years of 8 members working Monday to Saturday, 60,000 appointments (with their service line, done,
// cancelled, no-show, and pending or confirmed ahead), ~80,000 sales (a sale for nearly every done
// appointment, counter sales for the rest, 2 lines each: ~160,000 lines, discounts, 21/10/4 % rates,
// voided sales, refund sales with their money refunds, unpaid and part-paid sales, tips) and ~80,000
// payment transactions (card with commission, cash, Bizum, some split). Used by scripts/bench/books.ts and
// scripts/bench/sales-list.ts, for the measured business and for another one of the same size.
//
// The two businesses' PGlite data directory is kept between bench runs (prepareBusySalons): under
// $BENCH_CACHE_DIR (default <os.tmpdir()>/cita-bench-cache), in busy-salons-<day>-<hash>/, the hash of the
// migrations, the database opening code, this file, catalogue.ts (the owners and customers) and the
// PGlite version, the day because the seed is laid out around today. A later run copies it instead of
// seeding (seconds instead of minutes); BENCH_CACHE=0 seeds afresh and keeps nothing. One entry is kept:
// a new one replaces the others.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { arrangeCustomers, arrangeOwners } from './catalogue.ts';

export const ZONE = 'Europe/Madrid';
export const BUSY_APPOINTMENTS = 60_000;
/** Non-refund sales; refund sales (~1 %) come on top, so the table holds ~80,000 sales. */
const BUSY_SALES = 79_200;
const MEMBERS = 8;
const SLOTS = 8; // per member and working day, on the hour from 9:00
const PER_DAY = MEMBERS * SLOTS;

const WEEKLY = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, day === 'sunday' ? [] : [{ start: '09:00', end: '17:00' }]]),
);
const SERVICES: Array<[string, number, number, number, string]> = [
  ['Corte mujer', 45, 3200, 21, 'Peluquería'],
  ['Corte hombre', 30, 1800, 21, 'Peluquería'],
  ['Tinte raíz', 60, 4500, 21, 'Color'],
  ['Mechas balayage', 60, 6500, 21, 'Color'],
  ['Peinado', 30, 2000, 21, 'Peluquería'],
  ['Manicura', 45, 2200, 21, 'Uñas'],
  ['Pedicura', 60, 2800, 21, 'Uñas'],
  ['Masaje relajante', 60, 4000, 21, 'Bienestar'],
  ['Tratamiento facial', 60, 5000, 21, 'Estética'],
  ['Arreglo de barba', 30, 1200, 21, 'Peluquería'],
];
const PRODUCTS: Array<[string, number, number, number]> = [
  ['Champú reparador 500 ml', 1895, 21, 40],
  ['Acondicionador 500 ml', 1650, 21, 35],
  ['Mascarilla nutritiva', 2400, 21, 3],
  ['Sérum puntas', 2990, 21, 20],
  ['Laca fijación fuerte', 1290, 21, 25],
  ['Cera moldeadora', 1450, 21, 2],
  ['Aceite de argán', 2250, 21, 15],
  ['Crema de manos', 990, 21, 50],
  ['Esmalte semipermanente', 850, 21, 60],
  ['Infusión relajante', 450, 10, 30],
  ['Complemento capilar', 1990, 10, 12],
  ['Guía de cuidado del cabello', 1500, 4, 8],
];
const NAMES = ['Lucía', 'Carmen', 'Javier', 'Marta', 'Sergio', 'Elena', 'Pablo'];

/** The last `count` working days (Monday to Saturday) up to two weeks from today, oldest first. */
function workingDays(count: number): string[] {
  const days: string[] = [];
  for (let day = Temporal.Now.plainDateISO(ZONE).add({ days: 14 }); days.length < count; day = day.subtract({ days: 1 })) {
    if (day.dayOfWeek !== 7) days.push(day.toString());
  }
  return days.reverse();
}

export interface SeedCounts {
  appointments: number;
  sales: number;
  lines: number;
  payments: number;
  seconds: number;
}

/** Seeds one business (its owner is `ownerId`; its customers must exist: their names go on the appointments). */
export async function seedBusySalon(db: Database, tenantId: string, ownerId: string): Promise<SeedCounts> {
  const started = performance.now();
  const days = workingDays(Math.ceil(BUSY_APPOINTMENTS / PER_DAY));
  const today = Temporal.Now.plainDateISO(ZONE).toString();
  const pastDays = days.filter((day) => day < today);
  const counts = await db.withSystem(async (tx) => {
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query(`UPDATE tenants SET time_zone = $2, currency_code = 'EUR', opening_hours = $3 WHERE id = $1`, [
      tenantId,
      ZONE,
      JSON.stringify({ timeZone: ZONE, weekly: WEEKLY, closedDates: [] }),
    ]);
    const staff = await tx.query<{ id: string }>(
      `INSERT INTO users (email, status, name, email_verified, locale)
       SELECT 'books-' || i || '-' || gen_random_uuid() || '@example.com', 'USER_STATUS_ACTIVE', ($1::text[])[i], true, 'es-ES'
         FROM generate_series(1, $2) AS i RETURNING id`,
      [NAMES, MEMBERS - 1],
    );
    const members = [ownerId, ...staff.rows.map((row) => row.id)];
    await tx.query(`INSERT INTO memberships (tenant_id, user_id, role) SELECT $1, u, 'TEAM_ROLE_MEMBER' FROM unnest($2::uuid[]) AS u`, [tenantId, members.slice(1)]);
    await tx.query(`INSERT INTO working_hours (tenant_id, user_id, weekly) SELECT $1, u, $3::jsonb FROM unnest($2::uuid[]) AS u`, [tenantId, members, JSON.stringify(WEEKLY)]);
    await tx.query(
      `INSERT INTO services (tenant_id, name, duration_minutes, price_amount, price_currency, tax_percentage, color, category)
       SELECT $1, name, duration, price, 'EUR', rate, '#12b886', category
         FROM unnest($2::text[], $3::int[], $4::bigint[], $5::int[], $6::text[]) AS s(name, duration, price, rate, category)`,
      [tenantId, ...[0, 1, 2, 3, 4].map((column) => SERVICES.map((service) => service[column]))],
    );
    await tx.query(
      `INSERT INTO inventory_items (tenant_id, name, sku, unit, quantity, min_quantity, price_amount, price_currency, tax_percentage)
       SELECT $1, name, 'BK-' || ordinality, 'INVENTORY_UNIT_PIECE', stock, 5, price, 'EUR', rate
         FROM unnest($2::text[], $3::bigint[], $4::int[], $5::int[]) WITH ORDINALITY AS p(name, price, rate, stock)`,
      [tenantId, ...[0, 1, 2, 3].map((column) => PRODUCTS.map((product) => product[column]))],
    );
    await tx.query(
      `INSERT INTO payment_methods (tenant_id, name, kind, commission_percentage, is_default, sort_order)
       VALUES ($1, 'Tarjeta', 'PAYMENT_METHOD_KIND_CARD', 1.5, true, 0), ($1, 'Efectivo', 'PAYMENT_METHOD_KIND_CASH', 0, false, 1),
              ($1, 'Bizum', 'PAYMENT_METHOD_KIND_BIZUM', 0, false, 2)`,
      [tenantId],
    );
    // Numbered catalogues (k from 0), the customers and the methods, for the generated rows to pick from.
    await tx.query(
      `CREATE TEMP TABLE bk_services ON COMMIT DROP AS
       SELECT (row_number() OVER (ORDER BY price_amount, name) - 1)::int AS k, id, name, duration_minutes AS duration, price_amount AS price, tax_percentage::int AS rate
         FROM services WHERE tenant_id = $1`,
      [tenantId],
    );
    await tx.query(
      `CREATE TEMP TABLE bk_products ON COMMIT DROP AS
       SELECT (row_number() OVER (ORDER BY price_amount, name) - 1)::int AS k, id, name, price_amount AS price, tax_percentage::int AS rate
         FROM inventory_items WHERE tenant_id = $1`,
      [tenantId],
    );
    await tx.query(
      `CREATE TEMP TABLE bk_customers ON COMMIT DROP AS
       SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, name, last_name FROM customers WHERE tenant_id = $1`,
      [tenantId],
    );
    const customers = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM bk_customers')).rows[0]!.n;
    if (customers === 0) throw new Error('bench books: the business has no customers to book');
    await tx.query(`CREATE TEMP TABLE bk_methods ON COMMIT DROP AS SELECT kind, id, commission_percentage AS pct FROM payment_methods WHERE tenant_id = $1`, [tenantId]);

    // Appointments: member = slot % 8, hour = 9 + slot / 8, a rotation of services and customers.
    await tx.query(
      `CREATE TEMP TABLE bk_appointments ON COMMIT DROP AS
       SELECT a.n, gen_random_uuid() AS id, ($1::uuid[])[1 + (a.n % ${PER_DAY}) % ${MEMBERS}] AS user_id,
              c.id AS customer_id, c.name, c.last_name, s.id AS service_id, s.name AS service_name, s.duration, s.price, s.k AS service_k,
              start_local, start_local + make_interval(mins => s.duration) AS end_local,
              CASE WHEN start_local + make_interval(mins => s.duration) > (now() AT TIME ZONE $4)
                     THEN CASE WHEN a.n % 3 = 0 THEN 'APPOINTMENT_STATUS_PENDING' ELSE 'APPOINTMENT_STATUS_CONFIRMED' END
                   WHEN a.n % 100 < 4 THEN 'APPOINTMENT_STATUS_CANCELLED'
                   WHEN a.n % 100 < 6 THEN 'APPOINTMENT_STATUS_NO_SHOW'
                   ELSE 'APPOINTMENT_STATUS_DONE' END AS status
         FROM generate_series(0, $2 - 1) AS a(n)
         CROSS JOIN LATERAL (SELECT ($3::date[])[1 + a.n / ${PER_DAY}]::timestamp + make_interval(hours => 9 + (a.n % ${PER_DAY}) / ${MEMBERS}) AS start_local) t
         JOIN bk_services s ON s.k = (a.n * 7 + a.n / ${PER_DAY}) % 10
         JOIN bk_customers c ON c.k = (a.n * 7919) % $5`,
      [members, BUSY_APPOINTMENTS, days, ZONE, customers],
    );
    // Statistics before every big statement: without them (a temp table, or tables just filled by
    // the other business's seed), the planner took a join of tens of thousands of rows for a few and
    // nested loops ran for tens of minutes.
    await tx.query('ANALYZE bk_customers, bk_appointments');
    await tx.query(
      `INSERT INTO appointments (tenant_id, id, user_id, customer_id, customer_snapshot, start_at, end_at, start_local, end_local, status,
                                 total_amount, total_currency, cancelled_at, cancelled_by, created_at)
       SELECT $1, id, user_id, customer_id, jsonb_build_object('id', customer_id, 'name', name, 'lastName', last_name),
              start_local AT TIME ZONE $2, end_local AT TIME ZONE $2, start_local, end_local, status, price, 'EUR',
              CASE WHEN status = 'APPOINTMENT_STATUS_CANCELLED' THEN (start_local - interval '1 day') AT TIME ZONE $2 END,
              CASE WHEN status = 'APPOINTMENT_STATUS_CANCELLED' THEN 'CANCELLED_BY_CUSTOMER' END,
              (start_local - interval '5 days') AT TIME ZONE $2
         FROM bk_appointments`,
      [tenantId, ZONE],
    );
    await tx.query(
      `INSERT INTO appointment_services (tenant_id, appointment_id, position, service_id, name, duration_minutes, price_amount, price_currency)
       SELECT $1, id, 1, service_id, service_name, duration, price, 'EUR' FROM bk_appointments`,
      [tenantId],
    );

    // Sales: one for each done appointment but every 50th (unbilled), at its end; counter sales on past
    // working days from 10:00 to 19:00 for the rest. n numbers them in time order.
    await tx.query(
      `CREATE TEMP TABLE bk_sales ON COMMIT DROP AS
       SELECT (row_number() OVER (ORDER BY sold_at, id) - 1)::int AS n, * FROM (
         SELECT gen_random_uuid() AS id, 'OPERATION_TYPE_APPOINTMENT_SALE' AS op, a.id AS appointment_id, a.customer_id,
                a.name || ' ' || a.last_name AS customer_name, a.user_id, a.end_local AT TIME ZONE $1 AS sold_at, a.service_k
           FROM bk_appointments a WHERE a.status = 'APPOINTMENT_STATUS_DONE' AND a.n % 50 <> 7
         UNION ALL
         SELECT gen_random_uuid(), 'OPERATION_TYPE_PRODUCT_SALE', NULL, CASE WHEN j % 5 < 3 THEN c.id END,
                CASE WHEN j % 5 < 3 THEN c.name || ' ' || c.last_name END, ($2::uuid[])[1 + j % ${MEMBERS}],
                (($3::date[])[1 + (j::bigint * cardinality($3::date[])) / greatest(1, $4 - (SELECT count(*) FROM bk_appointments WHERE status = 'APPOINTMENT_STATUS_DONE' AND n % 50 <> 7))]::timestamp
                  + make_interval(hours => 10, mins => ((j * 37) % 540)::int)) AT TIME ZONE $1, NULL
           FROM generate_series(0, $4 - 1 - (SELECT count(*) FROM bk_appointments WHERE status = 'APPOINTMENT_STATUS_DONE' AND n % 50 <> 7)) AS j
           JOIN bk_customers c ON c.k = (j * 104729) % $5
       ) x`,
      [ZONE, members, pastDays, BUSY_SALES, customers],
    );
    await tx.query('ANALYZE bk_sales');
    // Two lines a sale: an appointment's service (10 % off every 10th) and a product or an add-on
    // service; a counter sale's two products.
    await tx.query(
      `CREATE TEMP TABLE bk_lines ON COMMIT DROP AS
       SELECT sale_id, position, kind, item_id, name, quantity, unit_price, rate, discount_percentage, amount, discount, total,
              round(total * 100.0 / (100 + rate))::bigint AS base, total - round(total * 100.0 / (100 + rate))::bigint AS tax
         FROM (SELECT *, amount - discount AS total FROM (
           SELECT sale_id, position, kind, item_id, name, quantity, unit_price, rate, discount_percentage, (unit_price * quantity)::bigint AS amount,
                  round(unit_price * quantity * discount_percentage / 100.0)::bigint AS discount
             FROM (
               SELECT s.id AS sale_id, 0 AS position, 'SALE_LINE_KIND_SERVICE' AS kind, v.id AS item_id, v.name, 1 AS quantity, v.price AS unit_price, v.rate,
                      CASE WHEN s.n % 10 = 0 THEN 10 ELSE 0 END AS discount_percentage
                 FROM bk_sales s JOIN bk_services v ON v.k = s.service_k WHERE s.service_k IS NOT NULL
               UNION ALL
               SELECT s.id, 0, 'SALE_LINE_KIND_PRODUCT', p.id, p.name, 1 + (s.n % 4 = 0)::int, p.price, p.rate, 0
                 FROM bk_sales s JOIN bk_products p ON p.k = s.n % 12 WHERE s.service_k IS NULL
               UNION ALL
               SELECT s.id, 1, 'SALE_LINE_KIND_PRODUCT', p.id, p.name, 1 + (s.n % 7 = 0)::int, p.price, p.rate, 0
                 FROM bk_sales s JOIN bk_products p ON p.k = (s.n * 5 + 3) % 12 WHERE s.service_k IS NULL OR s.n % 2 = 0
               UNION ALL
               SELECT s.id, 1, 'SALE_LINE_KIND_SERVICE', v.id, v.name, 1, v.price, v.rate, 0
                 FROM bk_sales s JOIN bk_services v ON v.k = (s.service_k + 4) % 10 WHERE s.service_k IS NOT NULL AND s.n % 2 = 1
             ) l) a) b`,
    );
    await tx.query('ANALYZE bk_lines');
    // Payment of each sale: voided every 200th, unpaid every 97th, half paid every 89th, else paid;
    // a 2 € tip every 15th paid one; split card + 10 € cash every 25th.
    await tx.query(
      `INSERT INTO sales (tenant_id, id, operation_type, appointment_id, customer_id, customer_name, user_id, sold_at, sold_on, currency,
                          subtotal, discount, tax, total, tax_breakdown, paid, tip, lifecycle, payment_status, voided_at, void_reason, search, created_at, line_count)
       SELECT $1, s.id, s.op, s.appointment_id, s.customer_id, s.customer_name, s.user_id, s.sold_at, (s.sold_at AT TIME ZONE $2)::date, 'EUR',
              t.base, t.discount, t.tax, t.total, b.breakdown,
              CASE WHEN s.n % 200 = 17 OR s.n % 97 = 5 THEN 0 WHEN s.n % 89 = 11 THEN t.total / 2 ELSE t.total END,
              CASE WHEN s.n % 200 <> 17 AND s.n % 97 <> 5 AND s.n % 89 <> 11 AND s.n % 15 = 0 THEN 200 ELSE 0 END,
              CASE WHEN s.n % 200 = 17 THEN 'SALE_LIFECYCLE_VOIDED' ELSE 'SALE_LIFECYCLE_COMPLETED' END,
              CASE WHEN s.n % 200 = 17 OR s.n % 97 = 5 THEN 'SALE_STATUS_UNPAID' WHEN s.n % 89 = 11 THEN 'SALE_STATUS_PARTIALLY_PAID' ELSE 'SALE_STATUS_PAID' END,
              CASE WHEN s.n % 200 = 17 THEN s.sold_at + interval '10 minutes' END,
              CASE WHEN s.n % 200 = 17 THEN 'Cobro duplicado' END,
              cita_fold(coalesce(s.customer_name, '') || ' ' || t.names), s.sold_at, t.n
         FROM bk_sales s
         JOIN (SELECT sale_id, sum(base) AS base, sum(discount) AS discount, sum(tax) AS tax, sum(total) AS total, string_agg(name, ' ' ORDER BY position) AS names, count(*) AS n
                 FROM bk_lines GROUP BY sale_id) t ON t.sale_id = s.id
         JOIN (SELECT sale_id, jsonb_agg(jsonb_build_object('taxPercentage', rate, 'base', base, 'tax', tax) ORDER BY rate DESC) AS breakdown
                 FROM (SELECT sale_id, rate, sum(base) AS base, sum(tax) AS tax FROM bk_lines GROUP BY 1, 2) r GROUP BY 1) b ON b.sale_id = s.id`,
      [tenantId, ZONE],
    );
    await tx.query(
      `INSERT INTO sale_lines (tenant_id, sale_id, position, kind, item_id, name, quantity, unit_price, tax_percentage, discount_percentage, amount, discount, base, tax, total, sold_on)
       SELECT $1, l.sale_id, l.position, l.kind, l.item_id, l.name, l.quantity, l.unit_price, l.rate, l.discount_percentage, l.amount, l.discount, l.base, l.tax, l.total,
              (s.sold_at AT TIME ZONE $2)::date
         FROM bk_lines l JOIN bk_sales s ON s.id = l.sale_id`,
      [tenantId, ZONE],
    );
    // The payments read this business's sales back: statistics that know it has them (the other
    // business's seed, or a vacuum pass of empty tables, left ones that say a tenant has a handful).
    await tx.query('ANALYZE sales');
    await tx.query(
      `INSERT INTO payment_transactions (tenant_id, id, sale_id, kind, amount, tip_amount, currency, payment_method_id, commission_percentage, commission, status, paid_at, user_id, created_at)
       SELECT $1, gen_random_uuid(), p.sale_id, 'PAYMENT_TRANSACTION_KIND_PAYMENT', p.amount, p.tip, 'EUR', m.id, m.pct, round(p.amount * m.pct / 100)::bigint,
              'PAYMENT_TRANSACTION_STATUS_COMPLETED', p.paid_at, p.user_id, p.paid_at
         FROM (SELECT s.id AS sale_id, s.paid - CASE WHEN b.n % 25 = 3 AND s.paid > 2000 THEN 1000 ELSE 0 END AS amount, s.tip, s.sold_at AS paid_at, s.user_id,
                      CASE WHEN b.n % 10 < 5 THEN 'PAYMENT_METHOD_KIND_CARD' WHEN b.n % 10 < 8 THEN 'PAYMENT_METHOD_KIND_CASH' ELSE 'PAYMENT_METHOD_KIND_BIZUM' END AS kind
                 FROM sales s JOIN bk_sales b ON b.id = s.id WHERE s.tenant_id = $1 AND s.paid > 0
               UNION ALL
               SELECT s.id, 1000, 0, s.sold_at + interval '1 second', s.user_id, 'PAYMENT_METHOD_KIND_CASH'
                 FROM sales s JOIN bk_sales b ON b.id = s.id WHERE s.tenant_id = $1 AND s.paid > 2000 AND b.n % 25 = 3) p
         JOIN bk_methods m ON m.kind = p.kind`,
      [tenantId],
    );

    await tx.query('ANALYZE sales, sale_lines, payment_transactions');
    // Refunds: every 100th paid sale (13th of each hundred) gives back its second line, money back by
    // its first payment's method, three days later (never in the future).
    await tx.query(
      `CREATE TEMP TABLE bk_refunds ON COMMIT DROP AS
       SELECT gen_random_uuid() AS id, s.id AS of_id, s.operation_type, s.appointment_id, s.customer_id, s.customer_name, s.user_id,
              least(s.sold_at + interval '3 days', now() - interval '1 minute') AS sold_at,
              l.kind, l.item_id, l.name, l.quantity, l.unit_price, l.tax_percentage, l.amount, l.discount, l.base, l.tax, l.total,
              (SELECT p.id FROM payment_transactions p WHERE p.tenant_id = s.tenant_id AND p.sale_id = s.id ORDER BY p.amount DESC LIMIT 1) AS payment_id
         FROM sales s JOIN bk_sales b ON b.id = s.id
         JOIN sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id AND l.position = 1
        WHERE s.tenant_id = $1 AND b.n % 100 = 13 AND s.payment_status = 'SALE_STATUS_PAID' AND s.paid = s.total`,
      [tenantId],
    );
    await tx.query(
      `INSERT INTO sales (tenant_id, id, operation_type, appointment_id, customer_id, customer_name, user_id, sold_at, sold_on, currency,
                          subtotal, discount, tax, total, tax_breakdown, refunded, payment_status, refund_of_sale_id, search, created_at, line_count)
       SELECT $1, id, operation_type, appointment_id, customer_id, customer_name, user_id, sold_at, (sold_at AT TIME ZONE $2)::date, 'EUR',
              -base, -discount, -tax, -total, jsonb_build_array(jsonb_build_object('taxPercentage', tax_percentage::int, 'base', -base, 'tax', -tax)),
              total, 'SALE_STATUS_REFUNDED', of_id, cita_fold(coalesce(customer_name, '') || ' ' || name), sold_at, 1
         FROM bk_refunds`,
      [tenantId, ZONE],
    );
    await tx.query(
      `INSERT INTO sale_lines (tenant_id, sale_id, position, kind, item_id, name, quantity, unit_price, tax_percentage, amount, discount, base, tax, total, refund_of_position, sold_on)
       SELECT $1, id, 0, kind, item_id, name, -quantity, unit_price, tax_percentage, -amount, -discount, -base, -tax, -total, 1, (sold_at AT TIME ZONE $2)::date FROM bk_refunds`,
      [tenantId, ZONE],
    );
    await tx.query(
      `UPDATE sale_lines l SET refunded_quantity = l.quantity FROM bk_refunds r WHERE l.tenant_id = $1 AND l.sale_id = r.of_id AND l.position = 1`,
      [tenantId],
    );
    await tx.query(
      `UPDATE sales s SET refunded_lines = r.total, refunded = r.total, payment_status = 'SALE_STATUS_PARTIALLY_REFUNDED'
         FROM bk_refunds r WHERE s.tenant_id = $1 AND s.id = r.of_id`,
      [tenantId],
    );
    await tx.query(
      `INSERT INTO payment_transactions (tenant_id, id, sale_id, kind, amount, currency, payment_method_id, commission_percentage, commission, status, paid_at,
                                         refund_of_transaction_id, refund_sale_id, user_id, created_at)
       SELECT $1, gen_random_uuid(), r.of_id, 'PAYMENT_TRANSACTION_KIND_REFUND', r.total, 'EUR', p.payment_method_id, 0, 0, 'PAYMENT_TRANSACTION_STATUS_COMPLETED', r.sold_at,
              p.id, r.id, r.user_id, r.sold_at
         FROM bk_refunds r JOIN payment_transactions p ON p.tenant_id = $1 AND p.id = r.payment_id`,
      [tenantId],
    );
    const { rows } = await tx.query<{ appointments: number; sales: number; lines: number; payments: number }>(
      `SELECT (SELECT count(*)::int FROM appointments WHERE tenant_id = $1) AS appointments, (SELECT count(*)::int FROM sales WHERE tenant_id = $1) AS sales,
              (SELECT count(*)::int FROM sale_lines WHERE tenant_id = $1) AS lines, (SELECT count(*)::int FROM payment_transactions WHERE tenant_id = $1) AS payments`,
      [tenantId],
    );
    return rows[0]!;
  });
  return { ...counts, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/** Customers of each busy salon: the names on its appointments and sales. */
const SALON_CUSTOMERS = 10_000;
const ROOT = resolve(import.meta.dirname, '..', '..');
export const BENCH_CACHE_ROOT = resolve(process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'cita-bench-cache'));

/** The two busy salons in a data directory: the measured one (its owner) first, and what each holds. */
export interface BusySalons {
  tenantId: string;
  userId: string;
  seeded: SeedCounts[];
}

/** The cache entry's name: the day and a hash of everything that shapes the seeded directory. */
function cacheEntry(): string {
  const hash = createHash('sha256');
  const migrations = join(ROOT, 'server', 'db', 'migrations');
  for (const file of readdirSync(migrations).sort()) hash.update(file).update(readFileSync(join(migrations, file)));
  for (const file of ['server/db/migrate.ts', 'server/db/pglite-database.ts', 'scripts/bench/books-seed.ts', 'scripts/bench/catalogue.ts']) hash.update(file).update(readFileSync(join(ROOT, file)));
  hash.update((JSON.parse(readFileSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version);
  return `busy-salons-${Temporal.Now.plainDateISO(ZONE).toString()}-${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Fills the PGlite data directory `dataDir` (not yet created, no database open on it) with two busy
 * salons: two businesses with their owner and 10,000 customers each (no other business, no other
 * customers), each seeded by seedBusySalon, then vacuumed (statistics, visibility map) as a running
 * server's database is. From the cache when it has today's entry for this code (a copy of the
 * directory), else seeded here and then kept in the cache.
 */
export async function prepareBusySalons(dataDir: string): Promise<BusySalons & { cache: { dir: string; hit: boolean; seconds: number } }> {
  const useCache = process.env.BENCH_CACHE !== '0';
  const dir = join(BENCH_CACHE_ROOT, cacheEntry());
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) / 100) / 10;
  if (useCache && existsSync(join(dir, 'salons.json'))) {
    cpSync(join(dir, 'db'), dataDir, { recursive: true });
    const salons = JSON.parse(readFileSync(join(dir, 'salons.json'), 'utf8')) as BusySalons;
    return { ...salons, cache: { dir, hit: true, seconds: elapsed() } };
  }
  const db = await openDatabase({ dataDir });
  let salons: BusySalons;
  try {
    const { tenantIds, ownerIds } = await arrangeOwners(db, 2);
    await arrangeCustomers(db, tenantIds, SALON_CUSTOMERS);
    // Statistics of every table before the seeds (as the server's vacuum pass at start would have them).
    if (db.vacuum) await db.vacuum();
    const seeded = [await seedBusySalon(db, tenantIds[0]!, ownerIds[0]!), await seedBusySalon(db, tenantIds[1]!, ownerIds[1]!)];
    if (db.vacuum) await db.vacuum();
    salons = { tenantId: tenantIds[0]!, userId: ownerIds[0]!, seeded };
  } finally {
    await db.close();
  }
  const seconds = elapsed();
  if (useCache) {
    // Written beside, then renamed into place: a run stopped halfway leaves no entry that looks whole.
    mkdirSync(BENCH_CACHE_ROOT, { recursive: true });
    for (const old of readdirSync(BENCH_CACHE_ROOT)) if (old.startsWith('busy-salons-')) rmSync(join(BENCH_CACHE_ROOT, old), { recursive: true, force: true });
    const partial = `${dir}.partial-${process.pid}`;
    cpSync(dataDir, join(partial, 'db'), { recursive: true });
    writeFileSync(join(partial, 'salons.json'), `${JSON.stringify(salons, null, 2)}\n`);
    renameSync(partial, dir);
  }
  return { ...salons, cache: { dir, hit: false, seconds } };
}
