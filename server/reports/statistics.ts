import { Temporal } from 'temporal-polyfill';
import type { Statistics } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { loadTenantClock, parseJson } from '../scheduling/schedules-db.ts';
import type { Weekly } from '../scheduling/time.ts';
import { previousRange } from './periods.ts';
import { averageTicket, countedLinesFrom, instantsAround, localTimesIn, netSalesByDay, Params, type DateRange, type FigureScope } from './revenue.ts';

type Status = Statistics['appointments']['byStatus'][number]['status'];
const STATUSES: readonly Status[] = [
  'APPOINTMENT_STATUS_DONE',
  'APPOINTMENT_STATUS_CONFIRMED',
  'APPOINTMENT_STATUS_PENDING',
  'APPOINTMENT_STATUS_CANCELLED',
  'APPOINTMENT_STATUS_REJECTED',
  'APPOINTMENT_STATUS_NO_SHOW',
];
const LABELS: Record<'en-US' | 'es-ES', Record<string, string>> = {
  'en-US': {
    APPOINTMENT_STATUS_DONE: 'Done',
    APPOINTMENT_STATUS_CONFIRMED: 'Confirmed',
    APPOINTMENT_STATUS_PENDING: 'Pending',
    APPOINTMENT_STATUS_CANCELLED: 'Cancelled',
    APPOINTMENT_STATUS_REJECTED: 'Rejected',
    APPOINTMENT_STATUS_NO_SHOW: 'No-show',
  },
  'es-ES': {
    APPOINTMENT_STATUS_DONE: 'Realizada',
    APPOINTMENT_STATUS_CONFIRMED: 'Confirmada',
    APPOINTMENT_STATUS_PENDING: 'Pendiente',
    APPOINTMENT_STATUS_CANCELLED: 'Cancelada',
    APPOINTMENT_STATUS_REJECTED: 'Rechazada',
    APPOINTMENT_STATUS_NO_SHOW: 'No presentada',
  },
};

/** Statuses that hold their time in the calendar: booked hours. */
const BOOKED = `('APPOINTMENT_STATUS_PENDING', 'APPOINTMENT_STATUS_CONFIRMED', 'APPOINTMENT_STATUS_DONE')`;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const DAY_MINUTES = 1440;
const WEEKDAYS_FROM_SUNDAY = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
/** Days since 1970-01-01 of a local date (YYYY-MM-DD): wall-clock arithmetic, no time zone. */
const epochDay = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
/** Minutes since 1970-01-01T00:00 of a local date-time ('YYYY-MM-DD HH:MM[:SS]'). */
const localMinutes = (dateTime: string) => epochDay(dateTime) * DAY_MINUTES + minutesOf(dateTime.slice(11, 16));

/**
 * Working minutes per local date of the range, of the members in scope: their hours (or the
 * business's), closed dates and time off deducted. Plain minute arithmetic on local wall times (a
 * year × a team is thousands of intervals: Temporal objects for each took 30 ms of a year's statistics
 * in the bench's busy salon, 1 ms now).
 */
