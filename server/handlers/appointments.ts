import { cancellationLinkStatus } from '../appointments/cancellation-link.ts';
import type { FastifyRequest } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { amountIssue } from '../../common/money/index.ts';
import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type {
  Appointment,
  AppointmentConflict,
  AppointmentInput,
  AppointmentOccurrence,
  AppointmentRecurrence,
  AppointmentReminder,
  AppointmentStatus,
  AppointmentUpdate,
  UnavailableSlot,
} from '../../generated/types.gen.ts';
import { appointmentsChanged } from '../appointments/events.ts';
import type { Queryable } from '../db/database.ts';
import { sqlState } from '../db/errors.ts';
import { forbidden, HttpProblem, notFound, unprocessable } from '../problem.ts';
import { loadMembers, loadTenantClock, loadTimeOff, parseJson, scheduleOf, type TenantClock } from '../scheduling/schedules-db.ts';
import {
  earliestOpeningHour,
  expandRecurrence,
  isOutsideSchedule,
  isWritableInstant,
  offsetDateTime,
  partsFromSql,
  partsOf,
  partsOfWall,
  plainFromSql,
  RecurrenceError,
  resolveLocal,
  sqlLocal,
  tryPlainFromParts,
  unavailableIntervals,
  wallMinutes,
  type DateTimeParts,
} from '../scheduling/time.ts';
import { iso, opt } from '../kit/rows.ts';
import { authorize } from '../tenancy/roles.ts';
import { sessionOf, type TeamRole } from '../kit/context.ts';
import type { HandlerDeps } from '../kit/context.ts';
import { escapeLike } from '../kit/sql.ts';
import { idempotencyKeyOf, idempotent, staleVersion } from '../kit/write-rules.ts';

type Handlers = Pick<
  RouteHandlers,
  | 'listAppointments'
  | 'createAppointment'
  | 'getAppointmentCalendar'
  | 'getAppointment'
  | 'updateAppointment'
  | 'deleteAppointment'
  | 'updateAppointmentRealTiming'
  | 'listCustomerAppointments'
  | 'changeAppointmentStatus'
  | 'previewAppointmentSeries'
>;

type Row = Record<string, unknown>;
type PlainDateTime = Temporal.PlainDateTime;


// ---------------------------------------------------------------------------------------------
// Statuses

const PENDING = 'APPOINTMENT_STATUS_PENDING';
const CONFIRMED = 'APPOINTMENT_STATUS_CONFIRMED';
const DONE = 'APPOINTMENT_STATUS_DONE';
const REJECTED = 'APPOINTMENT_STATUS_REJECTED';
const CANCELLED = 'APPOINTMENT_STATUS_CANCELLED';
const NO_SHOW = 'APPOINTMENT_STATUS_NO_SHOW';
const UNSPECIFIED = 'APPOINTMENT_STATUS_UNSPECIFIED';

/** The statuses that free the slot (outside the exclusion constraint). */
export const FREEING: readonly AppointmentStatus[] = [CANCELLED, REJECTED, NO_SHOW];
const FREEING_SQL = `('${FREEING.join("', '")}')`;
const ALL_TARGETS: readonly AppointmentStatus[] = [PENDING, CONFIRMED, DONE, REJECTED, CANCELLED, NO_SHOW];

/** AppointmentStatus's transition table (the contract): which status may follow which. */
const TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  [UNSPECIFIED]: ALL_TARGETS,
  [PENDING]: [CONFIRMED, DONE, REJECTED, CANCELLED, NO_SHOW],
  [CONFIRMED]: [PENDING, DONE, CANCELLED, NO_SHOW],
  [DONE]: [PENDING, CONFIRMED],
  [NO_SHOW]: [PENDING, CONFIRMED],
  [CANCELLED]: [PENDING, CONFIRMED],
  [REJECTED]: [PENDING, CONFIRMED],
};

const isReopening = (from: AppointmentStatus, to: AppointmentStatus) =>
  [DONE, NO_SHOW, CANCELLED, REJECTED].includes(from) && [PENDING, CONFIRMED].includes(to);
const isManager = (role: TeamRole) => role === 'TEAM_ROLE_OWNER' || role === 'TEAM_ROLE_ADMIN';

type TransitionCheck = 'ok' | 'invalid_transition' | 'forbidden' | 'not_started';

function checkTransition(from: AppointmentStatus, to: AppointmentStatus, role: TeamRole, started: boolean): TransitionCheck {
  if (!TRANSITIONS[from].includes(to)) return 'invalid_transition';
  if (isReopening(from, to) && !isManager(role)) return 'forbidden';
  if ((to === DONE || to === NO_SHOW) && !started) return 'not_started';
  return 'ok';
}

function transitionProblem(check: Exclude<TransitionCheck, 'ok'>, from: AppointmentStatus, to: AppointmentStatus): HttpProblem {
  if (check === 'forbidden') return forbidden('Only owners and administrators may reopen an appointment.');
  if (check === 'not_started') return new HttpProblem(409, 'An appointment can be marked done or no-show only once it has started.', 'not_started', undefined, { retryable: false });
  return new HttpProblem(409, `An appointment cannot go from ${from} to ${to}.`, 'invalid_transition', undefined, { retryable: false });
}

const allowedMemo = new Map<string, AppointmentStatus[]>();
/** The statuses the caller may move an appointment to (memoized: a week of ten members asks 400 times). */
function allowedStatuses(status: AppointmentStatus, role: TeamRole, started: boolean): AppointmentStatus[] {
  const key = `${status} ${role} ${started}`;
  let allowed = allowedMemo.get(key);
  if (!allowed) allowedMemo.set(key, (allowed = TRANSITIONS[status].filter((to) => checkTransition(status, to, role, started) === 'ok')));
  return allowed;
}

