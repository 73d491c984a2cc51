import type {
  Appointment,
  AppointmentConflict,
  AppointmentOccurrence,
  AppointmentReminder,
  AppointmentStatus,
  DateTimeParts,
} from '../../generated/types.gen.ts';
import type { TeamRole } from '../kit/context.ts';
import { iso, opt, type Row } from '../kit/rows.ts';
import { parseJson } from '../scheduling/schedules-db.ts';
import { offsetDateTime, partsFromSql, partsOf, plainFromSql } from '../scheduling/time.ts';
import { cancellationLinkStatus } from './cancellation-link.ts';
import { LIVE_STATUSES } from './events.ts';
import { allowedStatuses, reminderWithStatus, type Holder, type ReminderOutboxRow, type Slot, type StoredReminder } from './rules.ts';

/** Who looks, and when: the business's zone and the caller's role (for allowedStatuses). */
export interface View {
  zone: string;
  role: TeamRole;
  now: number;
  /** The reminder channels this server sends (server/notifications/phone.ts reminderChannels): a pending reminder on another is skipped when due. */
  reminderChannels: readonly string[];
}

/** A row of APPOINTMENT_SELECT (server/appointments/repository.ts) as the contract's Appointment. */
export function toAppointment(row: Row, view: View): Appointment {
  const status = row.status as AppointmentStatus;
  const started = new Date(row.start_at as string | Date).getTime() <= view.now;
  const customer = parseJson(row.customer_snapshot as string | Record<string, unknown>) as Appointment['customer'];
  const lines = (parseJson(row.lines as string | null) ?? []) as Array<{ id: string; name: string; durationMinutes: number; amount: number | string; currency: string }>;
  const stored = (parseJson(row.reminders as string | null) ?? []) as StoredReminder[];
  const outbox = (parseJson(row.reminder_rows as string | null) ?? []) as ReminderOutboxRow[];
  const startAt = new Date(row.start_at as string | Date).getTime();
  const live = LIVE_STATUSES.includes(status);
  const reminders: AppointmentReminder[] = stored.map((reminder) =>
    reminderWithStatus(
      reminder,
      outbox.find((o) => o.channel === reminder.channel && Number(o.minutesBefore) === reminder.minutesBefore),
      { live, startAt },
      view.reminderChannels,
      view.now,
    ),
  );
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

/** A row of the double-booking query (repository.holdersOf) as a Holder with its AppointmentConflict. */
export function toHolder(row: { id: string; user_id: string; start_at: Date | string; end_at: Date | string; start_local: string; end_local: string; customer_snapshot: unknown }): Holder {
  const customer = parseJson(row.customer_snapshot as string | Record<string, unknown>) as { name?: string; lastName?: string } | null;
  const name = [customer?.name, customer?.lastName].filter(Boolean).join(' ').slice(0, 201);
  const conflict: AppointmentConflict = {
    appointmentId: row.id,
    userId: row.user_id,
    startDate: partsOf(plainFromSql(row.start_local)),
    endDate: partsOf(plainFromSql(row.end_local)),
    ...(name ? { customerName: name } : {}),
  };
  return { id: row.id, userId: row.user_id, startAt: new Date(row.start_at).getTime(), endAt: new Date(row.end_at).getTime(), conflict };
}

/** One occurrence of a series preview or a skipped one of a create. */
export function occurrenceOf(index: number, slot: Slot, zone: string, outside: boolean, holder?: Holder): AppointmentOccurrence {
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

/** 'YYYY-MM-DDTHH:MI' (to_char of a wall-clock column) as the contract's parts. */
export function partsOfMinuteText(local: string): DateTimeParts {
  const [date, time] = local.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hours, minutes };
}