async function workingMinutes(tx: Queryable, scope: FigureScope, range: DateRange): Promise<Map<string, number>> {
  const tenant = await loadTenantClock(tx, scope.tenantId);
  const members = (
    await tx.query<{ user_id: string; weekly: unknown }>(
      `SELECT m.user_id, w.weekly FROM memberships m LEFT JOIN working_hours w ON w.tenant_id = m.tenant_id AND w.user_id = m.user_id
        WHERE m.tenant_id = $1 ${scope.userId ? 'AND m.user_id = $2' : ''}`,
      scope.userId ? [scope.tenantId, scope.userId] : [scope.tenantId],
    )
  ).rows.map((row) => ({ userId: row.user_id, weekly: parseJson<Weekly>(row.weekly as string | Weekly | null) ?? tenant.weekly }));
  const timeOff = (
    await tx.query<{ user_id: string; start_local: string; end_local: string }>(
      `SELECT user_id, start_local::text AS start_local, end_local::text AS end_local FROM time_off
        WHERE tenant_id = $1 AND start_local < ($3::date + 1)::timestamp AND end_local > $2::date::timestamp ${scope.userId ? 'AND user_id = $4' : ''}`,
      scope.userId ? [scope.tenantId, range.from, range.to, scope.userId] : [scope.tenantId, range.from, range.to],
    )
  ).rows.map((row) => ({ userId: row.user_id, start: localMinutes(row.start_local), end: localMinutes(row.end_local) }));
  const closed = new Set(tenant.closedDates.map((entry) => entry.date));
  const out = new Map<string, number>();
  for (let day = epochDay(range.from), last = epochDay(range.to); day <= last; day++) {
    const date = new Date(day * 86_400_000);
    const key = date.toISOString().slice(0, 10);
    let total = 0;
    if (!closed.has(key)) {
      const weekday = WEEKDAYS_FROM_SUNDAY[date.getUTCDay()]!;
      for (const member of members) {
        for (const open of member.weekly?.[weekday] ?? []) {
          const start = day * DAY_MINUTES + minutesOf(open.start);
          const end = day * DAY_MINUTES + (open.end === '24:00' ? DAY_MINUTES : minutesOf(open.end));
          let minutes = end - start;
          for (const off of timeOff) {
            if (off.userId === member.userId) minutes -= Math.max(0, Math.min(off.end, end) - Math.max(off.start, start));
          }
          total += Math.max(0, minutes);
        }
      }
    }
    out.set(key, total);
  }
  return out;
}

interface PeriodFigures {
  total: number;
  byStatus: Map<string, number>;
  averageDuration: number;
  bookedByDay: Map<string, number>;
  appointmentsByDay: Map<string, number>;
  booked: number;
  available: number;
  availableByDay: Map<string, number>;
  unique: number;
  newCustomers: number;
  revenue: number;
  salesCount: number;
  revenueByDay: Map<string, { total: number; salesCount: number }>;
}

