import { Temporal } from 'temporal-polyfill';
import type { AppointmentRecurrence, AppointmentStatus } from '../../generated/types.gen.ts';
import type { Database, Queryable } from '../db/database.ts';
import { sqlState } from '../db/errors.ts';
import type { Row } from '../kit/rows.ts';
import { loadMembers, loadTimeOff, parseJson, scheduleOf, type TenantClock } from '../scheduling/schedules-db.ts';
import { isOutsideSchedule, sqlLocal } from '../scheduling/time.ts';
import { toHolder } from './mappers.ts';
import {
  CANCELLED,
  CONFIRMED,
  doubleBooking,
  FREEING,
  PENDING,
  UNSPECIFIED,
  type CatalogueService,
  type CustomerFacts,
  type Holder,
  type LinkedAppointment,
  type Prepared,
  type ServiceLine,
  type Slot,
  type StoredReminder,
} from './rules.ts';

/**
 * All SQL of the appointments domain. Functions take the transaction first and answer rows (or
 * nothing); what is missing is `undefined`/false, and the handlers decide what that answers. The
 * one exception is the double-booking guard, which turns the exclusion constraint's refusal into the
 * domain's 409 (rules.doubleBooking) naming what now holds the slots.
 */

const FREEING_SQL = `('${FREEING.join("', '")}')`;

/** The columns that a status change sets, in SQL (cancellation details come and go with CANCELLED). */
function statusAssignments(to: AppointmentStatus, reasonParam: string): string {
  return to === CANCELLED
    ? `status = '${CANCELLED}', status_reason = ${reasonParam}, cancelled_at = now(), cancelled_by = 'CANCELLED_BY_BUSINESS', cancellation_reason = ${reasonParam}`
    : `status = '${to}', status_reason = ${reasonParam}, cancelled_at = NULL, cancelled_by = NULL, cancellation_reason = NULL`;
}

// ---------------------------------------------------------------------------------------------
// Reading appointments as the API answers them

/** An appointment as the API answers it, with its services and its display colour (mappers.toAppointment). */
export const APPOINTMENT_SELECT = `
  SELECT a.id, a.tenant_id, a.user_id, a.customer_snapshot, a.start_at, a.end_at,
         a.start_local::text AS start_local, a.end_local::text AS end_local, a.status, a.status_reason, a.notes,
         a.distinction_id, a.service_object_id, a.total_amount, a.total_currency, a.reminders,
         a.real_start_local::text AS real_start_local, a.real_end_local::text AS real_end_local,
         a.series_id, a.series_index, a.cancelled_at, a.cancelled_by, a.cancellation_reason, a.version, a.created_at, a.updated_at,
         coalesce(a.color, d.color, sv.first_color, '#228be6') AS display_color, sv.lines,
         -- The customer was sent a cancellation link for the current start and customer (server/appointments/cancellation-link.ts).
         EXISTS (SELECT 1 FROM outbox o
                  WHERE o.tenant_id = a.tenant_id AND o.appointment_id = a.id AND o.status = 'sent'
                    AND o.kind IN ('confirmation', 'reminder') AND o.channel = 'REMINDER_CHANNEL_EMAIL'
                    AND o.starts_at = a.start_at AND o.link_version = a.link_version) AS link_issued,
         ro.reminder_rows
    FROM appointments a
    LEFT JOIN appointment_distinctions d ON d.tenant_id = a.tenant_id AND d.id = a.distinction_id
    -- The service lines, and the colour of the first line's service that still exists: one pass over the lines.
    LEFT JOIN LATERAL (SELECT json_agg(json_build_object('id', x.service_id, 'name', x.name, 'durationMinutes', x.duration_minutes,
                                                         'amount', x.price_amount, 'currency', x.price_currency) ORDER BY x.position) AS lines,
                              (array_agg(s.color ORDER BY x.position) FILTER (WHERE s.id IS NOT NULL))[1] AS first_color
                         FROM appointment_services x LEFT JOIN services s ON s.tenant_id = x.tenant_id AND s.id = x.service_id
                        WHERE x.tenant_id = a.tenant_id AND x.appointment_id = a.id) sv ON true
    -- What became of each reminder (rules.reminderWithStatus): its outbox row for the current start and
    -- customer (events.reminderKey), through the outbox's appointment index, in this same read.
    LEFT JOIN LATERAL (SELECT json_agg(json_build_object(
                                'channel', o.channel, 'minutesBefore', o.minutes_before, 'status', o.status, 'attempts', o.attempts,
                                'leased', coalesce(o.leased_until > now(), false), 'sentAt', o.sent_at, 'nextAttemptAt', o.next_attempt_at,
                                'updatedAt', o.updated_at, 'failureCode', o.failure_code,
                                'reason', CASE WHEN o.status IN ('skipped', 'dropped') THEN o.last_error END)) AS reminder_rows
                         FROM outbox o
                        WHERE o.tenant_id = a.tenant_id AND o.appointment_id = a.id AND o.kind = 'reminder'
                          AND o.starts_at = a.start_at AND o.link_version = a.link_version) ro ON true`;