/** The columns that a status change sets, in SQL (cancellation details come and go with CANCELLED). */
function statusAssignments(to: AppointmentStatus, reasonParam: string): string {
  return to === CANCELLED
    ? `status = '${CANCELLED}', status_reason = ${reasonParam}, cancelled_at = now(), cancelled_by = 'CANCELLED_BY_BUSINESS', cancellation_reason = ${reasonParam}`
    : `status = '${to}', status_reason = ${reasonParam}, cancelled_at = NULL, cancelled_by = NULL, cancellation_reason = NULL`;
}

// ---------------------------------------------------------------------------------------------
// Rows

/** An appointment as the API answers it, with its services and its display colour. */
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
                    AND o.starts_at = a.start_at AND o.link_version = a.link_version) AS link_issued
    FROM appointments a
    LEFT JOIN appointment_distinctions d ON d.tenant_id = a.tenant_id AND d.id = a.distinction_id
    -- The service lines, and the colour of the first line's service that still exists: one pass over the lines.
    LEFT JOIN LATERAL (SELECT json_agg(json_build_object('id', x.service_id, 'name', x.name, 'durationMinutes', x.duration_minutes,
                                                         'amount', x.price_amount, 'currency', x.price_currency) ORDER BY x.position) AS lines,
                              (array_agg(s.color ORDER BY x.position) FILTER (WHERE s.id IS NOT NULL))[1] AS first_color
                         FROM appointment_services x LEFT JOIN services s ON s.tenant_id = x.tenant_id AND s.id = x.service_id
                        WHERE x.tenant_id = a.tenant_id AND x.appointment_id = a.id) sv ON true`;

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

interface View {
  zone: string;
  role: TeamRole;
  now: number;
}

function toAppointment(row: Row, view: View): Appointment {
  const status = row.status as AppointmentStatus;
  const started = new Date(row.start_at as string | Date).getTime() <= view.now;
  const customer = parseJson(row.customer_snapshot as string | Record<string, unknown>) as Appointment['customer'];
  const lines = (parseJson(row.lines as string | null) ?? []) as Array<{ id: string; name: string; durationMinutes: number; amount: number | string; currency: string }>;
  const reminders = (parseJson(row.reminders as string | null) ?? []) as AppointmentReminder[];
  const local = (value: unknown) => (value ? partsFromSql(value as string) : undefined);
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    userId: row.user_id as string,
    customer,
    services: lines.map((line) => ({ id: line.id, name: line.name, durationMinutes: Number(line.durationMinutes), price: { amount: Number(line.amount), currency: line.currency } })),
    totalPrice: { amount: Number(row.total_amount), currency: row.total_currency as string },
    ...opt('notes', row.notes),
    status,
    startDate: local(row.start_local)!,
    endDate: local(row.end_local)!,
    startAt: offsetDateTime(row.start_at as Date, view.zone),
    endAt: offsetDateTime(row.end_at as Date, view.zone),
    color: row.display_color as string,
    reminders,
    ...opt('distinctionId', row.distinction_id),
    ...opt('serviceObjectId', row.service_object_id),
    ...opt('realStartDate', local(row.real_start_local)),
    ...opt('realEndDate', local(row.real_end_local)),
    cancellation: {
      linkStatus: cancellationLinkStatus(
        { status, startAt: new Date(row.start_at as string | Date), cancelledBy: (row.cancelled_by as string | null) ?? null },
        row.link_issued === true,
        view.now,
      ),
      ...(row.cancelled_at ? { cancelledAt: iso(row.cancelled_at) } : {}),
      ...opt('cancelledBy', row.cancelled_by),
      ...opt('reason', row.cancellation_reason),
    },
    ...opt('statusReason', row.status_reason),
    ...opt('seriesId', row.series_id),
    ...opt('seriesIndex', row.series_index === null || row.series_index === undefined ? undefined : Number(row.series_index)),
    allowedStatuses: allowedStatuses(status, view.role, started),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  } as Appointment;
}

async function readAppointments(tx: Queryable, tenantId: string, ids: readonly string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query(`${APPOINTMENT_SELECT} WHERE a.tenant_id = $1 AND a.id = ANY($2::uuid[]) ORDER BY a.start_at, a.id`, [tenantId, ids]);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Access

/**
 * Who may touch whose calendar: owners and administrators anyone's; a member their own, and reads
 * of a teammate's only when the business shares calendars (`membersSeeTeamCalendars`), else 403.
 */
function assertCalendarAccess(role: TeamRole, callerId: string, userId: string, mode: 'read' | 'write', tenant: TenantClock) {
  if (isManager(role) || userId === callerId) return;
  if (mode === 'read' && tenant.membersSeeTeamCalendars) return;
  throw forbidden(mode === 'read' ? "Your role does not let you see a teammate's calendar." : "Your role does not let you change a teammate's calendar.");
}

async function assertMember(tx: Queryable, tenantId: string, userId: string) {
  const { rows } = await tx.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [tenantId, userId]);
  if (rows.length === 0) throw notFound('This person is not in the team.');
}

// ---------------------------------------------------------------------------------------------
// Input

export interface ServiceLine {
  id: string;
  name: string;
  durationMinutes: number;
  amount: number;
  currency: string;
}

export interface Prepared {
  userId: string;
  customerId: string;
  customerSnapshot: Record<string, unknown>;
  services: ServiceLine[];
  total: number;
  start: PlainDateTime;
  end: PlainDateTime;
  status: AppointmentStatus | undefined;
  notes: string | null;
  color: string | null;
  distinctionId: string | null;
  serviceObjectId: string | null;
  reminders: AppointmentReminder[] | undefined;
  allowOutsideHours: boolean;
}

const MAX_LENGTH_MINUTES = 24 * 60;

/** Wall-clock start and end of an input: real dates, end after start, 5-minute steps, at most 24 h. */
function checkTimes(startParts: DateTimeParts, endParts: DateTimeParts, pointer: string, names = ['startDate', 'endDate']): { start: PlainDateTime; end: PlainDateTime } {
  const start = tryPlainFromParts(startParts);
  if (!start) throw unprocessable(`${pointer}/${names[0]}`, 'invalid_date', 'This date does not exist.');
  const end = tryPlainFromParts(endParts);
  if (!end) throw unprocessable(`${pointer}/${names[1]}`, 'invalid_date', 'This date does not exist.');
  if (start.minute % 5 !== 0) throw unprocessable(`${pointer}/${names[0]}/minutes`, 'not_on_step', 'Times go in 5-minute steps.');
  if (end.minute % 5 !== 0) throw unprocessable(`${pointer}/${names[1]}/minutes`, 'not_on_step', 'Times go in 5-minute steps.');
  if (Temporal.PlainDateTime.compare(end, start) <= 0) throw unprocessable(`${pointer}/${names[1]}`, 'end_before_start', 'The end must be after the start.');
  if (start.until(end, { largestUnit: 'minutes' }).minutes > MAX_LENGTH_MINUTES) {
    throw unprocessable(`${pointer}/${names[1]}`, 'too_long', 'An appointment lasts at most 24 hours.');
  }
  return { start, end };
}

/**
 * The rules of AppointmentInput beyond its schema, each a 422 naming its field, and the snapshots of
 * the customer and the services. `current`: the appointment being updated (its service lines keep
 * their booked name and price; an archived service already booked stays allowed).
 */
async function prepare(
  tx: Queryable,
  tenant: TenantClock,
  input: AppointmentInput | AppointmentUpdate,
  pathUserId: string,
  access: { role: TeamRole; callerId: string },
  current?: { lines: ServiceLine[] },
): Promise<Prepared> {
  const p = '/appointment';
  const { start, end } = checkTimes(input.startDate, input.endDate, p);
  if (!current && input.status !== undefined && input.status !== PENDING && input.status !== CONFIRMED) {
    throw unprocessable(`${p}/status`, 'invalid_status', 'A new appointment is pending or confirmed.');
  }
  const userId = input.userId ?? pathUserId;
  if (input.userId !== undefined && input.userId !== pathUserId) {
    const member = await tx.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [tenant.id, input.userId]);
    if (member.rows.length === 0) throw unprocessable(`${p}/userId`, 'unknown_team_member', 'This person is not in the team.');
    assertCalendarAccess(access.role, access.callerId, input.userId, 'write', tenant);
  }

  const customer = (
    await tx.query<{ id: string; name: string; last_name: string | null; phone_country_code: string | null; phone_number: string | null; email: string | null; preferred_reminder_channel: string | null; reminders_enabled: boolean }>(
      'SELECT id, name, last_name, phone_country_code, phone_number, email, preferred_reminder_channel, reminders_enabled FROM customers WHERE tenant_id = $1 AND id = $2',
      [tenant.id, input.customerId],
    )
  ).rows[0];
  if (!customer) throw unprocessable(`${p}/customerId`, 'unknown_customer', 'This customer does not exist (any more).');
  const customerSnapshot = {
    id: customer.id,
    name: customer.name,
    ...opt('lastName', customer.last_name),
    ...opt('phoneCountryCode', customer.phone_number ? customer.phone_country_code : null),
    ...opt('phoneNumber', customer.phone_number),
    ...opt('email', customer.email),
  };

  const ids = input.services.map((service) => service.id);
  const { rows: found } = await tx.query<{ id: string; name: string; duration_minutes: number; price_amount: string | number; price_currency: string; usable: boolean }>(
    'SELECT id, name, duration_minutes, price_amount, price_currency, (active AND archived_at IS NULL) AS usable FROM services WHERE tenant_id = $1 AND id = ANY($2::uuid[])',
    [tenant.id, ids],
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  const booked = new Map((current?.lines ?? []).map((line) => [line.id, line]));
  const services: ServiceLine[] = input.services.map((service, i) => {
    const row = byId.get(service.id);
    const kept = booked.get(service.id);
    if (!row || (!row.usable && !kept)) throw unprocessable(`${p}/services/${i}/id`, 'unknown_service', 'This service does not exist or is not active.');
    if (service.price) {
      if (service.price.currency !== tenant.currency) {
        throw unprocessable(`${p}/services/${i}/price/currency`, 'currency_mismatch', `Prices are in the business's currency, ${tenant.currency}.`);
      }
      const priceIssue = amountIssue(service.price.amount);
      if (priceIssue) throw unprocessable(`${p}/services/${i}/price/amount`, priceIssue.code, priceIssue.detail);
    }
    const base = kept ?? { id: row.id, name: row.name, durationMinutes: Number(row.duration_minutes), amount: Number(row.price_amount), currency: row.price_currency };
    return { ...base, ...(service.price ? { amount: service.price.amount, currency: service.price.currency } : {}) };
  });
  const total = services.reduce((sum, line) => sum + line.amount, 0);
  // The total is an amount too: within the one bound (each price is, their sum need not be).
  const totalIssue = amountIssue(total);
  if (totalIssue) throw unprocessable(`${p}/services`, totalIssue.code, totalIssue.detail);

  if (input.distinctionId) {
    const { rows } = await tx.query('SELECT 1 FROM appointment_distinctions WHERE tenant_id = $1 AND id = $2', [tenant.id, input.distinctionId]);
    if (rows.length === 0) throw unprocessable(`${p}/distinctionId`, 'unknown_distinction', 'This distinction does not exist (any more).');
  }
  if (input.serviceObjectId) {
    const { rows } = await tx.query<{ customer_id: string }>('SELECT customer_id FROM service_objects WHERE tenant_id = $1 AND id = $2', [tenant.id, input.serviceObjectId]);
    if (!rows[0]) throw unprocessable(`${p}/serviceObjectId`, 'unknown_service_object', 'This object does not exist (any more).');
    if (rows[0].customer_id !== customer.id) throw unprocessable(`${p}/serviceObjectId`, 'not_the_customers', 'This object belongs to another customer.');
  }

  let reminders: AppointmentReminder[] | undefined = input.reminders?.map((r) => ({ channel: r.channel, minutesBefore: r.minutesBefore, sent: false }));
  if (!reminders && !current) {
    reminders = defaultRemindersFor(tenant.defaultReminders, customer);
  }

  return {
    userId,
    customerId: customer.id,
    customerSnapshot,
    services,
    total,
    start,
    end,
    status: input.status,
    notes: input.notes?.trim() || null,
    color: input.color ?? null,
    distinctionId: input.distinctionId ?? null,
    serviceObjectId: input.serviceObjectId ?? null,
    reminders,
    allowOutsideHours: input.allowOutsideHours ?? false,
  };
}

