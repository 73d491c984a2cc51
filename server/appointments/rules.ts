import { Temporal } from 'temporal-polyfill';
import { amountIssue } from '../../common/money/index.ts';
import type {
  AppointmentConflict,
  AppointmentInput,
  AppointmentRecurrence,
  AppointmentReminder,
  AppointmentStatus,
  AppointmentUpdate,
} from '../../generated/types.gen.ts';
import type { TeamRole } from '../kit/context.ts';
import { opt } from '../kit/rows.ts';
import { forbidden, HttpProblem, unprocessable } from '../problem.ts';
import type { TenantClock } from '../scheduling/schedules-db.ts';
import { expandRecurrence, isWritableInstant, RecurrenceError, resolveLocal, tryPlainFromParts, type DateTimeParts } from '../scheduling/time.ts';
import { LIVE_STATUSES } from './events.ts';

/**
 * The appointments domain's pure rules: the status machine, who may touch whose calendar, the checks
 * of an input beyond its schema, slots and double booking, series, and the public cancellation link's
 * refusals. No database, no Fastify (unit-tested in rules.test.ts).
 */

type PlainDateTime = Temporal.PlainDateTime;

// ---------------------------------------------------------------------------------------------
// Statuses

export const PENDING = 'APPOINTMENT_STATUS_PENDING';
export const CONFIRMED = 'APPOINTMENT_STATUS_CONFIRMED';
export const DONE = 'APPOINTMENT_STATUS_DONE';
export const REJECTED = 'APPOINTMENT_STATUS_REJECTED';
export const CANCELLED = 'APPOINTMENT_STATUS_CANCELLED';
export const NO_SHOW = 'APPOINTMENT_STATUS_NO_SHOW';
export const UNSPECIFIED = 'APPOINTMENT_STATUS_UNSPECIFIED';

/** The statuses that free the slot (outside the exclusion constraint). */
export const FREEING: readonly AppointmentStatus[] = [CANCELLED, REJECTED, NO_SHOW];
const ALL_TARGETS: readonly AppointmentStatus[] = [PENDING, CONFIRMED, DONE, REJECTED, CANCELLED, NO_SHOW];

/** AppointmentStatus's transition table (the contract): which status may follow which. */
export const TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
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
export const isManager = (role: TeamRole) => role === 'TEAM_ROLE_OWNER' || role === 'TEAM_ROLE_ADMIN';

export type TransitionCheck = 'ok' | 'invalid_transition' | 'forbidden' | 'not_started';

export function checkTransition(from: AppointmentStatus, to: AppointmentStatus, role: TeamRole, started: boolean): TransitionCheck {
  if (!TRANSITIONS[from].includes(to)) return 'invalid_transition';
  if (isReopening(from, to) && !isManager(role)) return 'forbidden';
  if ((to === DONE || to === NO_SHOW) && !started) return 'not_started';
  return 'ok';
}

export function transitionProblem(check: Exclude<TransitionCheck, 'ok'>, from: AppointmentStatus, to: AppointmentStatus): HttpProblem {
  if (check === 'forbidden') return forbidden('Only owners and administrators may reopen an appointment.');
  if (check === 'not_started') return new HttpProblem(409, 'An appointment can be marked done or no-show only once it has started.', 'not_started', undefined, { retryable: false });
  return new HttpProblem(409, `An appointment cannot go from ${from} to ${to}.`, 'invalid_transition', undefined, { retryable: false });
}

/**
 * An appointment its money refers to cannot be called off or deleted (issue 17): cancelling or
 * rejecting one whose sale still stands would leave a charge for an appointment that did not happen,
 * deleting one with a sale or an invoice would take it out of their history. 409 `appointment_charged`.
 */
export function appointmentCharged(action: 'status' | 'delete'): HttpProblem {
  const detail =
    action === 'status'
      ? 'This appointment was charged: void or refund its sale before cancelling or rejecting it.'
      : 'This appointment was charged or invoiced, so it stays in the history: cancel it instead (after voiding or refunding its sale).';
  return new HttpProblem(409, detail, 'appointment_charged', undefined, { retryable: false });
}