/**
 * The appointments of members ($2) overlapping [$3, $4) (instants; an appointment lasts at most 24 h,
 * which bounds the index scan), as one JSON array: on PGlite, moving one field instead of ~30 a row
 * halves the calendar's time (scripts/bench/calendar-api.ts). The array keeps the subquery's order
 * (ORDER BY … LIMIT feeds the aggregate): sorting the wide rows a second time cost ~8 %.
 */
export const CALENDAR_APPOINTMENTS = `
  SELECT coalesce(json_agg(t), '[]') AS data FROM (
    ${APPOINTMENT_SELECT}
     WHERE a.tenant_id = $1 AND a.user_id = ANY($2::uuid[])
       AND a.start_at < $4::timestamptz AND a.end_at > $3::timestamptz AND a.start_at > $3::timestamptz - interval '24 hours'
     ORDER BY a.start_at, a.id LIMIT 2000) t`;

/** The calendar's appointments of `userIds` overlapping [from, to) (instants), in start order. */
export async function calendarAppointments(tx: Queryable, tenantId: string, userIds: readonly string[], from: Temporal.Instant, to: Temporal.Instant): Promise<Row[]> {
  const { rows } = await tx.query<{ data: Row[] | string }>(CALENDAR_APPOINTMENTS, [tenantId, userIds, from.toString(), to.toString()]);
  const data = rows[0]?.data ?? [];
  return typeof data === 'string' ? (JSON.parse(data) as Row[]) : data;
}

export async function readAppointments(tx: Queryable, tenantId: string, ids: readonly string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query(`${APPOINTMENT_SELECT} WHERE a.tenant_id = $1 AND a.id = ANY($2::uuid[]) ORDER BY a.start_at, a.id`, [tenantId, ids]);
  return rows;
}

/** One appointment of `userId`'s calendar. */
export async function readCalendarAppointment(tx: Queryable, tenantId: string, userId: string, id: string): Promise<Row | undefined> {
  return (await tx.query(`${APPOINTMENT_SELECT} WHERE a.tenant_id = $1 AND a.id = $2 AND a.user_id = $3`, [tenantId, id, userId])).rows[0];
}

