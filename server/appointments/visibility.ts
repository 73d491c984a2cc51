import type { Appointment } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import type { TeamRole } from '../kit/context.ts';
import { loadTenantClock } from '../scheduling/schedules-db.ts';
import { toAppointment } from './mappers.ts';
import { listCustomerPage } from './repository.ts';
import { onlyUserOf } from './rules.ts';

/** Who is looking: the caller and their role in the business. */
export interface Viewer {
  userId: string;
  role: TeamRole;
  /** The reminder channels this server sends (mappers.View). */
  reminderChannels: readonly string[];
}

/**
 * Every appointment of a customer that `viewer` may see, with the calendar's visibility (a member of
 * a business that does not share calendars sees only their own appointments, as in the customer's
 * appointment list and the calendar), mapped through the API's Appointment shape (never the table's
 * columns: no link version, no internal ids beyond the contract's). Newest first. For the
 * customer-data export; runs inside the caller's tenant transaction `tx`.
 */
export async function visibleAppointmentsOfCustomer(tx: Queryable, tenantId: string, customerId: string, viewer: Viewer): Promise<Appointment[]> {
  const tenant = await loadTenantClock(tx, tenantId);
  const view = { zone: tenant.timeZone, role: viewer.role, now: Date.now(), reminderChannels: viewer.reminderChannels };
  const { rows } = await listCustomerPage(tx, tenantId, customerId, {
    from: null,
    to: null,
    statuses: null,
    onlyUserId: onlyUserOf(viewer.role, viewer.userId, tenant),
    order: 'desc',
    limit: null,
    offset: 0,
  });
  return rows.map((row) => toAppointment(row, view));
}