const allowedMemo = new Map<string, AppointmentStatus[]>();
/** The statuses the caller may move an appointment to (memoized: a week of ten members asks 400 times). */
export function allowedStatuses(status: AppointmentStatus, role: TeamRole, started: boolean): AppointmentStatus[] {
  const key = `${status} ${role} ${started}`;
  let allowed = allowedMemo.get(key);
  if (!allowed) allowedMemo.set(key, (allowed = TRANSITIONS[status].filter((to) => checkTransition(status, to, role, started) === 'ok')));
  return allowed;
}

// ---------------------------------------------------------------------------------------------
// Access

/** The calendar settings access depends on (the business's TenantClock has them). */
export type CalendarSharing = Pick<TenantClock, 'membersSeeTeamCalendars'>;

/**
 * Who may touch whose calendar: owners and administrators anyone's; a member their own, and reads
 * of a teammate's only when the business shares calendars (`membersSeeTeamCalendars`), else 403.
 */
export function assertCalendarAccess(role: TeamRole, callerId: string, userId: string, mode: 'read' | 'write', tenant: CalendarSharing) {
  if (isManager(role) || userId === callerId) return;
  if (mode === 'read' && tenant.membersSeeTeamCalendars) return;
  throw forbidden(mode === 'read' ? "Your role does not let you see a teammate's calendar." : "Your role does not let you change a teammate's calendar.");
}

/**
 * Whose appointments a caller sees in lists that cross calendars (a customer's appointments, the
 * customer-data export): everyone's (null) for owners, administrators and members of a business that
 * shares calendars; else only the caller's own, as the calendar itself (assertCalendarAccess).
 */
export function onlyUserOf(role: TeamRole, callerId: string, tenant: CalendarSharing): string | null {
  return isManager(role) || tenant.membersSeeTeamCalendars ? null : callerId;
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
  reminders: StoredReminder[] | undefined;
  allowOutsideHours: boolean;
}

export const MAX_LENGTH_MINUTES = 24 * 60;

