
import type { Dashboard, DashboardAppointment } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { iso, json } from '../kit/rows.ts';
import { todayIn } from './periods.ts';
import { netSales, outstanding, unbilledDoneAppointments, type FigureScope } from './revenue.ts';
import { amounts } from './summary.ts';

interface SlimRow {
  id: string;
  user_id: string;
  status: string;
  start_at: unknown;
  end_at: unknown;
  customer_snapshot: unknown;
  services: string[] | string | null;
}

const SLIM = `SELECT a.id, a.user_id, a.status, a.start_at, a.end_at, a.customer_snapshot,
                     (SELECT array_agg(x.name ORDER BY x.position) FROM appointment_services x WHERE x.tenant_id = a.tenant_id AND x.appointment_id = a.id) AS services
                FROM appointments a`;

function slim(row: SlimRow): DashboardAppointment {
  const customer = json<{ name?: string; lastName?: string } | null>(row.customer_snapshot);
  const services = row.services === null ? [] : Array.isArray(row.services) ? row.services : json<string[]>(row.services.replace(/^\{/, '[').replace(/\}$/, ']'));
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status as DashboardAppointment['status'],
    startAt: iso(row.start_at),
    endAt: iso(row.end_at),
    customerName: [customer?.name, customer?.lastName].filter(Boolean).join(' ').slice(0, 200),
    serviceNames: services.slice(0, 20).map((name) => name.slice(0, 100)),
  };
}

/**
 * The home screen's figures (issue 20): what the caller may see of today's appointments (`onlyUserId`:
 * the calendar's visibility), the next one, and the money of `scope` by the one revenue definition;
 * with the new business's setup checklist (issue 18).
 */
export async function dashboard(tx: Queryable, scope: FigureScope, onlyUserId: string | null): Promise<Dashboard> {
  const money = (amount: number) => ({ amount, currency: scope.currency });
  const today = todayIn(scope.timeZone);
  const visible = onlyUserId ? 'AND a.user_id = $4' : '';
  const withUser = (values: unknown[]) => (onlyUserId ? [...values, onlyUserId] : values);
  const live = `a.status NOT IN ('APPOINTMENT_STATUS_CANCELLED', 'APPOINTMENT_STATUS_REJECTED')`;
  const todayRows = (
    await tx.query<SlimRow>(
      `${SLIM} WHERE a.tenant_id = $1 AND a.start_local >= $2::date::timestamp AND a.start_local < $3::date::timestamp AND ${live} ${visible}
        ORDER BY a.start_at, a.id LIMIT 500`,
      withUser([scope.tenantId, today.toString(), today.add({ days: 1 }).toString()]),
    )
  ).rows;
  const next = (
    await tx.query<SlimRow>(
      `${SLIM} WHERE a.tenant_id = $1 AND a.start_at > $2::timestamptz AND a.start_at < $3::timestamptz
          AND a.status IN ('APPOINTMENT_STATUS_PENDING', 'APPOINTMENT_STATUS_CONFIRMED') ${visible}
        ORDER BY a.start_at, a.id LIMIT 1`,
      withUser([scope.tenantId, new Date().toISOString(), new Date(Date.now() + 30 * 86_400_000).toISOString()]),
    )
  ).rows[0];
  const upcoming = (
    await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM appointments a WHERE a.tenant_id = $1 AND a.start_local >= $2::date::timestamp AND a.start_local < $3::date::timestamp AND ${live} ${visible}`,
      withUser([scope.tenantId, today.add({ days: 1 }).toString(), today.add({ days: 8 }).toString()]),
    )
  ).rows[0]!.n;

  const monthStart = today.with({ day: 1 });
  const previousStart = monthStart.subtract({ months: 1 });
  const previousEnd = previousStart.add({ days: Math.min(today.day, previousStart.daysInMonth) - 1 });
  const revenueToday = (await netSales(tx, scope, { from: today.toString(), to: today.toString() })).total;
  const revenueMonth = (await netSales(tx, scope, { from: monthStart.toString(), to: today.toString() })).total;
  const revenuePreviousMonth = (await netSales(tx, scope, { from: previousStart.toString(), to: previousEnd.toString() })).total;
  const due = await outstanding(tx, scope, null);
  const unbilled = await unbilledDoneAppointments(tx, scope, { from: today.subtract({ days: 89 }).toString(), to: today.toString() });

  const monthInstant = monthStart.toZonedDateTime({ timeZone: scope.timeZone }).toInstant().toString();
  const facts = (
    await tx.query<{ low: number; fresh: number; services: boolean; hours: boolean; team: boolean; booking: boolean; appointment: boolean }>(
      `SELECT (SELECT count(*)::int FROM inventory_items i WHERE i.tenant_id = t.id AND i.deleted_at IS NULL AND i.min_quantity IS NOT NULL AND i.quantity <= i.min_quantity) AS low,
              (SELECT count(*)::int FROM customers c WHERE c.tenant_id = t.id AND c.created_at >= $2::timestamptz) AS fresh,
              EXISTS (SELECT 1 FROM services s WHERE s.tenant_id = t.id AND s.archived_at IS NULL) AS services,
              (t.opening_hours IS NOT NULL AND t.opening_hours ? 'weekly') AS hours,
              ((SELECT count(*) FROM memberships m WHERE m.tenant_id = t.id) > 1
                 OR EXISTS (SELECT 1 FROM invitations v WHERE v.tenant_id = t.id AND v.status = 'INVITATION_STATUS_PENDING')) AS team,
              t.booking_enabled AS booking,
              EXISTS (SELECT 1 FROM appointments a WHERE a.tenant_id = t.id) AS appointment
         FROM tenants t WHERE t.id = $1`,
      [scope.tenantId, monthInstant],
    )
  ).rows[0]!;
  const checklist = {
    services: facts.services,
    hours: facts.hours,
    team: facts.team,
    bookingPage: facts.booking,
    firstAppointment: facts.appointment,
  };
  const outstandingMoney = amounts(due, scope.currency);
  return {
    date: today.toString(),
    currency: scope.currency,
    scope: scope.userId ? 'REPORT_SCOPE_USER' : 'REPORT_SCOPE_TENANT',
    todayAppointments: todayRows.map(slim),
    ...(next ? { nextAppointment: slim(next) } : {}),
    upcomingAppointmentsCount: upcoming,
    revenueToday: money(revenueToday),
    revenueMonth: money(revenueMonth),
    newCustomersMonth: facts.fresh,
    pendingPayments: { count: due.count, total: outstandingMoney.amount },
    lowStockCount: facts.low,
    checklist: { ...checklist, complete: Object.values(checklist).every(Boolean) },
    money: {
      revenueToday: money(revenueToday),
      revenueMonth: money(revenueMonth),
      revenuePreviousMonth: money(revenuePreviousMonth),
      outstanding: outstandingMoney,
      unbilledDoneAppointments: amounts(unbilled, scope.currency),
    },
  };
}