export interface CalendarListFilter {
  from: string | null;
  to: string | null;
  statuses: readonly string[] | null;
  customerId: string | null;
  serviceId: string | null;
  distinctionId: string | null;
  /** Already LIKE-escaped (server/kit/sql.ts). */
  q: string | null;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A page of one member's appointments (listAppointments). */
export async function listCalendarPage(tx: Queryable, tenantId: string, userId: string, f: CalendarListFilter): Promise<{ rows: Row[]; total: number }> {
  const params: unknown[] = [tenantId, userId, f.from, f.to, f.statuses, f.customerId, f.serviceId, f.distinctionId, f.q];
  const filter = `a.tenant_id = $1 AND a.user_id = $2
    AND ($3::date IS NULL OR a.start_local >= $3::date::timestamp) AND ($4::date IS NULL OR a.start_local < ($4::date + 1)::timestamp)
    AND ($5::text[] IS NULL OR a.status = ANY($5::text[])) AND ($6::uuid IS NULL OR a.customer_id = $6)
    AND ($7::uuid IS NULL OR EXISTS (SELECT 1 FROM appointment_services x WHERE x.tenant_id = a.tenant_id AND x.appointment_id = a.id AND x.service_id = $7))
    AND ($8::uuid IS NULL OR a.distinction_id = $8)
    AND ($9::text IS NULL OR cita_fold(concat_ws(' ', a.customer_snapshot->>'name', a.customer_snapshot->>'lastName', a.notes)) LIKE '%' || cita_fold($9::text) || '%')`;
  const direction = f.order === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await tx.query(`${APPOINTMENT_SELECT} WHERE ${filter} ORDER BY a.start_at ${direction}, a.id ${direction} LIMIT $10 OFFSET $11`, [...params, f.limit, f.offset]);
  const total = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM appointments a WHERE ${filter}`, params);
  return { rows, total: total.rows[0]!.n };
}

export interface CustomerListFilter {
  from: string | null;
  to: string | null;
  statuses: readonly string[] | null;
  /** Only this member's appointments (rules.onlyUserOf), or everyone's (null). */
  onlyUserId: string | null;
  order: 'asc' | 'desc' | 'upcoming';
  /** null: all of them. */
  limit: number | null;
  offset: number;
}

/** A page of a customer's appointments across calendars (listCustomerAppointments, the export). */
export async function listCustomerPage(tx: Queryable, tenantId: string, customerId: string, f: CustomerListFilter): Promise<{ rows: Row[]; total: number }> {
  const params: unknown[] = [tenantId, customerId, f.from, f.to, f.statuses, f.onlyUserId];
  const filter = `a.tenant_id = $1 AND a.customer_id = $2
    AND ($3::date IS NULL OR a.start_local >= $3::date::timestamp) AND ($4::date IS NULL OR a.start_local < ($4::date + 1)::timestamp)
    AND ($5::text[] IS NULL OR a.status = ANY($5::text[])) AND ($6::uuid IS NULL OR a.user_id = $6)`;
  const orderBy =
    f.order === 'asc'
      ? 'a.start_at, a.id'
      : f.order === 'upcoming'
        ? '(a.end_at > now()) DESC, CASE WHEN a.end_at > now() THEN a.start_at END ASC, a.start_at DESC, a.id'
        : 'a.start_at DESC, a.id DESC';
  const { rows } = await tx.query(`${APPOINTMENT_SELECT} WHERE ${filter} ORDER BY ${orderBy} LIMIT $7 OFFSET $8`, [...params, f.limit, f.offset]);
  const total =
    f.limit === null && f.offset === 0 ? rows.length : (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM appointments a WHERE ${filter}`, params)).rows[0]!.n;
  return { rows, total };
}

// ---------------------------------------------------------------------------------------------
// What an input refers to

export async function isMember(tx: Queryable, tenantId: string, userId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [tenantId, userId]);
  return rows.length > 0;
}

export async function customerExists(tx: Queryable, tenantId: string, customerId: string): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM customers WHERE tenant_id = $1 AND id = $2', [tenantId, customerId])).rows.length > 0;
}

export async function findCustomer(tx: Queryable, tenantId: string, customerId: string): Promise<CustomerFacts | undefined> {
  const { rows } = await tx.query<CustomerFacts>(
    'SELECT id, name, last_name, phone_country_code, phone_number, email, preferred_reminder_channel, reminders_enabled FROM customers WHERE tenant_id = $1 AND id = $2',
    [tenantId, customerId],
  );
  return rows[0];
}

export async function findServices(tx: Queryable, tenantId: string, ids: readonly string[]): Promise<CatalogueService[]> {
  const { rows } = await tx.query<CatalogueService>(
    'SELECT id, name, duration_minutes, price_amount, price_currency, (active AND archived_at IS NULL) AS usable FROM services WHERE tenant_id = $1 AND id = ANY($2::uuid[])',
    [tenantId, ids],
  );
  return rows;
}

