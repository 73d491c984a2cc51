import type { Queryable } from '../db/database.ts';

/** The contract's AppointmentCancellation.linkStatus. */
export type CancellationLinkStatus =
  | 'CANCELLATION_LINK_STATUS_NONE'
  | 'CANCELLATION_LINK_STATUS_ACTIVE'
  | 'CANCELLATION_LINK_STATUS_USED'
  | 'CANCELLATION_LINK_STATUS_EXPIRED'
  | 'CANCELLATION_LINK_STATUS_REVOKED';

/**
 * The appointments whose customer has been sent a link for the current start (a confirmation or
 * reminder e-mail about that start left the outbox). For the appointment handlers' `cancellation`.
 */
export async function linksIssued(tx: Queryable, tenantId: string, appointments: ReadonlyArray<{ id: string; startAt: Date }>): Promise<Set<string>> {
  if (appointments.length === 0) return new Set();
  const { rows } = await tx.query<{ appointment_id: string; starts_at: Date }>(
    `SELECT DISTINCT appointment_id, starts_at FROM outbox
      WHERE tenant_id = $1 AND appointment_id = ANY($2::uuid[]) AND status = 'sent' AND kind IN ('confirmation', 'reminder')
        AND channel = 'REMINDER_CHANNEL_EMAIL'`,
    [tenantId, appointments.map((a) => a.id)],
  );
  const start = new Map(appointments.map((a) => [a.id, new Date(a.startAt).getTime()]));
  return new Set(rows.filter((row) => start.get(row.appointment_id) === new Date(row.starts_at).getTime()).map((row) => row.appointment_id));
}

/** What the link of one appointment can do now (see the contract's AppointmentCancellation). */
export function cancellationLinkStatus(
  appointment: { status: string; startAt: Date; cancelledBy: string | null },
  issued: boolean,
  now = Date.now(),
): CancellationLinkStatus {
  if (appointment.status === 'APPOINTMENT_STATUS_CANCELLED' && appointment.cancelledBy === 'CANCELLED_BY_CUSTOMER') return 'CANCELLATION_LINK_STATUS_USED';
  if (!issued) return 'CANCELLATION_LINK_STATUS_NONE';
  if (appointment.status === 'APPOINTMENT_STATUS_CANCELLED' || appointment.status === 'APPOINTMENT_STATUS_REJECTED') return 'CANCELLATION_LINK_STATUS_REVOKED';
  if (new Date(appointment.startAt).getTime() <= now) return 'CANCELLATION_LINK_STATUS_EXPIRED';
  if (appointment.status !== 'APPOINTMENT_STATUS_PENDING' && appointment.status !== 'APPOINTMENT_STATUS_CONFIRMED') return 'CANCELLATION_LINK_STATUS_EXPIRED';
  return 'CANCELLATION_LINK_STATUS_ACTIVE';
}
