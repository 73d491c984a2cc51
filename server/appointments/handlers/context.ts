import type { FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { sessionOf, type TeamRole } from '../../kit/context.ts';
import { loadTenantClock, type TenantClock } from '../../scheduling/schedules-db.ts';
import { authorize } from '../../tenancy/roles.ts';
import type { View } from '../mappers.ts';

export interface CalendarContext {
  tenant: TenantClock;
  role: TeamRole;
  callerId: string;
  view: View;
}

/** The database, and the reminder channels this server sends (for the reminders' status: View). */
export interface CalendarSource {
  db: Database;
  reminderChannels: readonly string[];
}

/** Role check (the role matrix), then a tenant transaction with the business's clock and the caller. */
export async function withCalendar<T>(
  { db, reminderChannels }: CalendarSource,
  request: FastifyRequest,
  tenantId: string,
  action: 'read' | 'write' | 'delete',
  fn: (tx: Queryable, ctx: CalendarContext) => Promise<T>,
): Promise<T> {
  const role = await authorize(db, request, tenantId, 'appointments', action);
  const callerId = sessionOf(request).userId;
  return db.withTenant(tenantId, async (tx) => {
    const tenant = await loadTenantClock(tx, tenantId);
    return fn(tx, { tenant, role, callerId, view: { zone: tenant.timeZone, role, now: Date.now(), reminderChannels } });
  });
}