/** Wall-clock start and end of an input: real dates, end after start, 5-minute steps, at most 24 h. */
export function checkTimes(startParts: DateTimeParts, endParts: DateTimeParts, pointer: string, names = ['startDate', 'endDate']): { start: PlainDateTime; end: PlainDateTime } {
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

/** A new appointment is pending or confirmed (an update may name any status: the transition table decides). */
export function checkNewStatus(status: AppointmentStatus | undefined, pointer: string) {
  if (status !== undefined && status !== PENDING && status !== CONFIRMED) {
    throw unprocessable(`${pointer}/status`, 'invalid_status', 'A new appointment is pending or confirmed.');
  }
}

/** The calendar's range: real dates, end after start, at most 42 days. */
export function checkCalendarRange(startParts: DateTimeParts, endParts: DateTimeParts): { start: PlainDateTime; end: PlainDateTime } {
  const start = tryPlainFromParts(startParts);
  if (!start) throw unprocessable('/startDate', 'invalid_date', 'This date does not exist.');
  const end = tryPlainFromParts(endParts);
  if (!end) throw unprocessable('/endDate', 'invalid_date', 'This date does not exist.');
  if (Temporal.PlainDateTime.compare(end, start) <= 0) throw unprocessable('/endDate', 'end_before_start', 'The end must be after the start.');
  if (Temporal.PlainDateTime.compare(end, start.add({ days: 42 })) > 0) throw unprocessable('/endDate', 'range_too_long', 'A calendar range spans at most 42 days.');
  return { start, end };
}

/** When the service really started and ended: real dates, end after start, at most 24 h (any minute). */
export function checkRealTiming(startParts: DateTimeParts, endParts: DateTimeParts): { start: PlainDateTime; end: PlainDateTime } {
  const start = tryPlainFromParts(startParts);
  if (!start) throw unprocessable('/realStartDate', 'invalid_date', 'This date does not exist.');
  const end = tryPlainFromParts(endParts);
  if (!end) throw unprocessable('/realEndDate', 'invalid_date', 'This date does not exist.');
  if (Temporal.PlainDateTime.compare(end, start) <= 0) throw unprocessable('/realEndDate', 'end_before_start', 'The end must be after the start.');
  if (start.until(end, { largestUnit: 'minutes' }).minutes > MAX_LENGTH_MINUTES) throw unprocessable('/realEndDate', 'too_long', 'A service lasts at most 24 hours.');
  return { start, end };
}

/** A customer as the appointment needs them (customers' columns). */
export interface CustomerFacts {
  id: string;
  name: string;
  last_name: string | null;
  phone_country_code: string | null;
  phone_number: string | null;
  email: string | null;
  preferred_reminder_channel: string | null;
  reminders_enabled: boolean;
}

/** The customer as the appointment keeps them (the contract's Appointment.customer). */
export function customerSnapshotOf(customer: CustomerFacts): Record<string, unknown> {
  return {
    id: customer.id,
    name: customer.name,
    ...opt('lastName', customer.last_name),
    ...opt('phoneCountryCode', customer.phone_number ? customer.phone_country_code : null),
    ...opt('phoneNumber', customer.phone_number),
    ...opt('email', customer.email),
  };
}

/** A service of the catalogue as a line may book it. */
export interface CatalogueService {
  id: string;
  name: string;
  duration_minutes: number;
  price_amount: string | number;
  price_currency: string;
  /** Active and not archived. */
  usable: boolean;
}

/**
 * The service lines of an input: each service exists and is usable (one already booked on the
 * appointment being updated stays allowed, with its booked name and price), a given price is in the
 * business's currency and within the money bound, and so is the total. 422 naming the field.
 */
export function serviceLinesOf(
  input: Pick<AppointmentInput, 'services'>,
  catalogue: readonly CatalogueService[],
  currency: string,
  pointer: string,
  bookedLines: readonly ServiceLine[] = [],
): { services: ServiceLine[]; total: number } {
  const byId = new Map(catalogue.map((row) => [row.id, row]));
  const booked = new Map(bookedLines.map((line) => [line.id, line]));
  const services: ServiceLine[] = input.services.map((service, i) => {
    const row = byId.get(service.id);
    const kept = booked.get(service.id);
    if (!row || (!row.usable && !kept)) throw unprocessable(`${pointer}/services/${i}/id`, 'unknown_service', 'This service does not exist or is not active.');
    if (service.price) {
      if (service.price.currency !== currency) {
        throw unprocessable(`${pointer}/services/${i}/price/currency`, 'currency_mismatch', `Prices are in the business's currency, ${currency}.`);
      }
      const priceIssue = amountIssue(service.price.amount);
      if (priceIssue) throw unprocessable(`${pointer}/services/${i}/price/amount`, priceIssue.code, priceIssue.detail);
    }
    const base = kept ?? { id: row.id, name: row.name, durationMinutes: Number(row.duration_minutes), amount: Number(row.price_amount), currency: row.price_currency };
    return { ...base, ...(service.price ? { amount: service.price.amount, currency: service.price.currency } : {}) };
  });
  const total = services.reduce((sum, line) => sum + line.amount, 0);
  // The total is an amount too: within the one bound (each price is, their sum need not be).
  const totalIssue = amountIssue(total);
  if (totalIssue) throw unprocessable(`${pointer}/services`, totalIssue.code, totalIssue.detail);
  return { services, total };
}

/** The reminders an input asks for (undefined: it does not say). */
export function requestedReminders(input: AppointmentInput | AppointmentUpdate): StoredReminder[] | undefined {
  return input.reminders?.map((r) => ({ channel: r.channel, minutesBefore: r.minutesBefore }));
}

/**
 * The contract's default when a new appointment does not say: the business's default reminders, on
 * the customer's preferred channel when they have one (none if they opted out or cannot be reached).
 */
export function defaultRemindersFor(
  defaults: TenantClock['defaultReminders'],
  customer: { preferred_reminder_channel: string | null; email: string | null; reminders_enabled: boolean },
): StoredReminder[] {
  const channel = (customer.preferred_reminder_channel ?? (customer.email ? null : undefined)) as AppointmentReminder['channel'] | null | undefined;
  if (!customer.reminders_enabled || channel === undefined) return [];
  const seen = new Set<string>();
  return defaults.flatMap((r) => {
    const reminder = { channel: channel ?? r.channel, minutesBefore: r.minutesBefore };
    const key = `${reminder.channel} ${reminder.minutesBefore}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [reminder];
  });
}

// ---------------------------------------------------------------------------------------------
// Slots and double booking

export interface Slot {
  start: PlainDateTime;
  end: PlainDateTime;
  startAt: Temporal.Instant;
  endAt: Temporal.Instant;
}

/** Wall-clock start and end in the business's zone as a slot (instants by the contract's DST rule). */
export function resolveSlot(start: PlainDateTime, end: PlainDateTime, zone: string, field = '/appointment/endDate'): Slot {
  const a = resolveLocal(start, zone);
  const b = resolveLocal(end, zone);
  if (Temporal.Instant.compare(b.instant, a.instant) <= 0) throw unprocessable(field, 'end_before_start', 'The end must be after the start (a daylight-saving change falls between them).');
  if (!isWritableInstant(a.instant) || !isWritableInstant(b.instant) || a.local.year > 9999 || b.local.year > 9999) {
    throw unprocessable(field, 'out_of_range', 'This date is too far in the future.');
  }
  return { start: a.local, end: b.local, startAt: a.instant, endAt: b.instant };
}

/** An appointment that holds its slot, as a double-booking check sees it. */
export interface Holder {
  id: string;
  userId: string;
  startAt: number;
  endAt: number;
  conflict: AppointmentConflict;
}

export const overlaps = (holder: Pick<Holder, 'startAt' | 'endAt'>, slot: Slot) => holder.startAt < slot.endAt.epochMilliseconds && holder.endAt > slot.startAt.epochMilliseconds;

export const doubleBooking = (conflicts: readonly AppointmentConflict[]) =>
  new HttpProblem(409, 'This team member already has an appointment at that time.', 'double_booking', undefined, {
    retryable: false,
    conflicts: conflicts.slice(0, 104),
  });

export const outsideWorkingHours = () =>
  new HttpProblem(409, 'This time is outside the working hours, in time off or on a closed day; confirm to book it anyway.', 'outside_working_hours', undefined, {
    retryable: false,
  });

// ---------------------------------------------------------------------------------------------
// Series

/** The occurrences of a repeat rule, or 422 naming the rule's field. */
export function expandOrFail(start: PlainDateTime, end: PlainDateTime, recurrence: AppointmentRecurrence) {
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
// The public cancellation link

/** Every refusal names its reason in `code`, which the page translates; none says anything about the appointment. */
export const invalidLink = () => new HttpProblem(404, 'This cancellation link is not valid.', 'invalid_link');
export const revokedLink = () =>
  new HttpProblem(404, 'This cancellation link no longer works: the appointment was changed or cancelled by the business. Use the link in the latest e-mail.', 'link_revoked');

/** What the link checks of the appointment it names. */
export interface LinkedAppointment {
  status: AppointmentStatus;
  start_at: Date | string;
  cancelled_by: string | null;
  link_version: number;
  cutoff: number;
}

/**
 * Whether a link (its start and link version) still names `row`: given to another customer since
 * (even if given back later), the link was never this customer's and answers as one that does not
 * exist; deleted, moved (the link was for another time), or called off by the business: revoked.
 */
export function checkLink(row: LinkedAppointment | undefined, claims: { startAt: Date; linkVersion: number }): asserts row is LinkedAppointment {
  if (row && Number(row.link_version) !== claims.linkVersion) throw invalidLink();
  if (!row || new Date(row.start_at).getTime() !== claims.startAt.getTime()) throw revokedLink();
  if (row.status === REJECTED || (row.status === CANCELLED && row.cancelled_by !== 'CANCELLED_BY_CUSTOMER')) throw revokedLink();
}

/** Whether the customer may still cancel online: live, not started, before the business's cutoff. */
export function cancellationRefusal(row: Pick<LinkedAppointment, 'status' | 'start_at' | 'cutoff'>, now = Date.now()): HttpProblem | null {
  if (row.status === CANCELLED) return new HttpProblem(409, 'This appointment is already cancelled.', 'already_cancelled');
  if (!LIVE_STATUSES.includes(row.status)) return new HttpProblem(409, 'This appointment can no longer be cancelled.', 'not_cancellable');
  const start = new Date(row.start_at).getTime();
  if (start <= now) return new HttpProblem(409, 'This appointment has already started.', 'appointment_started');
  if (start - row.cutoff * 60_000 <= now) {
    return new HttpProblem(409, `Appointments can be cancelled online up to ${row.cutoff} minutes before they start; please contact the business.`, 'cancellation_cutoff');
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// What became of each reminder (issue 18: the server says it, from the outbox)

/**
 * A reminder as the appointment row keeps it: which one it asks for. What became of it (status,
 * sent, sentAt, …) is read from its outbox row (reminderWithStatus); rows written before that may
 * still hold stale `sent`/`sentAt` keys, which nothing reads.
 */
export type StoredReminder = Pick<AppointmentReminder, 'channel' | 'minutesBefore'>;

/** The outbox row of one reminder for the appointment's current start and customer (APPOINTMENT_SELECT's reminder_rows). */
export interface ReminderOutboxRow {
  channel: string;
  minutesBefore: number;
  /** pending | sent | failed | dropped | skipped (migration 011). */
  status: string;
  attempts: number;
  /** A worker holds it right now (leased_until ahead). */
  leased: boolean;
  sentAt: string | null;
  nextAttemptAt: string | null;
  /** The row's last change: for a row tried and not sent, the moment of that attempt (the lease or the failure). */
  updatedAt: string;
  /** Why a skipped or dropped row did not leave (last_error; the provider's words of a failure are not carried). */
  reason: string | null;
  /** provider_rejected | provider_unavailable (migration 150). */
  failureCode: string | null;
}

const SKIP_REASONS: readonly string[] = ['no_recipient', 'unsupported_channel', 'too_late'];

/**
 * The contract's AppointmentReminder: the reminder the appointment asks for, with its status read from
 * its outbox row (`row`), for an appointment that is `live` (pending or confirmed) at `startAt`, on a
 * server that sends `channels`, at `now`:
 *
 * - pending: SCHEDULED before its due moment, SENDING once due or while a worker holds it, RETRYING
 *   after a failed attempt (next at nextAttemptAt); on a channel this server has no provider for,
 *   SKIPPED / unsupported_channel already (the worker skips it so when due);
 * - sent: SENT at sentAt; failed: FAILED with the worker's failure code;
 * - skipped: SKIPPED with its reason; dropped: CANCELLED (the appointment stopped being live), or
 *   SKIPPED / too_late when the appointment had started before a worker could send it;
 * - no row (an appointment that was never live): CANCELLED, or by its due moment if live.
 */
export function reminderWithStatus(
  reminder: Pick<StoredReminder, 'channel' | 'minutesBefore'>,
  row: ReminderOutboxRow | undefined,
  appointment: { live: boolean; startAt: number },
  channels: readonly string[],
  now: number,
): AppointmentReminder {
  const dueAt = appointment.startAt - reminder.minutesBefore * 60_000;
  const base = { channel: reminder.channel, minutesBefore: reminder.minutesBefore, dueAt: new Date(dueAt).toISOString() };
  const at = (value: string | null) => (value ? new Date(value).toISOString() : undefined);
  const unsent = (status: AppointmentReminder['status'], extra: Partial<AppointmentReminder> = {}): AppointmentReminder => ({ ...base, sent: false, status, ...extra });
  if (!row) return unsent(!appointment.live ? 'REMINDER_STATUS_CANCELLED' : dueAt > now ? 'REMINDER_STATUS_SCHEDULED' : 'REMINDER_STATUS_SENDING');
  const failure = (row.failureCode === 'provider_rejected' ? 'provider_rejected' : 'provider_unavailable') as AppointmentReminder['failureReason'];
  switch (row.status) {
    case 'sent':
      return { ...base, sent: true, status: 'REMINDER_STATUS_SENT', ...opt('sentAt', at(row.sentAt)) };
    case 'failed':
      return unsent('REMINDER_STATUS_FAILED', { lastAttemptAt: at(row.updatedAt)!, failureReason: failure });
    case 'skipped':
      return unsent('REMINDER_STATUS_SKIPPED', SKIP_REASONS.includes(row.reason ?? '') ? { failureReason: row.reason as AppointmentReminder['failureReason'] } : {});
    case 'dropped':
      return row.reason === 'appointment_started' ? unsent('REMINDER_STATUS_SKIPPED', { failureReason: 'too_late' }) : unsent('REMINDER_STATUS_CANCELLED');
    default: {
      if (!channels.includes(reminder.channel)) return unsent('REMINDER_STATUS_SKIPPED', { failureReason: 'unsupported_channel' });
      if (row.leased) return unsent('REMINDER_STATUS_SENDING', { lastAttemptAt: at(row.updatedAt)! });
      if (row.attempts > 0) {
        return unsent('REMINDER_STATUS_RETRYING', { lastAttemptAt: at(row.updatedAt)!, ...opt('nextAttemptAt', at(row.nextAttemptAt)), failureReason: failure });
      }
      return unsent(dueAt > now ? 'REMINDER_STATUS_SCHEDULED' : 'REMINDER_STATUS_SENDING');
    }
  }
}
