import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { asProblem, problemKind } from '~/lib/api-problem';
import { problemCode } from './use-appointment-problems';
import { appointmentMessages } from '../messages';

/** The translated text of a refused booking or edit, shown above the form's buttons. */
export function useBookingErrorText(conflictText: (error: unknown) => string) {
  const intl = useIntl();
  return useCallback(
    (error: unknown): string => {
      const code = problemCode(error);
      if (code === 'double_booking') return conflictText(error);
      if (code === 'stale_version') return intl.formatMessage(appointmentMessages.stale);
      const problem = asProblem(error);
      if (problem?.code === 'invalid_transition') return intl.formatMessage(appointmentMessages.invalidTransition);
      if (problem?.code === 'appointment_charged') return intl.formatMessage(appointmentMessages.charged);
      switch (problemKind(error)) {
        case 'validation':
          return problem?.detail ?? intl.formatMessage({ id: 'appointments.error.validation', defaultMessage: 'Some values were not accepted. Check them and try again.' });
        case 'forbidden':
          return intl.formatMessage({ id: 'appointments.error.forbidden', defaultMessage: 'You may not book in this team member’s calendar.' });
        case 'network':
          return intl.formatMessage({ id: 'appointments.error.network', defaultMessage: 'We could not reach Cita. Check your connection and try again; what you entered is still here.' });
        default:
          return intl.formatMessage({ id: 'appointments.error.server', defaultMessage: 'Something went wrong on our side. Try again in a moment.' });
      }
    },
    [conflictText, intl],
  );
}