export async function distinctionExists(tx: Queryable, tenantId: string, id: string): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM appointment_distinctions WHERE tenant_id = $1 AND id = $2', [tenantId, id])).rows.length > 0;
}

/** The customer a service object belongs to (undefined: no such object). */
export async function serviceObjectOwner(tx: Queryable, tenantId: string, id: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ customer_id: string }>('SELECT customer_id FROM service_objects WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
  return rows[0]?.customer_id;
}

// ---------------------------------------------------------------------------------------------
// Double booking and working hours

/** The appointments of `userId` that hold their slot and overlap any of `slots` (except `exceptIds`). */
export async function holdersOf(tx: Queryable, tenantId: string, userId: string, slots: readonly Slot[], exceptIds: readonly string[] = []): Promise<Holder[]> {
  if (slots.length === 0) return [];
  const from = slots.reduce((min, s) => (Temporal.Instant.compare(s.startAt, min) < 0 ? s.startAt : min), slots[0]!.startAt);
  const to = slots.reduce((max, s) => (Temporal.Instant.compare(s.endAt, max) > 0 ? s.endAt : max), slots[0]!.endAt);
  const { rows } = await tx.query<{ id: string; user_id: string; start_at: Date | string; end_at: Date | string; start_local: string; end_local: string; customer_snapshot: unknown }>(
    `SELECT id, user_id, start_at, end_at, start_local::text AS start_local, end_local::text AS end_local, customer_snapshot FROM appointments
      WHERE tenant_id = $1 AND user_id = $2 AND status NOT IN ${FREEING_SQL}
        AND start_at < $4::timestamptz AND end_at > $3::timestamptz AND NOT (id = ANY($5::uuid[]))
      ORDER BY start_at LIMIT 500`,
    [tenantId, userId, from.toString(), to.toString(), exceptIds],
  );
  return rows.map(toHolder);
}

/** Runs a bulk write of appointments, answering 409 double_booking if the exclusion constraint refuses it. */
export async function guardDoubleBookingError<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === '23P01') throw doubleBooking([]);
    throw error;
  }
}

/**
 * Runs `write` (inserts or updates of appointments of `userId`) under a savepoint: when the exclusion
 * constraint refuses it (a concurrent booking got there first), answers 409 double_booking naming the
 * appointments that now hold the slots.
 */
export async function guardDoubleBooking<T>(tx: Queryable, tenantId: string, userId: string, slots: readonly Slot[], exceptIds: readonly string[], write: () => Promise<T>): Promise<T> {
  await tx.query('SAVEPOINT booking');
  try {
    const result = await write();
    await tx.query('RELEASE SAVEPOINT booking');
    return result;
  } catch (error) {
    if (sqlState(error) !== '23P01') throw error;
    await tx.query('ROLLBACK TO SAVEPOINT booking');
    const holders = await holdersOf(tx, tenantId, userId, slots, exceptIds);
    throw doubleBooking(holders.map((h) => h.conflict));
  }
}

/** Whether each slot falls outside the member's schedule (hours, breaks, closed dates, time off). */
export async function outsideFlags(tx: Queryable, tenant: TenantClock, userId: string, slots: readonly Slot[]): Promise<boolean[]> {
  if (slots.length === 0) return [];
  const members = await loadMembers(tx, tenant.id, [userId]);
  const first = slots.reduce((min, s) => (Temporal.PlainDateTime.compare(s.start, min) < 0 ? s.start : min), slots[0]!.start);
  const last = slots.reduce((max, s) => (Temporal.PlainDateTime.compare(s.end, max) > 0 ? s.end : max), slots[0]!.end);
  const timeOff = await loadTimeOff(tx, tenant.id, [userId], first.subtract({ days: 1 }), last.add({ days: 1 }));
  const schedule = scheduleOf(tenant, members.get(userId), timeOff.get(userId));
  return slots.map((slot) => isOutsideSchedule(schedule, slot.start, slot.end));
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function insertSeries(tx: Queryable, tenantId: string, recurrence: AppointmentRecurrence): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO appointment_series (tenant_id, frequency, interval, count, until) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [tenantId, recurrence.frequency, recurrence.interval ?? 1, recurrence.count ?? null, recurrence.until ?? null],
  );
  return rows[0]!.id;
}

