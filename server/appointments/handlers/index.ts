import type { HandlerDeps } from '../../kit/context.ts';
import { appointmentHandlers } from './appointments.ts';
import { calendarHandlers } from './calendar.ts';

export { appointmentCancellationHandlers } from './cancellations.ts';

/** The appointments domain's operations for members (the public cancellation page's are apart). */
export function appointmentDomainHandlers(deps: HandlerDeps) {
  return { ...appointmentHandlers(deps), ...calendarHandlers(deps) };
}