async function periodFigures(tx: Queryable, scope: FigureScope, range: DateRange): Promise<PeriodFigures> {
  const params = new Params();
  const where = [`a.tenant_id = ${params.add(scope.tenantId)}`, localTimesIn('a.start_local', params.add(range.from), params.add(range.to))];
  if (scope.userId) where.push(`a.user_id = ${params.add(scope.userId)}`);
  const w = where.join(' AND ');
  const byDay = (
    await tx.query<{ day: string; status: string; n: number; booked: string; duration: string }>(
      `SELECT a.start_local::date::text AS day, a.status, count(*)::int AS n,
              coalesce(sum(extract(epoch FROM a.end_local - a.start_local) / 60) FILTER (WHERE a.status IN ${BOOKED}), 0) AS booked,
              coalesce(sum(extract(epoch FROM coalesce(a.real_end_local - a.real_start_local, a.end_local - a.start_local)) / 60)
                FILTER (WHERE a.status = 'APPOINTMENT_STATUS_DONE'), 0) AS duration
         FROM appointments a WHERE ${w} GROUP BY 1, 2`,
      params.values,
    )
  ).rows;
  const byStatus = new Map<string, number>();
  const bookedByDay = new Map<string, number>();
  const appointmentsByDay = new Map<string, number>();
  let total = 0;
  let booked = 0;
  let doneMinutes = 0;
  for (const row of byDay) {
    const status = row.status === 'APPOINTMENT_STATUS_UNSPECIFIED' ? 'APPOINTMENT_STATUS_NO_SHOW' : row.status;
    byStatus.set(status, (byStatus.get(status) ?? 0) + row.n);
    total += row.n;
    booked += Number(row.booked);
    doneMinutes += Number(row.duration);
    bookedByDay.set(row.day, (bookedByDay.get(row.day) ?? 0) + Number(row.booked));
    if (row.status !== 'APPOINTMENT_STATUS_CANCELLED' && row.status !== 'APPOINTMENT_STATUS_REJECTED') appointmentsByDay.set(row.day, (appointmentsByDay.get(row.day) ?? 0) + row.n);
  }
  // Customers with a (not cancelled or rejected) appointment in the range; new: whose first ever is in it.
  const customers = (
    await tx.query<{ n: number; fresh: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT EXISTS (
                SELECT 1 FROM appointments b WHERE b.tenant_id = c.tenant_id AND b.customer_id = c.customer_id
                   AND b.start_local < ${params.add(range.from)}::date::timestamp AND b.status NOT IN ('APPOINTMENT_STATUS_CANCELLED', 'APPOINTMENT_STATUS_REJECTED')))::int AS fresh
         FROM (SELECT DISTINCT a.tenant_id, a.customer_id FROM appointments a
                WHERE ${w} AND a.customer_id IS NOT NULL AND a.status NOT IN ('APPOINTMENT_STATUS_CANCELLED', 'APPOINTMENT_STATUS_REJECTED')) c`,
      params.values,
    )
  ).rows[0]!;
  const availableByDay = await workingMinutes(tx, scope, range);
  const available = [...availableByDay.values()].reduce((sum, value) => sum + value, 0);
  // Net sales per day (the daily chart) and their sums (the period's figures): one walk of the sales.
  const revenueByDay = await netSalesByDay(tx, scope, range);
  const sales = { total: 0, salesCount: 0 };
  for (const day of revenueByDay.values()) {
    sales.total += day.total;
    sales.salesCount += day.salesCount;
  }
  const done = byStatus.get('APPOINTMENT_STATUS_DONE') ?? 0;
  return {
    total,
    byStatus,
    averageDuration: done === 0 ? 0 : Math.min(1440, Math.round(doneMinutes / done)),
    bookedByDay,
    appointmentsByDay,
    booked: Math.round(booked),
    available,
    availableByDay,
    unique: customers.n,
    newCustomers: customers.fresh,
    revenue: sales.total,
    salesCount: sales.salesCount,
    revenueByDay,
  };
}

const rates = (figures: PeriodFigures) => ({
  cancellationRate: percent((figures.byStatus.get('APPOINTMENT_STATUS_CANCELLED') ?? 0) + (figures.byStatus.get('APPOINTMENT_STATUS_REJECTED') ?? 0), figures.total),
  noShowRate: percent(figures.byStatus.get('APPOINTMENT_STATUS_NO_SHOW') ?? 0, figures.total),
});

/** The statistics of a range (issue 20), with the previous period of the same length beside it. */
export async function statistics(
  tx: Queryable,
  scope: FigureScope,
  range: DateRange,
  locale: 'en-US' | 'es-ES',
  requestUserId: string,
  names: ReadonlyMap<string, string> = new Map(),
): Promise<Statistics> {
  const money = (amount: number) => ({ amount, currency: scope.currency });
  const current = await periodFigures(tx, scope, range);
  const previous = previousRange(range);
  const before = await periodFigures(tx, scope, previous);

  const itemParams = new Params();
  const items = (
    await tx.query<{ kind: string; item_id: string | null; name: string; quantity: string; total: string }>(
      `SELECT * FROM (
         SELECT l.kind, l.item_id, min(l.name) AS name, sum(l.quantity) AS quantity, sum(l.total) AS total,
                row_number() OVER (PARTITION BY l.kind ORDER BY sum(l.total) DESC, min(l.name)) AS rank
           FROM ${countedLinesFrom(itemParams, scope, range)} AND l.item_id IS NOT NULL
          GROUP BY l.kind, l.item_id) t
        WHERE rank <= 10 ORDER BY kind, rank`,
      itemParams.values,
    )
  ).rows;

  const memberParams = new Params();
  const tenantParam = memberParams.add(scope.tenantId);
  const from = memberParams.add(range.from);
  const to = memberParams.add(range.to);
  const only = scope.userId ? `AND m.user_id = ${memberParams.add(scope.userId)}` : '';
  const byMember = (
    await tx.query<{ user_id: string; appointments: number; revenue: string }>(
      `SELECT m.user_id,
              (SELECT count(*)::int FROM appointments a WHERE a.tenant_id = m.tenant_id AND a.user_id = m.user_id
                  AND ${localTimesIn('a.start_local', from, to)}
                  -- The member's (tenant, user, start_at) index walked over the range's instants only.
                  AND a.start_at >= ${instantsAround.start(from)} AND a.start_at < ${instantsAround.end(to)}
                  AND a.status NOT IN ('APPOINTMENT_STATUS_CANCELLED', 'APPOINTMENT_STATUS_REJECTED')) AS appointments,
              (SELECT coalesce(sum(s.total), 0) FROM sales s WHERE s.tenant_id = m.tenant_id AND s.user_id = m.user_id
                  AND s.lifecycle = 'SALE_LIFECYCLE_COMPLETED' AND s.sold_on BETWEEN ${from}::date AND ${to}::date) AS revenue
         FROM memberships m
        WHERE m.tenant_id = ${tenantParam} ${only}
        ORDER BY 3 DESC, 2 DESC, 1 LIMIT 200`,
      memberParams.values,
    )
  ).rows.map((row) => ({ userId: row.user_id, name: names.get(row.user_id) ?? '', appointments: row.appointments, revenue: money(Number(row.revenue)) }));

  const label = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const daily: Statistics['daily'] = [];
  const last = Temporal.PlainDate.from(range.to);
  for (let day = Temporal.PlainDate.from(range.from); Temporal.PlainDate.compare(day, last) <= 0; day = day.add({ days: 1 })) {
    const key = day.toString();
    daily.push({
      date: key,
      label: label.format(new Date(`${key}T12:00:00Z`)).slice(0, 30),
      appointments: current.appointmentsByDay.get(key) ?? 0,
      revenue: money(current.revenueByDay.get(key)?.total ?? 0),
      occupancyPercentage: Math.min(100, percent(current.bookedByDay.get(key) ?? 0, current.availableByDay.get(key) ?? 0)),
    });
  }
  const labels = LABELS[locale];
  return {
    startDate: range.from,
    endDate: range.to,
    scope: scope.userId ? 'STATISTICS_SCOPE_USER' : 'STATISTICS_SCOPE_TENANT',
    userId: requestUserId,
    currency: scope.currency,
    appointments: {
      total: current.total,
      byStatus: STATUSES.map((status) => ({ status, label: labels[status]!, count: current.byStatus.get(status) ?? 0 })),
      ...rates(current),
      averageDurationMinutes: current.averageDuration,
    },
    revenue: {
      total: money(current.revenue),
      averageTicket: money(averageTicket(current.revenue, current.salesCount)),
      previousPeriodTotal: money(before.revenue),
      ...(before.revenue > 0 ? { changePercentage: Math.max(-100, Math.round((1000 * (current.revenue - before.revenue)) / before.revenue) / 10) } : {}),
    },
    topServices: items
      .filter((item) => item.kind === 'SALE_LINE_KIND_SERVICE')
      .map((item) => ({ serviceId: item.item_id!, name: item.name.slice(0, 100), count: Math.max(0, Math.round(Number(item.quantity))), revenue: money(Number(item.total)) })),
    topProducts: items
      .filter((item) => item.kind === 'SALE_LINE_KIND_PRODUCT')
      .map((item) => ({ inventoryItemId: item.item_id!, name: item.name, quantity: Number(item.quantity), revenue: money(Number(item.total)) })),
    customers: { uniqueCustomers: current.unique, newCustomers: current.newCustomers, returningCustomers: current.unique - current.newCustomers },
    occupancy: { bookedMinutes: current.booked, availableMinutes: current.available, percentage: Math.min(100, percent(current.booked, current.available)) },
    daily,
    byMember,
    previous: {
      startDate: previous.from,
      endDate: previous.to,
      appointments: before.total,
      revenue: money(before.revenue),
      newCustomers: before.newCustomers,
      occupancyPercentage: Math.min(100, percent(before.booked, before.available)),
      ...rates(before),
    },
  };
}
