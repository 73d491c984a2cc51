import { Temporal } from 'temporal-polyfill';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../problem.ts';
import { partsFromSql, sqlLocal, wallOfParts, type MemberSchedule, type TimeOffSpan, type Weekly } from './time.ts';

/** What the appointment and schedule handlers need of the business. */
export interface TenantClock {
  id: string;
  timeZone: string;
  currency: string;
  /** The business's opening hours (undefined: none set, open around the clock). */
  weekly?: Weekly;
  closedDates: Array<{ date: string; reason?: string }>;
  membersSeeTeamCalendars: boolean;
  /** The reminders a new appointment gets when it does not say (tenants.default_reminders). */
  defaultReminders: Array<{ channel: 'REMINDER_CHANNEL_EMAIL' | 'REMINDER_CHANNEL_SMS' | 'REMINDER_CHANNEL_WHATSAPP'; minutesBefore: number }>;
}

type Json<T> = T | string | null;
export const parseJson = <T>(value: Json<T>): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export async function loadTenantClock(tx: Queryable, tenantId: string): Promise<TenantClock> {
  const { rows } = await tx.query<{ time_zone: string; currency_code: string; opening_hours: Json<{ weekly?: Weekly; closedDates?: Array<{ date: string; reason?: string }> }>; members_see_team_calendars: boolean; default_reminders: Json<TenantClock['defaultReminders']> }>(
    'SELECT time_zone, currency_code, opening_hours, members_see_team_calendars, default_reminders FROM tenants WHERE id = $1',
    [tenantId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  const hours = parseJson(row.opening_hours);
  return {
    id: tenantId,
    timeZone: row.time_zone,
    currency: row.currency_code,
    ...(hours?.weekly ? { weekly: hours.weekly } : {}),
    closedDates: hours?.closedDates ?? [],
    membersSeeTeamCalendars: row.members_see_team_calendars,
    defaultReminders: parseJson(row.default_reminders) ?? [],
  };
}

export interface MemberHours {
  userId: string;
  /** The member's own weekly hours; null/undefined: the business's opening hours. */
  weekly: Weekly | null;
  version: number;
}

/** The team members among `userIds` (others are not in the map) with their own working hours, if set. */
export async function loadMembers(tx: Queryable, tenantId: string, userIds: readonly string[]): Promise<Map<string, MemberHours>> {
  const { rows } = await tx.query<{ user_id: string; weekly: Json<Weekly>; version: number | null }>(
    `SELECT m.user_id, w.weekly, w.version FROM memberships m
       LEFT JOIN working_hours w ON w.tenant_id = m.tenant_id AND w.user_id = m.user_id
      WHERE m.tenant_id = $1 AND m.user_id = ANY($2::uuid[])`,
    [tenantId, userIds],
  );
  return new Map(rows.map((row) => [row.user_id, { userId: row.user_id, weekly: parseJson(row.weekly), version: row.version ?? 1 }]));
}

/** Time off of the members overlapping the wall-clock range [from, to). */
export async function loadTimeOff(
  tx: Queryable,
  tenantId: string,
  userIds: readonly string[],
  from: Temporal.PlainDateTime,
  to: Temporal.PlainDateTime,
): Promise<Map<string, TimeOffSpan[]>> {
  const { rows } = await tx.query<{ id: string; user_id: string; kind: TimeOffSpan['kind']; start_local: string; end_local: string; description: string | null }>(
    `SELECT id, user_id, kind, start_local::text AS start_local, end_local::text AS end_local, description FROM time_off
      WHERE tenant_id = $1 AND user_id = ANY($2::uuid[]) AND start_local < $4::timestamp AND end_local > $3::timestamp
      ORDER BY start_local`,
    [tenantId, userIds, sqlLocal(from), sqlLocal(to)],
  );
  const byUser = new Map<string, TimeOffSpan[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ id: row.id, kind: row.kind, start: wallOfParts(partsFromSql(row.start_local)), end: wallOfParts(partsFromSql(row.end_local)), description: row.description });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** A member's schedule: their hours (or the business's), the business's closed dates, their time off. */
export function scheduleOf(tenant: TenantClock, member: MemberHours | undefined, timeOff: readonly TimeOffSpan[] | undefined): MemberSchedule {
  const weekly = member?.weekly ?? tenant.weekly;
  return { ...(weekly ? { weekly } : {}), closedDates: tenant.closedDates, timeOff: timeOff ?? [] };
}
