import type { FastifyRequest } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { OpeningHoursWeek, TimeOff, TimeOffInput, WorkingHours } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { forbidden, notFound, unprocessable } from '../problem.ts';
import { loadMembers, loadTenantClock, type TenantClock } from '../scheduling/schedules-db.ts';
import { isWritableInstant, offsetDateTime, partsOf, plainFromSql, resolveLocal, sqlLocal, tryPlainFromParts, WEEKDAYS, type Weekly } from '../scheduling/time.ts';
import { listPage } from '../kit/pages.ts';
import { authorize, type Action } from '../tenancy/roles.ts';
import { sessionOf, type HandlerDeps, type TeamRole } from '../kit/context.ts';
import { iso } from '../kit/rows.ts';
import { idempotencyKeyOf, idempotent, staleVersion, updateVersioned } from '../kit/write-rules.ts';

type Handlers = Pick<RouteHandlers, 'getWorkingHours' | 'updateWorkingHours' | 'listTimeOff' | 'createTimeOff' | 'updateTimeOff' | 'deleteTimeOff'>;

type Row = Record<string, unknown>;


/** Open around the clock: what a business without opening hours means. */
const ALWAYS_OPEN: Weekly = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '00:00', end: '23:59' }]])) as Weekly;

/** Ranges of each weekday: real times, end after start, in order, not overlapping, 5-minute steps. */
function checkWeekly(weekly: OpeningHoursWeek, pointer: string) {
  for (const day of WEEKDAYS) {
    const ranges = weekly[day];
    ranges.forEach((range, i) => {
      const field = `${pointer}/${day}/${i}`;
      for (const key of ['start', 'end'] as const) {
        const minutes = Number(range[key].slice(3));
        if (minutes % 5 !== 0 && !(key === 'end' && range.end === '23:59')) throw unprocessable(`${field}/${key}`, 'not_on_step', 'Times go in 5-minute steps.');
      }
      if (range.end <= range.start) throw unprocessable(`${field}/end`, 'end_before_start', 'Each range must end after it starts.');
      if (i > 0 && range.start < ranges[i - 1]!.end) throw unprocessable(`${field}/start`, 'overlapping_ranges', 'Ranges must be in order and must not overlap.');
    });
  }
}