export async function insertOccurrence(tx: Queryable, tenantId: string, p: Prepared, slot: Slot, series?: { id: string; index: number }): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO appointments (tenant_id, user_id, customer_id, customer_snapshot, start_at, end_at, start_local, end_local, status, notes, color,
                               distinction_id, service_object_id, total_amount, total_currency, reminders, series_id, series_index)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
    [
      tenantId, p.userId, p.customerId, JSON.stringify(p.customerSnapshot), slot.startAt.toString(), slot.endAt.toString(), sqlLocal(slot.start), sqlLocal(slot.end),
      p.status ?? PENDING, p.notes, p.color, p.distinctionId, p.serviceObjectId, p.total, p.services[0]!.currency, JSON.stringify(p.reminders ?? []),
      series?.id ?? null, series?.index ?? null,
    ],
  );
  const id = rows[0]!.id;
  await writeLines(tx, tenantId, id, p.services, false);
  return id;
}

async function writeLines(tx: Queryable, tenantId: string, appointmentId: string, lines: readonly ServiceLine[], replace: boolean) {
  if (replace) await tx.query('DELETE FROM appointment_services WHERE tenant_id = $1 AND appointment_id = $2', [tenantId, appointmentId]);
  await tx.query(
    `INSERT INTO appointment_services (tenant_id, appointment_id, position, service_id, name, duration_minutes, price_amount, price_currency)
     SELECT $1, $2, t.ord, t.id, t.name, t.duration, t.amount, t.currency
       FROM unnest($3::uuid[], $4::text[], $5::int[], $6::bigint[], $7::text[]) WITH ORDINALITY AS t(id, name, duration, amount, currency, ord)`,
    [tenantId, appointmentId, lines.map((l) => l.id), lines.map((l) => l.name), lines.map((l) => l.durationMinutes), lines.map((l) => l.amount), lines.map((l) => l.currency)],
  );
}

/** The service lines as booked (their snapshot names and prices). */
export async function currentLines(tx: Queryable, tenantId: string, appointmentId: string): Promise<ServiceLine[]> {
  const { rows } = await tx.query<{ service_id: string; name: string; duration_minutes: number; price_amount: string | number; price_currency: string }>(
    'SELECT service_id, name, duration_minutes, price_amount, price_currency FROM appointment_services WHERE tenant_id = $1 AND appointment_id = $2 ORDER BY position',
    [tenantId, appointmentId],
  );
  return rows.map((r) => ({ id: r.service_id, name: r.name, durationMinutes: Number(r.duration_minutes), amount: Number(r.price_amount), currency: r.price_currency }));
}

/** An appointment as a write locks it. */
export interface Current {
  id: string;
  user_id: string;
  status: AppointmentStatus;
  start_at: Date | string;
  start_local: string;
  end_local: string;
  version: number;
  series_id: string | null;
  series_index: number | null;
  reminders: unknown;
}

/** The reminders the appointment asks for (without the `sent`/`sentAt` keys older rows may still hold). */
export const remindersOf = (current: Current): StoredReminder[] =>
  ((parseJson(current.reminders as string | null) ?? []) as StoredReminder[]).map((r) => ({ channel: r.channel, minutesBefore: r.minutesBefore }));

/** The appointment `id` of `userId`'s calendar, locked (undefined: not there). */
export async function lockAppointment(tx: Queryable, tenantId: string, userId: string, id: string): Promise<Current | undefined> {
  const { rows } = await tx.query<Current>(
    `SELECT id, user_id, status, start_at, start_local::text AS start_local, end_local::text AS end_local, version, series_id, series_index, reminders
       FROM appointments WHERE tenant_id = $1 AND id = $2 AND user_id = $3 FOR UPDATE`,
    [tenantId, id, userId],
  );
  return rows[0];
}

