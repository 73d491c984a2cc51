import type { Queryable } from '../db/database.ts';

/**
 * Called after every write to appointments (create, update, status change, delete, series), inside
 * the same transaction, with the ids written. A no-op for now: the reminders and outbox work
 * (issue 9, another engineer) fills it in (schedule, re-schedule or drop reminders; revoke links).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the signature issue 9 fills in
export async function appointmentsChanged(_tx: Queryable, _tenantId: string, _appointmentIds: readonly string[]): Promise<void> {}
