/** The contract's AppointmentCancellation.linkStatus. */
export type CancellationLinkStatus =
  | 'CANCELLATION_LINK_STATUS_NONE'
  | 'CANCELLATION_LINK_STATUS_ACTIVE'
  | 'CANCELLATION_LINK_STATUS_USED'
  | 'CANCELLATION_LINK_STATUS_EXPIRED'
  | 'CANCELLATION_LINK_STATUS_REVOKED';

/**
 * What the link of one appointment can do now (see the contract's AppointmentCancellation). `issued`:
 * the customer was sent a link for the current start (`link_issued` in server/appointments/repository.ts).
 */
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