function toTimeOff(row: Row, zone: string): TimeOff {
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    userId: row.user_id as string,
    kind: row.kind as TimeOff['kind'],
    startDate: partsOf(plainFromSql(row.start_local as string)),
    endDate: partsOf(plainFromSql(row.end_local as string)),
    startAt: offsetDateTime(row.start_at as Date, zone),
    endAt: offsetDateTime(row.end_at as Date, zone),
    ...(row.description ? { description: row.description as string } : {}),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const TIME_OFF_COLUMNS = `id, tenant_id, user_id, kind, start_at, end_at, start_local::text AS start_local, end_local::text AS end_local, description, version, created_at, updated_at`;

const MAX_TIME_OFF_DAYS = 366;

/** A time off's times: real dates, end after start, 5-minute steps, at most 366 days; as instants too. */
function checkTimeOff(input: TimeOffInput, zone: string) {
  const p = '/timeOff';
  const start = tryPlainFromParts(input.startDate);
  if (!start) throw unprocessable(`${p}/startDate`, 'invalid_date', 'This date does not exist.');
  const end = tryPlainFromParts(input.endDate);
  if (!end) throw unprocessable(`${p}/endDate`, 'invalid_date', 'This date does not exist.');
  if (start.minute % 5 !== 0) throw unprocessable(`${p}/startDate/minutes`, 'not_on_step', 'Times go in 5-minute steps.');
  if (end.minute % 5 !== 0) throw unprocessable(`${p}/endDate/minutes`, 'not_on_step', 'Times go in 5-minute steps.');
  if (Temporal.PlainDateTime.compare(end, start) <= 0) throw unprocessable(`${p}/endDate`, 'end_before_start', 'The end must be after the start.');
  if (Temporal.PlainDateTime.compare(end, start.add({ days: MAX_TIME_OFF_DAYS })) > 0) {
    throw unprocessable(`${p}/endDate`, 'too_long', `Time off lasts at most ${MAX_TIME_OFF_DAYS} days.`);
  }
  const a = resolveLocal(start, zone);
  const b = resolveLocal(end, zone);
  if (Temporal.Instant.compare(b.instant, a.instant) <= 0) throw unprocessable(`${p}/endDate`, 'end_before_start', 'The end must be after the start.');
  if (!isWritableInstant(a.instant) || !isWritableInstant(b.instant) || b.local.year > 9999) throw unprocessable(`${p}/endDate`, 'out_of_range', 'This date is too far in the future.');
  return { startAt: a.instant.toString(), endAt: b.instant.toString(), startLocal: sqlLocal(a.local), endLocal: sqlLocal(b.local) };
}

export function scheduleHandlers({ db }: HandlerDeps): Handlers {
  /**
   * Role check, then a tenant transaction: the path's user must be in the team (404); writes are for
   * owners and administrators on anyone, and for a member on themselves (403).
   */
  async function withSchedule<T>(
    request: FastifyRequest,
    tenantId: string,
    userId: string,
    action: Action,
    fn: (tx: Queryable, tenant: TenantClock, role: TeamRole) => Promise<T>,
  ): Promise<T> {
    const role = await authorize(db, request, tenantId, 'schedules', action);
    const callerId = sessionOf(request).userId;
    return db.withTenant(tenantId, async (tx) => {
      const tenant = await loadTenantClock(tx, tenantId);
      const member = await tx.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [tenantId, userId]);
      if (member.rows.length === 0) throw notFound('This person is not in the team.');
      if (action !== 'read' && role === 'TEAM_ROLE_MEMBER' && userId !== callerId) {
        throw forbidden("Your role lets you change only your own working hours and time off.");
      }
      return fn(tx, tenant, role);
    });
  }

  async function readWorkingHours(tx: Queryable, tenant: TenantClock, userId: string): Promise<WorkingHours> {
    const member = (await loadMembers(tx, tenant.id, [userId])).get(userId);
    const own = member?.weekly ?? null;
    return {
      userId,
      timeZone: tenant.timeZone,
      inherited: own === null,
      weekly: (own ?? tenant.weekly ?? ALWAYS_OPEN) as OpeningHoursWeek,
      version: member?.version ?? 1,
    };
  }

  return {
    async getWorkingHours(request, reply) {
      const { tenantId, userId } = request.params;
      const workingHours = await withSchedule(request, tenantId, userId, 'read', (tx, tenant) => readWorkingHours(tx, tenant, userId));
      return reply.code(200).send({ workingHours });
    },

    async updateWorkingHours(request, reply) {
      const { tenantId, userId } = request.params;
      const input = request.body.workingHours;
      if (input.inherit && input.weekly) throw unprocessable('/workingHours/weekly', 'not_with_inherit', 'Leave the hours out to follow the business hours.');
      if (!input.inherit && !input.weekly) throw unprocessable('/workingHours/weekly', 'required', 'Give the weekly hours.');
      if (input.weekly) checkWeekly(input.weekly, '/workingHours/weekly');
      const workingHours = await withSchedule(request, tenantId, userId, 'write', async (tx, tenant) => {
        const weekly = input.inherit ? null : JSON.stringify(input.weekly);
        const existing = await tx.query<{ version: number }>('SELECT version FROM working_hours WHERE tenant_id = $1 AND user_id = $2 FOR UPDATE', [tenantId, userId]);
        if (!existing.rows[0]) {
          // Never set: the version read was 1 (the business's hours).
          if (input.version !== 1) throw staleVersion();
          await tx.query('INSERT INTO working_hours (tenant_id, user_id, weekly, version) VALUES ($1, $2, $3, 2)', [tenantId, userId, weekly]);
        } else {
          if (existing.rows[0].version !== input.version) throw staleVersion();
          await tx.query('UPDATE working_hours SET weekly = $3, version = version + 1 WHERE tenant_id = $1 AND user_id = $2', [tenantId, userId, weekly]);
        }
        return readWorkingHours(tx, tenant, userId);
      });
      return reply.code(200).send({ workingHours });
    },

    async listTimeOff(request, reply) {
      const { tenantId, userId } = request.params;
      const { limit = 50, offset = 0, from, to } = request.query ?? {};
      const result = await withSchedule(request, tenantId, userId, 'read', async (tx, tenant) => {
        const params = [tenantId, userId, from ?? null, to ?? null];
        // Default: from now on (what has not ended yet).
        const filter = `tenant_id = $1 AND user_id = $2
          AND (CASE WHEN $3::date IS NULL THEN end_at > now() ELSE end_local > $3::date::timestamp END)
          AND ($4::date IS NULL OR start_local < ($4::date + 1)::timestamp)`;
        return listPage(tx, { select: TIME_OFF_COLUMNS, from: 'time_off', where: filter, orderBy: 'start_at, id', params, limit, offset }, (row) =>
          toTimeOff(row, tenant.timeZone),
        );
      });
      return reply.code(200).send(result);
    },

    async createTimeOff(request, reply) {
      const { tenantId, userId } = request.params;
      const input = request.body.timeOff;
      const stored = await withSchedule(request, tenantId, userId, 'write', (tx, tenant) =>
        idempotent(tx, tenantId, idempotencyKeyOf(request), 'createTimeOff', { userId, ...request.body }, async () => {
          const times = checkTimeOff(input, tenant.timeZone);
          const { rows } = await tx.query(
            `INSERT INTO time_off (tenant_id, user_id, kind, start_at, end_at, start_local, end_local, description)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${TIME_OFF_COLUMNS}`,
            [tenantId, userId, input.kind, times.startAt, times.endAt, times.startLocal, times.endLocal, input.description?.trim() || null],
          );
          return { status: 201, body: { timeOff: toTimeOff(rows[0]!, tenant.timeZone) } };
        }),
      );
      return reply.code(201).send(stored.body);
    },

    async updateTimeOff(request, reply) {
      const { tenantId, userId, id } = request.params;
      const input = request.body.timeOff;
      const timeOff = await withSchedule(request, tenantId, userId, 'write', async (tx, tenant) => {
        const found = await tx.query('SELECT 1 FROM time_off WHERE tenant_id = $1 AND id = $2 AND user_id = $3', [tenantId, id, userId]);
        if (found.rows.length === 0) throw notFound('No time off has this id.');
        const times = checkTimeOff(input, tenant.timeZone);
        const row = await updateVersioned<Row>(tx, 'time_off', { tenantId, id }, () =>
          tx.query(
            `UPDATE time_off SET kind = $4, start_at = $5, end_at = $6, start_local = $7, end_local = $8, description = $9, version = version + 1
              WHERE tenant_id = $1 AND id = $2 AND version = $3 RETURNING ${TIME_OFF_COLUMNS}`,
            [tenantId, id, input.version, input.kind, times.startAt, times.endAt, times.startLocal, times.endLocal, input.description?.trim() || null],
          ),
        );
        return toTimeOff(row, tenant.timeZone);
      });
      return reply.code(200).send({ timeOff });
    },

    async deleteTimeOff(request, reply) {
      const { tenantId, userId, id } = request.params;
      await withSchedule(request, tenantId, userId, 'delete', async (tx) => {
        const { rows } = await tx.query('DELETE FROM time_off WHERE tenant_id = $1 AND id = $2 AND user_id = $3 RETURNING id', [tenantId, id, userId]);
        if (rows.length === 0) throw notFound('No time off has this id.');
      });
      return reply.code(204).send();
    },
  };
}
