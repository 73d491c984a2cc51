import { useState, type ReactNode } from 'react';
import { problemCode, type useAppointmentProblems } from './use-appointment-problems';

/**
 * The save of a booking form (a new appointment, or the edit of one): sends it; when the server
 * answers that the time is outside working hours, asks "book anyway?" and sends it again allowing
 * it. A refusal becomes the form's error text (`errorText`); going back from the question is not one.
 */
export function useBookingSubmit(problems: Pick<ReturnType<typeof useAppointmentProblems>, 'confirmOutsideHours'>, errorText: (error: unknown) => ReactNode) {
  const [error, setError] = useState<ReactNode>(null);
  const submit = async <Answer>({
    send,
    beforeRetry,
    onSaved,
    onFailure,
  }: {
    send: (allowOutsideHours: boolean) => Promise<Answer>;
    /** Before sending again, outside working hours allowed (a new Idempotency-Key). */
    beforeRetry?: () => void;
    onSaved: (answer: Answer) => Promise<void> | void;
    /** A refusal other than "outside working hours", before its text is shown. */
    onFailure?: (failure: unknown) => void;
  }) => {
    setError(null);
    try {
      let answer: Answer;
      try {
        answer = await send(false);
      } catch (failure) {
        if (problemCode(failure) !== 'outside_working_hours' || !(await problems.confirmOutsideHours())) throw failure;
        beforeRetry?.();
        answer = await send(true);
      }
      await onSaved(answer);
    } catch (failure) {
      if (problemCode(failure) === 'outside_working_hours') return;
      onFailure?.(failure);
      setError(errorText(failure));
    }
  };
  return { error, submit };
}
