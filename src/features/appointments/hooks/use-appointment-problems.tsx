import { Text } from '@mantine/core';
import { openConfirmModal } from '~/lib/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { getAppointmentCalendarQueryKey } from '@generated/@tanstack/react-query.gen';
import type { AppointmentConflict, TeamMember } from '@generated/types.gen';
import { asProblem, problemKind } from '~/lib/api-problem';
import { formatDateTimeMedium } from '~/lib/temporal';
import { appointmentMessages } from '../messages';
import { memberName } from './use-team';

const EPOCH = { year: 1970, month: 1, day: 1, hours: 0, minutes: 0 };

/** What a refused appointment change means to the user, and the confirmation that may follow. */
export type ProblemOutcome = 'double_booking' | 'outside_working_hours' | 'stale_version' | 'other';

export function problemCode(error: unknown): ProblemOutcome {
  const problem = asProblem(error);
  if (problem?.status !== 409) return 'other';
  if (problem.code === 'double_booking' || problem.code === 'outside_working_hours' || problem.code === 'stale_version') return problem.code;
  return 'other';
}

export function conflictsOf(error: unknown): AppointmentConflict[] {
  const conflicts = (asProblem(error) as { conflicts?: unknown } | null)?.conflicts;
  return Array.isArray(conflicts) ? (conflicts as AppointmentConflict[]) : [];
}

/**
 * Tells the user why the server refused a booking or a move (SPEC §8 style, translated), asks before
 * booking outside working hours, and refreshes the calendar when the appointment was stale.
 */
export function useAppointmentProblems(tenantId: string, userId: string | undefined, members: TeamMember[]) {
  const intl = useIntl();
  const queryClient = useQueryClient();

  const refreshCalendar = useCallback(
    () => {
      // Every range and member set of this business's calendar (the key's body varies; its id and path do not).
      const [sample] = getAppointmentCalendarQueryKey({ path: { tenantId, userId: userId ?? '' }, body: { startDate: EPOCH, endDate: EPOCH } });
      return queryClient.invalidateQueries({
        predicate: (query) => {
          const key = query.queryKey[0] as { _id?: string; path?: { tenantId?: string } } | undefined;
          return key?._id === sample._id && key.path?.tenantId === tenantId;
        },
      });
    },
    [queryClient, tenantId, userId],
  );

  const conflictText = useCallback(
    (error: unknown): string => {
      const conflict = conflictsOf(error)[0];
      if (!conflict) return intl.formatMessage(appointmentMessages.doubleBookingTitle);
      const member = members.find((item) => item.userId === conflict.userId);
      return intl.formatMessage(appointmentMessages.doubleBooking, {
        member: memberName(member) || intl.formatMessage(appointmentMessages.doubleBookingUnknown),
        customer: conflict.customerName ?? intl.formatMessage(appointmentMessages.doubleBookingUnknown),
        when: formatDateTimeMedium(conflict.startDate, intl.locale),
      });
    },
    [intl, members],
  );

  /** Shows the refusal as a notification (for drag and drop). */
  const notify = useCallback(
    (error: unknown) => {
      const code = problemCode(error);
      if (code === 'double_booking') {
        notifications.show({ color: 'red', title: intl.formatMessage(appointmentMessages.doubleBookingTitle), message: conflictText(error), autoClose: 10_000 });
        return;
      }
      if (code === 'stale_version') {
        notifications.show({ color: 'orange', title: intl.formatMessage(appointmentMessages.staleTitle), message: intl.formatMessage(appointmentMessages.stale) });
        void refreshCalendar();
        return;
      }
      const problem = asProblem(error);
      const message =
        problem?.code === 'invalid_transition'
          ? intl.formatMessage(appointmentMessages.invalidTransition)
          : problem?.code === 'not_started'
            ? intl.formatMessage(appointmentMessages.notStarted)
            : problem?.detail && problemKind(error) === 'validation'
              ? problem.detail
              : intl.formatMessage({ id: 'appointments.error.generic', defaultMessage: 'The change could not be saved. Try again in a moment.' });
      notifications.show({ color: 'red', title: intl.formatMessage(appointmentMessages.moveFailedTitle), message });
    },
    [conflictText, intl, refreshCalendar],
  );

  /** "Outside working hours: book anyway?" → true when confirmed. */
  const confirmOutsideHours = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        openConfirmModal({
          title: intl.formatMessage(appointmentMessages.outsideHoursTitle),
          children: <Text size="sm">{intl.formatMessage(appointmentMessages.outsideHours)}</Text>,
          labels: { confirm: intl.formatMessage(appointmentMessages.outsideHoursConfirm), cancel: intl.formatMessage(appointmentMessages.outsideHoursCancel) },
          onConfirm: () => resolve(true),
          onCancel: () => resolve(false),
          onClose: () => resolve(false),
        });
      }),
    [intl],
  );

  return { notify, conflictText, confirmOutsideHours, refreshCalendar };
}
