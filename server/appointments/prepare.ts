import type { AppointmentInput, AppointmentUpdate } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import type { TeamRole } from '../kit/context.ts';
import { unprocessable } from '../problem.ts';
import type { TenantClock } from '../scheduling/schedules-db.ts';
import { distinctionExists, findCustomer, findServices, isMember, serviceObjectOwner } from './repository.ts';
import {
  assertCalendarAccess,
  checkNewStatus,
  checkTimes,
  customerSnapshotOf,
  defaultRemindersFor,
  requestedReminders,
  serviceLinesOf,
  type Prepared,
  type ServiceLine,
} from './rules.ts';

/**
 * The rules of AppointmentInput beyond its schema, each a 422 naming its field, and the snapshots of
 * the customer and the services: the pure checks of rules.ts on what the repository reads.
 * `current`: the appointment being updated (its service lines keep their booked name and price; an
 * archived service already booked stays allowed).
 */
export async function prepare(
  tx: Queryable,
  tenant: TenantClock,
  input: AppointmentInput | AppointmentUpdate,
  pathUserId: string,
  access: { role: TeamRole; callerId: string },
  current?: { lines: ServiceLine[] },
): Promise<Prepared> {
  const p = '/appointment';
  const { start, end } = checkTimes(input.startDate, input.endDate, p);
  if (!current) checkNewStatus(input.status, p);
  const userId = input.userId ?? pathUserId;
  if (input.userId !== undefined && input.userId !== pathUserId) {
    if (!(await isMember(tx, tenant.id, input.userId))) throw unprocessable(`${p}/userId`, 'unknown_team_member', 'This person is not in the team.');
    assertCalendarAccess(access.role, access.callerId, input.userId, 'write', tenant);
  }

  const customer = await findCustomer(tx, tenant.id, input.customerId);
  if (!customer) throw unprocessable(`${p}/customerId`, 'unknown_customer', 'This customer does not exist (any more).');

  const catalogue = await findServices(tx, tenant.id, input.services.map((service) => service.id));
  const { services, total } = serviceLinesOf(input, catalogue, tenant.currency, p, current?.lines);

  if (input.distinctionId && !(await distinctionExists(tx, tenant.id, input.distinctionId))) {
    throw unprocessable(`${p}/distinctionId`, 'unknown_distinction', 'This distinction does not exist (any more).');
  }
  if (input.serviceObjectId) {
    const owner = await serviceObjectOwner(tx, tenant.id, input.serviceObjectId);
    if (owner === undefined) throw unprocessable(`${p}/serviceObjectId`, 'unknown_service_object', 'This object does not exist (any more).');
    if (owner !== customer.id) throw unprocessable(`${p}/serviceObjectId`, 'not_the_customers', 'This object belongs to another customer.');
  }

  let reminders = requestedReminders(input);
  if (!reminders && !current) reminders = defaultRemindersFor(tenant.defaultReminders, customer);

  return {
    userId,
    customerId: customer.id,
    customerSnapshot: customerSnapshotOf(customer),
    services,
    total,
    start,
    end,
    status: input.status,
    notes: input.notes?.trim() || null,
    color: input.color ?? null,
    distinctionId: input.distinctionId ?? null,
    serviceObjectId: input.serviceObjectId ?? null,
    reminders,
    allowOutsideHours: input.allowOutsideHours ?? false,
  };
}