/** The following occurrences of a series (after `current`), locked; `openOnly`: those still pending or confirmed. */
export async function lockFollowing(tx: Queryable, tenantId: string, current: Current, openOnly: boolean): Promise<Current[]> {
  if (!current.series_id) return [];
  const { rows } = await tx.query<Current>(
    `SELECT id, user_id, status, start_at, start_local::text AS start_local, end_local::text AS end_local, version, series_id, series_index, reminders
       FROM appointments WHERE tenant_id = $1 AND series_id = $2 AND series_index > $3
        ${openOnly ? `AND status IN ('${PENDING}', '${CONFIRMED}', '${UNSPECIFIED}')` : ''}
      ORDER BY series_index FOR UPDATE`,
    [tenantId, current.series_id, current.series_index ?? 0],
  );
  return rows;
}

/**
 * Writes an update of one appointment (its status too when `status` is given: a transition already
 * checked). A change of customer raises its link_version (the trigger of migration 021).
 */
export async function updateAppointmentRow(
  tx: Queryable,
  tenantId: string,
  id: string,
  p: Prepared,
  slot: Slot,
  reminders: readonly StoredReminder[],
  status: AppointmentStatus | undefined,
): Promise<void> {
  await tx.query(
    `UPDATE appointments
        SET user_id = $3, customer_id = $4, customer_snapshot = $5, start_at = $6, end_at = $7, start_local = $8, end_local = $9,
            notes = $10, color = $11, distinction_id = $12, service_object_id = $13, total_amount = $14, total_currency = $15, reminders = $16,
            ${status !== undefined ? `${statusAssignments(status, 'NULL')},` : ''} version = version + 1
      WHERE tenant_id = $1 AND id = $2`,
    [
      tenantId, id, p.userId, p.customerId, JSON.stringify(p.customerSnapshot), slot.startAt.toString(), slot.endAt.toString(),
      sqlLocal(slot.start), sqlLocal(slot.end), p.notes, p.color, p.distinctionId, p.serviceObjectId, p.total,
      p.services[0]!.currency, JSON.stringify(reminders),
    ],
  );
  await writeLines(tx, tenantId, id, p.services, true);
}

/** Moves a following occurrence of a series to `slot` with the edited details (scope=following). */
export async function moveOccurrence(tx: Queryable, tenantId: string, id: string, p: Prepared, slot: Slot): Promise<void> {
  await tx.query(
    `UPDATE appointments SET start_at = $3, end_at = $4, start_local = $5, end_local = $6, notes = $7, color = $8, distinction_id = $9,
            total_amount = $10, total_currency = $11, version = version + 1
      WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, slot.startAt.toString(), slot.endAt.toString(), sqlLocal(slot.start), sqlLocal(slot.end),
      p.notes, p.color, p.distinctionId, p.total, p.services[0]!.currency],
  );
  await writeLines(tx, tenantId, id, p.services, true);
}

export async function deleteAppointments(tx: Queryable, tenantId: string, ids: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM appointments WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [tenantId, ids]);
}

export async function setStatus(tx: Queryable, tenantId: string, ids: readonly string[], to: AppointmentStatus, reason: string | null): Promise<void> {
  await tx.query(`UPDATE appointments SET ${statusAssignments(to, '$3')}, version = version + 1 WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids, reason]);
}

export async function setRealTiming(tx: Queryable, tenantId: string, id: string, start: Temporal.PlainDateTime, end: Temporal.PlainDateTime): Promise<void> {
  await tx.query('UPDATE appointments SET real_start_local = $3, real_end_local = $4, version = version + 1 WHERE tenant_id = $1 AND id = $2', [
    tenantId, id, sqlLocal(start), sqlLocal(end),
  ]);
}

// ---------------------------------------------------------------------------------------------
// The public cancellation link

/** The appointment a link names, with what its page shows (the business's name, zone and cutoff). */
export interface LinkedRow extends LinkedAppointment {
  user_id: string;
  start_local: string;
  end_local: string;
  customer_name: string | null;
  business_name: string;
  time_zone: string;
  /** The business's phone, what the cancellation page gives to call (public on its booking page too). */
  business_phone_country_code: string | null;
  business_phone_number: string | null;
}