/**
 * The contract's default when a new appointment does not say: the business's default reminders, on
 * the customer's preferred channel when they have one (none if they opted out or cannot be reached).
 */
export function defaultRemindersFor(
  defaults: TenantClock['defaultReminders'],
  customer: { preferred_reminder_channel: string | null; email: string | null; reminders_enabled: boolean },
): AppointmentReminder[] {
  const channel = (customer.preferred_reminder_channel ?? (customer.email ? null : undefined)) as AppointmentReminder['channel'] | null | undefined;
  if (!customer.reminders_enabled || channel === undefined) return [];
  const seen = new Set<string>();
  return defaults.flatMap((r) => {
    const reminder = { channel: channel ?? r.channel, minutesBefore: r.minutesBefore, sent: false };
    const key = `${reminder.channel} ${reminder.minutesBefore}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [reminder];
  });
}

// ---------------------------------------------------------------------------------------------
// Double booking and working hours

export interface Slot {
  start: PlainDateTime;
  end: PlainDateTime;
  startAt: Temporal.Instant;
  endAt: Temporal.Instant;
}

function resolveSlot(start: PlainDateTime, end: PlainDateTime, zone: string, field = '/appointment/endDate'): Slot {
  const a = resolveLocal(start, zone);
  const b = resolveLocal(end, zone);
  if (Temporal.Instant.compare(b.instant, a.instant) <= 0) throw unprocessable(field, 'end_before_start', 'The end must be after the start (a daylight-saving change falls between them).');
  if (!isWritableInstant(a.instant) || !isWritableInstant(b.instant) || a.local.year > 9999 || b.local.year > 9999) {
    throw unprocessable(field, 'out_of_range', 'This date is too far in the future.');
  }
  return { start: a.local, end: b.local, startAt: a.instant, endAt: b.instant };
}

interface Holder {
  id: string;
  userId: string;
  startAt: number;
  endAt: number;
  conflict: AppointmentConflict;
}

/** The appointments of `userId` that hold their slot and overlap any of `slots` (except `exceptIds`). */
async function holdersOf(tx: Queryable, tenantId: string, userId: string, slots: readonly Slot[], exceptIds: readonly string[] = []): Promise<Holder[]> {
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
  return rows.map((row) => {
    const customer = parseJson(row.customer_snapshot as string | Record<string, unknown>) as { name?: string; lastName?: string } | null;
    const name = [customer?.name, customer?.lastName].filter(Boolean).join(' ').slice(0, 201);
    return {
      id: row.id,
      userId: row.user_id,
      startAt: new Date(row.start_at).getTime(),
      endAt: new Date(row.end_at).getTime(),
      conflict: {
        appointmentId: row.id,
        userId: row.user_id,
        startDate: partsOf(plainFromSql(row.start_local)),
        endDate: partsOf(plainFromSql(row.end_local)),
        ...(name ? { customerName: name } : {}),
      },
    };
  });
}

const overlaps = (holder: Holder, slot: Slot) => holder.startAt < slot.endAt.epochMilliseconds && holder.endAt > slot.startAt.epochMilliseconds;

export const doubleBooking = (conflicts: readonly AppointmentConflict[]) =>
  new HttpProblem(409, 'This team member already has an appointment at that time.', 'double_booking', undefined, {
    retryable: false,
    conflicts: conflicts.slice(0, 104),
  });

const outsideWorkingHours = () =>
  new HttpProblem(409, 'This time is outside the working hours, in time off or on a closed day; confirm to book it anyway.', 'outside_working_hours', undefined, {
    retryable: false,
  });

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
async function outsideFlags(tx: Queryable, tenant: TenantClock, userId: string, slots: readonly Slot[]): Promise<boolean[]> {
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

async function currentLines(tx: Queryable, tenantId: string, appointmentId: string): Promise<ServiceLine[]> {
  const { rows } = await tx.query<{ service_id: string; name: string; duration_minutes: number; price_amount: string | number; price_currency: string }>(
    'SELECT service_id, name, duration_minutes, price_amount, price_currency FROM appointment_services WHERE tenant_id = $1 AND appointment_id = $2 ORDER BY position',
    [tenantId, appointmentId],
  );
  return rows.map((r) => ({ id: r.service_id, name: r.name, durationMinutes: Number(r.duration_minutes), amount: Number(r.price_amount), currency: r.price_currency }));
}

interface Current {
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

async function lockAppointment(tx: Queryable, tenantId: string, userId: string, id: string): Promise<Current> {
  const { rows } = await tx.query<Current>(
    `SELECT id, user_id, status, start_at, start_local::text AS start_local, end_local::text AS end_local, version, series_id, series_index, reminders
       FROM appointments WHERE tenant_id = $1 AND id = $2 AND user_id = $3 FOR UPDATE`,
    [tenantId, id, userId],
  );
  if (!rows[0]) throw notFound('No appointment has this id in this calendar.');
  return rows[0];
}

/** The following occurrences of a series (after `current`), locked. */
async function lockFollowing(tx: Queryable, tenantId: string, current: Current, openOnly: boolean): Promise<Current[]> {
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

/** Keeps the sent state of reminders that stay (same channel and time); new ones are unsent. */
function mergeReminders(previous: unknown, next: AppointmentReminder[] | undefined): AppointmentReminder[] {
  const old = (parseJson(previous as string | null) ?? []) as AppointmentReminder[];
  if (!next) return old;
  return next.map((r) => old.find((o) => o.channel === r.channel && o.minutesBefore === r.minutesBefore) ?? r);
}

function occurrenceOf(index: number, slot: Slot, zone: string, outside: boolean, holder?: Holder): AppointmentOccurrence {
  return {
    index,
    startDate: partsOf(slot.start),
    endDate: partsOf(slot.end),
    startAt: offsetDateTime(slot.startAt, zone),
    endAt: offsetDateTime(slot.endAt, zone),
    outsideWorkingHours: outside,
    ...(holder ? { conflict: holder.conflict } : {}),
  };
}

function expandOrFail(start: PlainDateTime, end: PlainDateTime, recurrence: AppointmentRecurrence) {
  try {
    const occurrences = expandRecurrence(start, end, recurrence);
    if (occurrences.some((o) => o.end.year > 9998)) {
      throw unprocessable(`/recurrence/${recurrence.until === undefined ? 'count' : 'until'}`, 'out_of_range', 'This series reaches too far into the future.');
    }
    return occurrences;
  } catch (error) {
    if (error instanceof RecurrenceError) throw unprocessable(`/recurrence/${error.field}`, error.code, error.message);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Handlers

export function appointmentHandlers({ db }: HandlerDeps): Handlers {
  /** Role check, then a tenant transaction with the business's clock and the caller. */
  async function withCalendar<T>(
    request: FastifyRequest,
    tenantId: string,
    action: 'read' | 'write' | 'delete',
    fn: (tx: Queryable, ctx: { tenant: TenantClock; role: TeamRole; callerId: string; view: View }) => Promise<T>,
  ): Promise<T> {
    const role = await authorize(db, request, tenantId, 'appointments', action);
    const callerId = sessionOf(request).userId;
    return db.withTenant(tenantId, async (tx) => {
      const tenant = await loadTenantClock(tx, tenantId);
      return fn(tx, { tenant, role, callerId, view: { zone: tenant.timeZone, role, now: Date.now() } });
    });
  }

  return {
    async listAppointments(request, reply) {
      const { tenantId, userId } = request.params;
      const { limit = 50, offset = 0, q, from, to, status, customerId, serviceId, distinctionId, order = 'asc' } = request.query ?? {};
      const statuses = status === undefined ? null : Array.isArray(status) ? status : [status];
      const result = await withCalendar(request, tenantId, 'read', async (tx, { tenant, role, callerId, view }) => {
        await assertMember(tx, tenantId, userId);
        assertCalendarAccess(role, callerId, userId, 'read', tenant);
        const params: unknown[] = [tenantId, userId, from ?? null, to ?? null, statuses, customerId ?? null, serviceId ?? null, distinctionId ?? null, q?.trim() ? escapeLike(q.trim()) : null];
        const filter = `a.tenant_id = $1 AND a.user_id = $2
          AND ($3::date IS NULL OR a.start_local >= $3::date) AND ($4::date IS NULL OR a.start_local < $4::date + 1)
          AND ($5::text[] IS NULL OR a.status = ANY($5::text[])) AND ($6::uuid IS NULL OR a.customer_id = $6)
          AND ($7::uuid IS NULL OR EXISTS (SELECT 1 FROM appointment_services x WHERE x.tenant_id = a.tenant_id AND x.appointment_id = a.id AND x.service_id = $7))
          AND ($8::uuid IS NULL OR a.distinction_id = $8)
          AND ($9::text IS NULL OR cita_fold(concat_ws(' ', a.customer_snapshot->>'name', a.customer_snapshot->>'lastName', a.notes)) LIKE '%' || cita_fold($9::text) || '%')`;
        const direction = order === 'desc' ? 'DESC' : 'ASC';
        const { rows } = await tx.query(`${APPOINTMENT_SELECT} WHERE ${filter} ORDER BY a.start_at ${direction}, a.id ${direction} LIMIT $10 OFFSET $11`, [...params, limit, offset]);
        const total = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM appointments a WHERE ${filter}`, params);
        return { items: rows.map((row) => toAppointment(row, view)), total: total.rows[0]!.n };
      });
      return reply.code(200).send(result);
    },

    async listCustomerAppointments(request, reply) {
      const { tenantId, id } = request.params;
      const { limit = 50, offset = 0, status, from, to, order = 'desc' } = request.query ?? {};
      const statuses = status === undefined ? null : Array.isArray(status) ? status : [status];
      const result = await withCalendar(request, tenantId, 'read', async (tx, { tenant, role, callerId, view }) => {
        const customer = await tx.query('SELECT 1 FROM customers WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
        if (customer.rows.length === 0) throw notFound('No customer has this id.');
        // A member who may not see teammates' calendars sees the customer's appointments with them only.
        const onlyUser = isManager(role) || tenant.membersSeeTeamCalendars ? null : callerId;
        const params: unknown[] = [tenantId, id, from ?? null, to ?? null, statuses, onlyUser];
        const filter = `a.tenant_id = $1 AND a.customer_id = $2
          AND ($3::date IS NULL OR a.start_local >= $3::date) AND ($4::date IS NULL OR a.start_local < $4::date + 1)
          AND ($5::text[] IS NULL OR a.status = ANY($5::text[])) AND ($6::uuid IS NULL OR a.user_id = $6)`;
        const orderBy =
          order === 'asc'
            ? 'a.start_at, a.id'
            : order === 'upcoming'
              ? '(a.end_at > now()) DESC, CASE WHEN a.end_at > now() THEN a.start_at END ASC, a.start_at DESC, a.id'
              : 'a.start_at DESC, a.id DESC';
        const { rows } = await tx.query(`${APPOINTMENT_SELECT} WHERE ${filter} ORDER BY ${orderBy} LIMIT $7 OFFSET $8`, [...params, limit, offset]);
        const total = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM appointments a WHERE ${filter}`, params);
        return { items: rows.map((row) => toAppointment(row, view)), total: total.rows[0]!.n };
      });
      return reply.code(200).send(result);
    },

    async getAppointment(request, reply) {
      const { tenantId, userId, id } = request.params;
      const appointment = await withCalendar(request, tenantId, 'read', async (tx, { tenant, role, callerId, view }) => {
        const row = (await tx.query(`${APPOINTMENT_SELECT} WHERE a.tenant_id = $1 AND a.id = $2 AND a.user_id = $3`, [tenantId, id, userId])).rows[0];
        if (!row) throw notFound('No appointment has this id in this calendar.');
        assertCalendarAccess(role, callerId, userId, 'read', tenant);
        return toAppointment(row, view);
      });
      return reply.code(200).send({ appointment });
    },

    async createAppointment(request, reply) {
      const { tenantId, userId } = request.params;
      const { appointment: input, recurrence } = request.body;
      const stored = await withCalendar(request, tenantId, 'write', (tx, { tenant, role, callerId, view }) =>
        idempotent(tx, tenantId, idempotencyKeyOf(request), 'createAppointment', { userId, ...request.body }, async () => {
          await assertMember(tx, tenantId, userId);
          assertCalendarAccess(role, callerId, userId, 'write', tenant);
          const prepared = await prepare(tx, tenant, input, userId, { role, callerId });
          const occurrences = recurrence ? expandOrFail(prepared.start, prepared.end, recurrence) : [{ index: 1, start: prepared.start, end: prepared.end }];
          const slots = occurrences.map((o) => resolveSlot(o.start, o.end, tenant.timeZone));
          if (!prepared.allowOutsideHours) {
            const outside = await outsideFlags(tx, tenant, prepared.userId, slots);
            if (outside.some(Boolean)) throw outsideWorkingHours();
          }
          const holders = await holdersOf(tx, tenantId, prepared.userId, slots);
          const colliding = slots.map((slot) => holders.find((h) => overlaps(h, slot)));
          const skipped: AppointmentOccurrence[] = [];
          if (colliding.some(Boolean)) {
            if (!recurrence?.skipConflicts) throw doubleBooking(holders.filter((h) => slots.some((s) => overlaps(h, s))).map((h) => h.conflict));
            colliding.forEach((holder, i) => {
              if (holder) skipped.push(occurrenceOf(occurrences[i]!.index, slots[i]!, tenant.timeZone, false, holder));
            });
            if (skipped.length === slots.length) throw doubleBooking(holders.map((h) => h.conflict));
          }
          const ids = await guardDoubleBooking(tx, tenantId, prepared.userId, slots, [], async () => {
            let series: string | undefined;
            if (recurrence) {
              const { rows } = await tx.query<{ id: string }>(
                'INSERT INTO appointment_series (tenant_id, frequency, interval, count, until) VALUES ($1, $2, $3, $4, $5) RETURNING id',
                [tenantId, recurrence.frequency, recurrence.interval ?? 1, recurrence.count ?? null, recurrence.until ?? null],
              );
              series = rows[0]!.id;
            }
            const created: string[] = [];
            for (const [i, slot] of slots.entries()) {
              if (colliding[i]) continue;
              created.push(await insertOccurrence(tx, tenantId, prepared, slot, series ? { id: series, index: occurrences[i]!.index } : undefined));
            }
            return created;
          });
          await appointmentsChanged(tx, tenantId, ids);
          const rows = await readAppointments(tx, tenantId, ids);
          const [first, ...others] = rows.map((row) => toAppointment(row, view));
          return {
            status: 201,
            body: {
              appointment: first!,
              ...(recurrence ? { seriesAppointments: others, skippedOccurrences: skipped } : {}),
            },
          };
        }),
      );
      return reply.code(201).send(stored.body);
    },

    async previewAppointmentSeries(request, reply) {
      const { tenantId, userId } = request.params;
      const { appointment: input, recurrence } = request.body;
      const occurrences = await withCalendar(request, tenantId, 'read', async (tx, { tenant, role, callerId }) => {
        await assertMember(tx, tenantId, userId);
        assertCalendarAccess(role, callerId, userId, 'write', tenant);
        const prepared = await prepare(tx, tenant, input, userId, { role, callerId });
        const list = expandOrFail(prepared.start, prepared.end, recurrence);
        const slots = list.map((o) => resolveSlot(o.start, o.end, tenant.timeZone));
        const outside = await outsideFlags(tx, tenant, prepared.userId, slots);
        const holders = await holdersOf(tx, tenantId, prepared.userId, slots);
        return list.map((o, i) => occurrenceOf(o.index, slots[i]!, tenant.timeZone, outside[i]!, holders.find((h) => overlaps(h, slots[i]!))));
      });
      return reply.code(200).send({ occurrences });
    },

    async getAppointmentCalendar(request, reply) {
      const { tenantId, userId } = request.params;
      const body = request.body;
      const role = await authorize(db, request, tenantId, 'appointments', 'read');
      const callerId = sessionOf(request).userId;
      const { start, end } = (() => {
        const s = tryPlainFromParts(body.startDate);
        if (!s) throw unprocessable('/startDate', 'invalid_date', 'This date does not exist.');
        const e = tryPlainFromParts(body.endDate);
        if (!e) throw unprocessable('/endDate', 'invalid_date', 'This date does not exist.');
        if (Temporal.PlainDateTime.compare(e, s) <= 0) throw unprocessable('/endDate', 'end_before_start', 'The end must be after the start.');
        if (Temporal.PlainDateTime.compare(e, s.add({ days: 42 })) > 0) throw unprocessable('/endDate', 'range_too_long', 'A calendar range spans at most 42 days.');
        return { start: s, end: e };
      })();
      const userIds = body.userIds ?? [userId];
      const calendar = await db.withTenant(tenantId, async (tx) => {
        const tenant = await loadTenantClock(tx, tenantId);
        const members = await loadMembers(tx, tenantId, [...new Set([userId, ...userIds])]);
        if (!members.has(userId)) throw notFound('This person is not in the team.');
        userIds.forEach((id, i) => {
          if (!members.has(id)) throw unprocessable(`/userIds/${i}`, 'unknown_team_member', 'This person is not in the team.');
        });
        for (const id of new Set([userId, ...userIds])) assertCalendarAccess(role, callerId, id, 'read', tenant);
        const view: View = { zone: tenant.timeZone, role, now: Date.now() };
        const from = resolveLocal(start, tenant.timeZone).instant;
        const to = resolveLocal(end, tenant.timeZone).instant;
        const { rows } = await tx.query<{ data: Row[] | string }>(CALENDAR_APPOINTMENTS, [tenantId, userIds, from.toString(), to.toString()]);
        const data = rows[0]?.data ?? [];
        const appointments = (typeof data === 'string' ? (JSON.parse(data) as Row[]) : data).map((row) => toAppointment(row, view));

        const firstDay = start.toPlainDate();
        const lastDay = end.hour === 0 && end.minute === 0 ? end.toPlainDate().subtract({ days: 1 }) : end.toPlainDate();
        const days: Temporal.PlainDate[] = [];
        for (let d = firstDay; Temporal.PlainDate.compare(d, lastDay) <= 0; d = d.add({ days: 1 })) days.push(d);
        const timeOff = await loadTimeOff(tx, tenantId, userIds, start, end);
        const slots: UnavailableSlot[] = [];
        const rangeStart = wallMinutes(start);
        const rangeEnd = wallMinutes(end);
        let earliest: number | undefined;
        let alwaysOpen = false;
        for (const id of userIds) {
          const schedule = scheduleOf(tenant, members.get(id), timeOff.get(id));
          if (!schedule.weekly) alwaysOpen = true;
          const hour = earliestOpeningHour(schedule.weekly, days);
          if (hour !== undefined && (earliest === undefined || hour < earliest)) earliest = hour;
          for (const interval of unavailableIntervals(schedule, firstDay, lastDay)) {
            // Clipped to the range asked for.
            const s = Math.max(interval.start, rangeStart);
            const e = Math.min(interval.end, rangeEnd);
            if (e <= s) continue;
            slots.push({
              userId: id,
              ...(interval.timeOffId ? { timeOffId: interval.timeOffId } : {}),
              startDate: partsOfWall(s),
              endDate: partsOfWall(e),
              reason: interval.reason,
              ...(interval.description ? { description: interval.description.slice(0, 200) } : {}),
            });
          }
        }
        for (const appointment of appointments) {
          if (earliest === undefined || appointment.startDate.hours < earliest) earliest = appointment.startDate.hours;
        }
        return {
          timeZone: tenant.timeZone,
          appointments,
          unavailableSlots: slots.slice(0, 2000),
          earliestHour: alwaysOpen ? Math.min(earliest ?? 0, 0) : (earliest ?? 8),
        };
      });
      return reply.code(200).send(calendar);
    },

    async updateAppointment(request, reply) {
      const { tenantId, userId, id } = request.params;
      const scope = request.query?.scope ?? 'this';
      const input = request.body.appointment;
      const appointment = await withCalendar(request, tenantId, 'write', async (tx, { tenant, role, callerId, view }) => {
        const current = await lockAppointment(tx, tenantId, userId, id);
        assertCalendarAccess(role, callerId, userId, 'write', tenant);
        if (current.version !== input.version) throw staleVersion();
        const prepared = await prepare(tx, tenant, input, userId, { role, callerId }, { lines: await currentLines(tx, tenantId, id) });
        const started = new Date(current.start_at).getTime() <= Date.now();
        let status = current.status;
        if (prepared.status !== undefined && prepared.status !== current.status) {
          const check = checkTransition(current.status, prepared.status, role, started);
          if (check !== 'ok') throw transitionProblem(check, current.status, prepared.status);
          status = prepared.status;
        }
        const slot = resolveSlot(prepared.start, prepared.end, tenant.timeZone);
        const oldStart = plainFromSql(current.start_local);
        const shift = oldStart.until(prepared.start);
        const length = prepared.start.until(prepared.end);
        const following = scope === 'following' ? await lockFollowing(tx, tenantId, current, true) : [];
        const moves = following.map((row) => {
          const start = plainFromSql(row.start_local).add(shift);
          return { row, slot: resolveSlot(start, start.add(length), tenant.timeZone) };
        });
        const timeChanged =
          prepared.userId !== current.user_id ||
          Temporal.PlainDateTime.compare(prepared.start, oldStart) !== 0 ||
          Temporal.PlainDateTime.compare(prepared.end, plainFromSql(current.end_local)) !== 0;
        const allSlots = [slot, ...moves.map((m) => m.slot)];
        if (timeChanged && !prepared.allowOutsideHours && !FREEING.includes(status)) {
          const outside = await outsideFlags(tx, tenant, prepared.userId, allSlots);
          if (outside.some(Boolean)) throw outsideWorkingHours();
        }
        const movedIds = [id, ...following.map((row) => row.id)];
        // Following occurrences stay with their own member; this one may move to another.
        const holdsSlot = !FREEING.includes(status);
        const holders = holdsSlot ? await holdersOf(tx, tenantId, prepared.userId, [slot], movedIds) : [];
        const followerHolders = moves.length > 0 ? await holdersOf(tx, tenantId, current.user_id, moves.map((m) => m.slot), movedIds) : [];
        const clashes = [...holders.filter((h) => overlaps(h, slot)), ...followerHolders.filter((h) => moves.some((m) => !FREEING.includes(m.row.status) && overlaps(h, m.slot)))];
        if (clashes.length > 0) throw doubleBooking(clashes.map((h) => h.conflict));
        await guardDoubleBooking(tx, tenantId, prepared.userId, allSlots, movedIds, async () => {
          await tx.query(
            `UPDATE appointments
                SET user_id = $3, customer_id = $4, customer_snapshot = $5, start_at = $6, end_at = $7, start_local = $8, end_local = $9,
                    notes = $10, color = $11, distinction_id = $12, service_object_id = $13, total_amount = $14, total_currency = $15, reminders = $16,
                    ${status !== current.status ? `${statusAssignments(status, 'NULL')},` : ''} version = version + 1
              WHERE tenant_id = $1 AND id = $2`,
            [
              tenantId, id, prepared.userId, prepared.customerId, JSON.stringify(prepared.customerSnapshot), slot.startAt.toString(), slot.endAt.toString(),
              sqlLocal(slot.start), sqlLocal(slot.end), prepared.notes, prepared.color, prepared.distinctionId, prepared.serviceObjectId, prepared.total,
              prepared.services[0]!.currency, JSON.stringify(mergeReminders(current.reminders, prepared.reminders)),
            ],
          );
          await writeLines(tx, tenantId, id, prepared.services, true);
          for (const move of moves) {
            await tx.query(
              `UPDATE appointments SET start_at = $3, end_at = $4, start_local = $5, end_local = $6, notes = $7, color = $8, distinction_id = $9,
                      total_amount = $10, total_currency = $11, version = version + 1
                WHERE tenant_id = $1 AND id = $2`,
              [tenantId, move.row.id, move.slot.startAt.toString(), move.slot.endAt.toString(), sqlLocal(move.slot.start), sqlLocal(move.slot.end),
                prepared.notes, prepared.color, prepared.distinctionId, prepared.total, prepared.services[0]!.currency],
            );
            await writeLines(tx, tenantId, move.row.id, prepared.services, true);
          }
        });
        await appointmentsChanged(tx, tenantId, movedIds);
        return toAppointment((await readAppointments(tx, tenantId, [id]))[0]!, view);
      });
      return reply.code(200).send({ appointment });
    },

    async deleteAppointment(request, reply) {
      const { tenantId, userId, id } = request.params;
      const scope = request.query?.scope ?? 'this';
      await withCalendar(request, tenantId, 'delete', async (tx, { tenant, role, callerId }) => {
        const current = await lockAppointment(tx, tenantId, userId, id);
        assertCalendarAccess(role, callerId, userId, 'write', tenant);
        const following = scope === 'following' ? await lockFollowing(tx, tenantId, current, false) : [];
        const ids = [id, ...following.map((row) => row.id)];
        await tx.query('DELETE FROM appointments WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [tenantId, ids]);
        await appointmentsChanged(tx, tenantId, ids);
      });
      return reply.code(204).send();
    },

    async updateAppointmentRealTiming(request, reply) {
      const { tenantId, userId, id } = request.params;
      const { realStartDate, realEndDate } = request.body;
      const appointment = await withCalendar(request, tenantId, 'write', async (tx, { tenant, role, callerId, view }) => {
        await lockAppointment(tx, tenantId, userId, id);
        assertCalendarAccess(role, callerId, userId, 'write', tenant);
        const start = tryPlainFromParts(realStartDate);
        if (!start) throw unprocessable('/realStartDate', 'invalid_date', 'This date does not exist.');
        const end = tryPlainFromParts(realEndDate);
        if (!end) throw unprocessable('/realEndDate', 'invalid_date', 'This date does not exist.');
        if (Temporal.PlainDateTime.compare(end, start) <= 0) throw unprocessable('/realEndDate', 'end_before_start', 'The end must be after the start.');
        if (start.until(end, { largestUnit: 'minutes' }).minutes > MAX_LENGTH_MINUTES) throw unprocessable('/realEndDate', 'too_long', 'A service lasts at most 24 hours.');
        await tx.query('UPDATE appointments SET real_start_local = $3, real_end_local = $4, version = version + 1 WHERE tenant_id = $1 AND id = $2', [
          tenantId, id, sqlLocal(start), sqlLocal(end),
        ]);
        await appointmentsChanged(tx, tenantId, [id]);
        return toAppointment((await readAppointments(tx, tenantId, [id]))[0]!, view);
      });
      return reply.code(200).send({ appointment });
    },

    async changeAppointmentStatus(request, reply) {
      const { tenantId, userId, id } = request.params;
      const scope = request.query?.scope ?? 'this';
      const { status: to, reason, version } = request.body;
      const appointment = await withCalendar(request, tenantId, 'write', async (tx, { tenant, role, callerId, view }) => {
        const current = await lockAppointment(tx, tenantId, userId, id);
        assertCalendarAccess(role, callerId, userId, 'write', tenant);
        if (current.version !== version) throw staleVersion();
        const now = Date.now();
        const startedAt = (row: Current) => new Date(row.start_at).getTime() <= now;
        const check = checkTransition(current.status, to, role, startedAt(current));
        if (check !== 'ok') throw transitionProblem(check, current.status, to);
        // The following occurrences that may make the same transition; when reopening, those whose slot is still free.
        let targets = [current];
        if (scope === 'following') {
          const following = (await lockFollowing(tx, tenantId, current, false)).filter((row) => checkTransition(row.status, to, role, startedAt(row)) === 'ok');
          targets = [current, ...following];
        }
        const reopening = FREEING.includes(current.status) && !FREEING.includes(to);
        if (reopening) {
          const slotOf = (row: Current) => {
            const s = plainFromSql(row.start_local);
            return resolveSlot(s, plainFromSql(row.end_local), tenant.timeZone);
          };
          const mine = await holdersOf(tx, tenantId, current.user_id, [slotOf(current)], [current.id]);
          if (mine.length > 0) throw doubleBooking(mine.map((h) => h.conflict));
          const kept: Current[] = [current];
          for (const row of targets.slice(1)) {
            if (!FREEING.includes(row.status) || (await holdersOf(tx, tenantId, row.user_id, [slotOf(row)], [row.id])).length === 0) kept.push(row);
          }
          targets = kept;
        }
        const ids = targets.map((row) => row.id);
        const slots = reopening ? [resolveSlot(plainFromSql(current.start_local), plainFromSql(current.end_local), tenant.timeZone)] : [];
        await guardDoubleBooking(tx, tenantId, current.user_id, slots, ids, () =>
          tx.query(`UPDATE appointments SET ${statusAssignments(to, '$3')}, version = version + 1 WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [
            tenantId, ids, reason?.trim() || null,
          ]),
        );
        await appointmentsChanged(tx, tenantId, ids);
        return toAppointment((await readAppointments(tx, tenantId, [id]))[0]!, view);
      });
      return reply.code(200).send({ appointment });
    },
  };
}

