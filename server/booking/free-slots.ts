import { Temporal } from 'temporal-polyfill';
import type { Queryable } from '../db/database.ts';
import { FREEING } from '../appointments/rules.ts';
import { HttpProblem, unprocessable } from '../problem.ts';
import { loadMembers, loadTimeOff, parseJson, scheduleOf } from '../scheduling/schedules-db.ts';
import { computeAvailability, instantOfWall, requestWindow, wallOfInstant, type Candidate, type FreeDay, type Span } from './availability.ts';
import type { BookableService, BookingBusiness } from './business.ts';

/** Appointments read for one availability answer, at most (a bound on what an anonymous call costs). */
const MAX_APPOINTMENTS = 20_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export const slotUnavailable = (detail = 'This time is not one the business offers for online booking.') =>
  new HttpProblem(422, detail, 'slot_unavailable', [{ field: '/startAt', code: 'slot_unavailable', message: detail }]);

/**
 * The wall-clock minute of `startAt` (epoch ms) when it is a time the booking page could offer: on the
 * slot interval of its day, its first occurrence, within the minimum notice and the horizon; else 422
 * `slot_unavailable` on /startAt (whether it is free is asked of freeSlots afterwards).
 */
export function offeredWall(business: BookingBusiness, startAt: number, now: number): number {
  if (!Number.isFinite(startAt)) throw unprocessable('/startAt', 'invalid_date', 'This is not a date and time.');
  const rules = business.settings;
  const zone = business.timeZone;
  const wall = wallOfInstant(startAt, zone);
  if (startAt % MINUTE_MS !== 0 || (wall % 1440) % rules.slotIntervalMinutes !== 0 || instantOfWall(wall, zone) !== startAt) {
    throw slotUnavailable('Online bookings start at the times the booking page offers.');
  }
  if (startAt < now + rules.minimumNoticeMinutes * MINUTE_MS) throw slotUnavailable('This time is too soon to book online.');
  if (startAt > now + rules.horizonDays * DAY_MS) throw slotUnavailable('This time is too far ahead to book online.');
  return wall;
}

/**
 * The team members who may take the booking: those who perform every chosen service; only `userId`
 * when given and the business lets customers choose (else it is ignored). 422 on `field` when the
 * chosen member is not among them.
 */
export function candidateIds(business: BookingBusiness, services: readonly BookableService[], userId: string | undefined, field: string): string[] {
  const ids = business.team.map((m) => m.id).filter((id) => services.every((s) => s.userIds.length === 0 || s.userIds.includes(id)));
  if (userId === undefined || !business.settings.memberChoice) return ids;
  if (!ids.includes(userId)) throw unprocessable(field, 'member_not_available', 'This team member does not perform the chosen services.');
  return [userId];
}

export interface FreeSlotsQuery {
  business: BookingBusiness;
  services: readonly BookableService[];
  userIds: readonly string[];
  from: Temporal.PlainDate;
  days: number;
  now: number;
  /** Leave the appointments out: the times the business offers at all (working hours, notice, horizon). */
  ignoreAppointments?: boolean;
  /** An appointment whose own time does not count as taken (the one being moved). */
  exceptAppointmentId?: string;
}

/** The free times of the chosen services over the days asked for, read inside a tenant transaction. */
export async function freeSlots(tx: Queryable, query: FreeSlotsQuery): Promise<FreeDay[]> {
  const { business, services, userIds, now } = query;
  const rules = business.settings;
  const request = { timeZone: business.timeZone, now, horizonDays: rules.horizonDays, from: query.from, days: query.days };
  const window = requestWindow(request);
  const candidates: Candidate[] = [];
  if (!window.empty && userIds.length > 0) {
    const tenantId = business.id;
    const fromWall = window.first.toPlainDateTime().subtract({ days: 1 });
    const toWall = window.last.toPlainDateTime().add({ days: 2 });
    const [members, timeOff] = [await loadMembers(tx, tenantId, userIds), await loadTimeOff(tx, tenantId, userIds, fromWall, toWall)];
    const busy = new Map<string, Span[]>();
    if (!query.ignoreAppointments) {
      // Instants a day either side of the wall-clock window (offsets stay within ±14 h).
      const from = new Date(Date.UTC(fromWall.year, fromWall.month - 1, fromWall.day) - DAY_MS).toISOString();
      const to = new Date(Date.UTC(toWall.year, toWall.month - 1, toWall.day) + DAY_MS).toISOString();
      // Each appointment that holds its slot, extended by the buffers of its services; one JSON
      // value instead of a row each (PGlite moves rows slowly; see CALENDAR_APPOINTMENTS).
      // The buffers come from the services booked (two index lookups an appointment): skipped when
      // no service of the business has one, the common case.
      const buffers = (await tx.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM services WHERE tenant_id = $1 AND buffer_minutes > 0) AS any', [tenantId])).rows[0]?.any;
      const buffer = buffers
        ? `(SELECT coalesce(sum(sv.buffer_minutes), 0) FROM appointment_services x JOIN services sv ON sv.tenant_id = x.tenant_id AND sv.id = x.service_id
             WHERE x.tenant_id = a.tenant_id AND x.appointment_id = a.id AND sv.buffer_minutes > 0)`
        : '0';
      const { rows } = await tx.query<{ data: Array<[string, number, number]> | string }>(
        `SELECT coalesce(json_agg(json_build_array(t.user_id, t.s, t.e)), '[]') AS data FROM (
           SELECT a.user_id, (extract(epoch FROM a.start_at) * 1000)::bigint AS s,
                  (extract(epoch FROM a.end_at) * 1000)::bigint + ${buffer} * 60000 AS e
             FROM appointments a
            WHERE a.tenant_id = $1 AND a.user_id = ANY($2::uuid[]) AND NOT (a.status = ANY($5::text[])) AND a.id IS DISTINCT FROM $6::uuid
              AND a.start_at < $4::timestamptz AND a.end_at > $3::timestamptz AND a.start_at > $3::timestamptz - interval '24 hours'
            LIMIT ${MAX_APPOINTMENTS}) t`,
        [tenantId, userIds, from, to, FREEING, query.exceptAppointmentId ?? null],
      );
      const data = parseJson(rows[0]?.data ?? []) ?? [];
      for (const [userId, start, end] of data) {
        const list = busy.get(userId) ?? [];
        list.push({ start: Number(start), end: Number(end) });
        busy.set(userId, list);
      }
    }
    for (const id of userIds) {
      candidates.push({ userId: id, schedule: scheduleOf(business, members.get(id), timeOff.get(id)), busy: busy.get(id) ?? [] });
    }
  }
  const duration = services.reduce((sum, s) => sum + s.durationMinutes, 0);
  const buffer = services.reduce((sum, s) => sum + s.bufferMinutes, 0);
  return computeAvailability({
    ...request,
    minimumNoticeMinutes: rules.minimumNoticeMinutes,
    slotIntervalMinutes: rules.slotIntervalMinutes,
    durationMinutes: duration,
    bufferMinutes: buffer,
    candidates,
  });
}