export async function loadLinked(tx: Queryable, tenantId: string, appointmentId: string, lock: boolean): Promise<LinkedRow | undefined> {
  const { rows } = await tx.query<LinkedRow>(
    `SELECT a.user_id, a.status, a.start_at, to_char(a.start_local, 'YYYY-MM-DD"T"HH24:MI') AS start_local,
            to_char(a.end_local, 'YYYY-MM-DD"T"HH24:MI') AS end_local, a.customer_snapshot->>'name' AS customer_name,
            a.cancelled_by, t.business_name, t.time_zone, t.cancellation_cutoff_minutes AS cutoff, a.link_version,
            t.phone_country_code AS business_phone_country_code, t.phone_number AS business_phone_number
       FROM appointments a JOIN tenants t ON t.id = a.tenant_id
      WHERE a.tenant_id = $1 AND a.id = $2 AND t.status <> 'TENANT_STATUS_DELETED'
      ${lock ? 'FOR UPDATE OF a' : ''}`,
    [tenantId, appointmentId],
  );
  return rows[0];
}

export async function cancelByCustomer(tx: Queryable, tenantId: string, appointmentId: string, reason: string | null): Promise<void> {
  await tx.query(
    `UPDATE appointments SET status = 'APPOINTMENT_STATUS_CANCELLED', cancelled_at = now(), cancelled_by = 'CANCELLED_BY_CUSTOMER',
            cancellation_reason = $3, status_reason = $3, version = version + 1
      WHERE tenant_id = $1 AND id = $2`,
    [tenantId, appointmentId, reason],
  );
}

/** The names of the booked services, in order. */
export async function serviceNames(tx: Queryable, tenantId: string, appointmentId: string): Promise<string[]> {
  const { rows } = await tx.query<{ name: string }>(`SELECT name FROM appointment_services WHERE tenant_id = $1 AND appointment_id = $2 ORDER BY position`, [
    tenantId,
    appointmentId,
  ]);
  return rows.map((row) => row.name);
}

/** The name a team member gave (users is outside row-level security: read as the system). */
export async function memberName(db: Pick<Database, 'querySystem'>, userId: string): Promise<string | null> {
  const { rows } = await db.querySystem<{ name: string | null }>(`SELECT name FROM users WHERE id = $1`, [userId]);
  return rows[0]?.name ?? null;
}

/** What moving an appointment by its link needs of it: how long it lasts and the buffers of its services (as they are now). */
export async function durationAndBuffer(tx: Queryable, tenantId: string, appointmentId: string): Promise<{ minutes: number; buffer: number }> {
  const { rows } = await tx.query<{ minutes: string | number; buffer: string | number }>(
    `SELECT (extract(epoch FROM a.end_at - a.start_at) / 60)::int AS minutes,
            (SELECT coalesce(sum(s.buffer_minutes), 0) FROM appointment_services x JOIN services s ON s.tenant_id = x.tenant_id AND s.id = x.service_id
              WHERE x.tenant_id = a.tenant_id AND x.appointment_id = a.id) AS buffer
       FROM appointments a WHERE a.tenant_id = $1 AND a.id = $2`,
    [tenantId, appointmentId],
  );
  return { minutes: Number(rows[0]?.minutes ?? 0), buffer: Number(rows[0]?.buffer ?? 0) };
}

/** The customer moved the appointment by its link: the new time; PENDING again when the business confirms online bookings by hand. */
export async function moveByCustomer(tx: Queryable, tenantId: string, appointmentId: string, slot: Slot, pendingAgain: boolean): Promise<void> {
  await tx.query(
    `UPDATE appointments SET start_at = $3, end_at = $4, start_local = $5, end_local = $6,
            status = CASE WHEN $7 THEN 'APPOINTMENT_STATUS_PENDING' ELSE status END, version = version + 1
      WHERE tenant_id = $1 AND id = $2`,
    [tenantId, appointmentId, slot.startAt.toString(), slot.endAt.toString(), sqlLocal(slot.start), sqlLocal(slot.end), pendingAgain],
  );
}
