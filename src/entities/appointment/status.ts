import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { AppointmentStatus } from '@generated/types.gen';
import type { StatusVocabulary } from '../status';

/**
 * The appointment statuses (contract: AppointmentStatus) as every screen shows them: the calendar,
 * the appointment page, a customer's appointments and, next, the till. SPEC §4 colours: no-show
 * warning (orange), rejected danger (red), done success (green), pending gray; an unset status
 * reads "no status", outlined, never as a no-show.
 */
export const appointmentStatus: StatusVocabulary<AppointmentStatus> = {
  labels: defineMessages({
    APPOINTMENT_STATUS_UNSPECIFIED: { id: 'appointments.status.unspecified', defaultMessage: 'No status' },
    APPOINTMENT_STATUS_PENDING: { id: 'appointments.status.pending', defaultMessage: 'Pending' },
    APPOINTMENT_STATUS_CONFIRMED: { id: 'appointments.status.confirmed', defaultMessage: 'Confirmed' },
    APPOINTMENT_STATUS_DONE: { id: 'appointments.status.done', defaultMessage: 'Done' },
    APPOINTMENT_STATUS_REJECTED: { id: 'appointments.status.rejected', defaultMessage: 'Rejected' },
    APPOINTMENT_STATUS_CANCELLED: { id: 'appointments.status.cancelled', defaultMessage: 'Cancelled' },
    APPOINTMENT_STATUS_NO_SHOW: { id: 'appointments.status.noShow', defaultMessage: 'No-show' },
  }),
  colors: {
    APPOINTMENT_STATUS_UNSPECIFIED: 'dark',
    APPOINTMENT_STATUS_PENDING: 'gray',
    APPOINTMENT_STATUS_CONFIRMED: 'blue',
    APPOINTMENT_STATUS_DONE: 'green',
    APPOINTMENT_STATUS_REJECTED: 'red',
    APPOINTMENT_STATUS_CANCELLED: 'gray',
    APPOINTMENT_STATUS_NO_SHOW: 'orange',
  },
  unset: ['APPOINTMENT_STATUS_UNSPECIFIED'],
};

/** The button that moves an appointment to a status ("Mark as done"). */
export const appointmentStatusActions: Record<AppointmentStatus, MessageDescriptor> = defineMessages({
  APPOINTMENT_STATUS_UNSPECIFIED: { id: 'appointments.statusAction.unspecified', defaultMessage: 'Clear status' },
  APPOINTMENT_STATUS_PENDING: { id: 'appointments.statusAction.pending', defaultMessage: 'Back to pending' },
  APPOINTMENT_STATUS_CONFIRMED: { id: 'appointments.statusAction.confirmed', defaultMessage: 'Confirm' },
  APPOINTMENT_STATUS_DONE: { id: 'appointments.statusAction.done', defaultMessage: 'Mark as done' },
  APPOINTMENT_STATUS_REJECTED: { id: 'appointments.statusAction.rejected', defaultMessage: 'Reject' },
  APPOINTMENT_STATUS_CANCELLED: { id: 'appointments.statusAction.cancelled', defaultMessage: 'Cancel appointment' },
  APPOINTMENT_STATUS_NO_SHOW: { id: 'appointments.statusAction.noShow', defaultMessage: 'Mark as no-show' },
});

/** The statuses that free the slot (contract): the calendar shows them faded and not draggable. */
export const CLOSED_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = [
  'APPOINTMENT_STATUS_CANCELLED',
  'APPOINTMENT_STATUS_REJECTED',
  'APPOINTMENT_STATUS_NO_SHOW',
];
