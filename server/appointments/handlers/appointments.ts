import { Temporal } from 'temporal-polyfill';
import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { AppointmentOccurrence } from '../../../generated/types.gen.ts';
import type { Queryable } from '../../db/database.ts';
import type { HandlerDeps } from '../../kit/context.ts';
import { escapeLike } from '../../kit/sql.ts';
import { idempotencyKeyOf, idempotent, staleVersion } from '../../kit/write-rules.ts';
import { notFound } from '../../problem.ts';
import { plainFromSql } from '../../scheduling/time.ts';
import { appointmentsWithMoney } from '../../sales/repository.ts';
import { isBillable } from '../../sales/rules.ts';
import { appointmentsChanged } from '../events.ts';
import { occurrenceOf, toAppointment } from '../mappers.ts';
import { prepare } from '../prepare.ts';
import {
  currentLines,
  customerExists,
  deleteAppointments,
  guardDoubleBooking,
  holdersOf,
  insertOccurrence,
  insertSeries,
  isMember,
  listCalendarPage,
  listCustomerPage,
  lockAppointment,
  lockFollowing,
  moveOccurrence,
  outsideFlags,
  readAppointments,
  readCalendarAppointment,
  remindersOf,
  setRealTiming,
  setStatus,
  updateAppointmentRow,
  type Current,
} from '../repository.ts';
import {
  appointmentCharged,
  assertCalendarAccess,
  checkRealTiming,
  checkTransition,
  doubleBooking,
  expandOrFail,
  FREEING,
  onlyUserOf,
  outsideWorkingHours,
  overlaps,
  resolveSlot,
  transitionProblem,
} from '../rules.ts';
import { reminderChannels } from '../../notifications/phone.ts';
import { withCalendar, type CalendarContext } from './context.ts';

type Handlers = Pick<
  RouteHandlers,
  | 'listAppointments'
  | 'createAppointment'
  | 'getAppointment'
  | 'updateAppointment'
  | 'deleteAppointment'
  | 'updateAppointmentRealTiming'
  | 'listCustomerAppointments'
  | 'changeAppointmentStatus'
  | 'previewAppointmentSeries'
>;

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
const statusesOf = <T>(status: T | T[] | undefined) => (status === undefined ? null : Array.isArray(status) ? status : [status]);
const notInCalendar = () => notFound('No appointment has this id in this calendar.');
const notInTeam = () => notFound('This person is not in the team.');

/** A member's appointments: list, read, book (one or a series), change, move, delete, status, real timing. */
export function appointmentHandlers({ db, config }: HandlerDeps): Handlers {
  const source = { db, reminderChannels: reminderChannels(config.phone) };
  const calendar = <T>(...args: DropFirst<Parameters<typeof withCalendar<T>>>) => withCalendar<T>(source, ...args);

  /** The appointment of the path, locked, after the caller's write access to its calendar. */
  async function locked(tx: Queryable, ctx: CalendarContext, tenantId: string, userId: string, id: string): Promise<Current> {
    const current = await lockAppointment(tx, tenantId, userId, id);
    if (!current) throw notInCalendar();
    assertCalendarAccess(ctx.role, ctx.callerId, userId, 'write', ctx.tenant);
    return current;
  }

  return {
    async listAppointments(request, reply) {
      const { tenantId, userId } = request.params;
      const { limit = 50, offset = 0, q, from, to, status, customerId, serviceId, distinctionId, order = 'asc' } = request.query ?? {};
      const result = await calendar(request, tenantId, 'read', async (tx, { tenant, role, callerId, view }) => {
        if (!(await isMember(tx, tenantId, userId))) throw notInTeam();
        assertCalendarAccess(role, callerId, userId, 'read', tenant);
        const { rows, total } = await listCalendarPage(tx, tenantId, userId, {
          from: from ?? null,
          to: to ?? null,
          statuses: statusesOf(status),
          customerId: customerId ?? null,
          serviceId: serviceId ?? null,
          distinctionId: distinctionId ?? null,
          q: q?.trim() ? escapeLike(q.trim()) : null,
          order,
          limit,
          offset,
        });
        return { items: rows.map((row) => toAppointment(row, view)), total };
      });
      return reply.code(200).send(result);
    },

    async listCustomerAppointments(request, reply) {
      const { tenantId, id } = request.params;
      const { limit = 50, offset = 0, status, from, to, order = 'desc' } = request.query ?? {};
      const result = await calendar(request, tenantId, 'read', async (tx, { tenant, role, callerId, view }) => {
        if (!(await customerExists(tx, tenantId, id))) throw notFound('No customer has this id.');
        // A member who may not see teammates' calendars sees the customer's appointments with them only.
        const { rows, total } = await listCustomerPage(tx, tenantId, id, {
          from: from ?? null,
          to: to ?? null,
          statuses: statusesOf(status),
          onlyUserId: onlyUserOf(role, callerId, tenant),
          order,
          limit,
          offset,
        });
        return { items: rows.map((row) => toAppointment(row, view)), total };
      });
      return reply.code(200).send(result);
    },

    async getAppointment(request, reply) {
      const { tenantId, userId, id } = request.params;
      const appointment = await calendar(request, tenantId, 'read', async (tx, { tenant, role, callerId, view }) => {
        const row = await readCalendarAppointment(tx, tenantId, userId, id);
        if (!row) throw notInCalendar();
        assertCalendarAccess(role, callerId, userId, 'read', tenant);
        return toAppointment(row, view);
      });
      return reply.code(200).send({ appointment });
    },

    async createAppointment(request, reply) {
      const { tenantId, userId } = request.params;
      const { appointment: input, recurrence } = request.body;
      const stored = await calendar(request, tenantId, 'write', (tx, { tenant, role, callerId, view }) =>
        idempotent(tx, tenantId, idempotencyKeyOf(request), 'createAppointment', { userId, ...request.body }, async () => {
          if (!(await isMember(tx, tenantId, userId))) throw notInTeam();
          assertCalendarAccess(role, callerId, userId, 'write', tenant);
          const prepared = await prepare(tx, tenant, input, userId, { role, callerId });
          const occurrences = recurrence ? expandOrFail(prepared.start, prepared.end, recurrence) : [{ index: 1, start: prepared.start, end: prepared.end }];
          const slots = occurrences.map((o) => resolveSlot(o.start, o.end, tenant.timeZone));
          if (!prepared.allowOutsideHours) {
            const outside = await outsideFlags(tx, tenant, prepared.userId, slots);
            if (outside.some(Boolean)) throw outsideWorkingHours();
          }
          const holders = await holdersOf(tx, tenantId, prepared.userId, slots);
          const colliding = slots.map((slot) => holders.find((h) => overlaps(h, slot)));
          const skipped: AppointmentOccurrence[] = [];
          if (colliding.some(Boolean)) {
            if (!recurrence?.skipConflicts) throw doubleBooking(holders.filter((h) => slots.some((s) => overlaps(h, s))).map((h) => h.conflict));
            colliding.forEach((holder, i) => {
              if (holder) skipped.push(occurrenceOf(occurrences[i]!.index, slots[i]!, tenant.timeZone, false, holder));
            });
            if (skipped.length === slots.length) throw doubleBooking(holders.map((h) => h.conflict));
          }
          const ids = await guardDoubleBooking(tx, tenantId, prepared.userId, slots, [], async () => {
            const series = recurrence ? await insertSeries(tx, tenantId, recurrence) : undefined;
            const created: string[] = [];
            for (const [i, slot] of slots.entries()) {
              if (colliding[i]) continue;
              created.push(await insertOccurrence(tx, tenantId, prepared, slot, series ? { id: series, index: occurrences[i]!.index } : undefined));
            }
            return created;
          });
          await appointmentsChanged(tx, tenantId, ids);
          const rows = await readAppointments(tx, tenantId, ids);
          const [first, ...others] = rows.map((row) => toAppointment(row, view));
          return {
            status: 201,
            body: {
              appointment: first!,
              ...(recurrence ? { seriesAppointments: others, skippedOccurrences: skipped } : {}),
            },
          };
        }),
      );
      return reply.code(201).send(stored.body);
    },

    async previewAppointmentSeries(request, reply) {
      const { tenantId, userId } = request.params;
      const { appointment: input, recurrence } = request.body;
      const occurrences = await calendar(request, tenantId, 'read', async (tx, { tenant, role, callerId }) => {
        if (!(await isMember(tx, tenantId, userId))) throw notInTeam();
        assertCalendarAccess(role, callerId, userId, 'write', tenant);
        const prepared = await prepare(tx, tenant, input, userId, { role, callerId });
        const list = expandOrFail(prepared.start, prepared.end, recurrence);
        const slots = list.map((o) => resolveSlot(o.start, o.end, tenant.timeZone));
        const outside = await outsideFlags(tx, tenant, prepared.userId, slots);
        const holders = await holdersOf(tx, tenantId, prepared.userId, slots);
        return list.map((o, i) => occurrenceOf(o.index, slots[i]!, tenant.timeZone, outside[i]!, holders.find((h) => overlaps(h, slots[i]!))));
      });
      return reply.code(200).send({ occurrences });
    },

    async updateAppointment(request, reply) {
      const { tenantId, userId, id } = request.params;
      const scope = request.query?.scope ?? 'this';
      const input = request.body.appointment;
      const appointment = await calendar(request, tenantId, 'write', async (tx, ctx) => {
        const { tenant, role, callerId, view } = ctx;
        const current = await locked(tx, ctx, tenantId, userId, id);
        if (current.version !== input.version) throw staleVersion();
        const prepared = await prepare(tx, tenant, input, userId, { role, callerId }, { lines: await currentLines(tx, tenantId, id) });
        const started = new Date(current.start_at).getTime() <= Date.now();
        let status = current.status;
        if (prepared.status !== undefined && prepared.status !== current.status) {
          const check = checkTransition(current.status, prepared.status, role, started);
          if (check !== 'ok') throw transitionProblem(check, current.status, prepared.status);
          if (!isBillable(prepared.status) && (await appointmentsWithMoney(tx, tenantId, [id])).standing.has(id)) throw appointmentCharged('status');
          status = prepared.status;
        }
        const slot = resolveSlot(prepared.start, prepared.end, tenant.timeZone);
        const oldStart = plainFromSql(current.start_local);
        const shift = oldStart.until(prepared.start);
        const length = prepared.start.until(prepared.end);
        const following = scope === 'following' ? await lockFollowing(tx, tenantId, current, true) : [];
        const moves = following.map((row) => {
          const start = plainFromSql(row.start_local).add(shift);
          return { row, slot: resolveSlot(start, start.add(length), tenant.timeZone) };
        });
        const timeChanged =
          prepared.userId !== current.user_id ||
          Temporal.PlainDateTime.compare(prepared.start, oldStart) !== 0 ||
          Temporal.PlainDateTime.compare(prepared.end, plainFromSql(current.end_local)) !== 0;
        const allSlots = [slot, ...moves.map((m) => m.slot)];
        if (timeChanged && !prepared.allowOutsideHours && !FREEING.includes(status)) {
          const outside = await outsideFlags(tx, tenant, prepared.userId, allSlots);
          if (outside.some(Boolean)) throw outsideWorkingHours();
        }
        const movedIds = [id, ...following.map((row) => row.id)];
        // Following occurrences stay with their own member; this one may move to another.
        const holdsSlot = !FREEING.includes(status);
        const holders = holdsSlot ? await holdersOf(tx, tenantId, prepared.userId, [slot], movedIds) : [];
        const followerHolders = moves.length > 0 ? await holdersOf(tx, tenantId, current.user_id, moves.map((m) => m.slot), movedIds) : [];
        const clashes = [...holders.filter((h) => overlaps(h, slot)), ...followerHolders.filter((h) => moves.some((m) => !FREEING.includes(m.row.status) && overlaps(h, m.slot)))];
        if (clashes.length > 0) throw doubleBooking(clashes.map((h) => h.conflict));
        await guardDoubleBooking(tx, tenantId, prepared.userId, allSlots, movedIds, async () => {
          const reminders = prepared.reminders ?? remindersOf(current);
          await updateAppointmentRow(tx, tenantId, id, prepared, slot, reminders, status !== current.status ? status : undefined);
          for (const move of moves) await moveOccurrence(tx, tenantId, move.row.id, prepared, move.slot);
        });
        await appointmentsChanged(tx, tenantId, movedIds);
        return toAppointment((await readAppointments(tx, tenantId, [id]))[0]!, view);
      });
      return reply.code(200).send({ appointment });
    },

    async deleteAppointment(request, reply) {
      const { tenantId, userId, id } = request.params;
      const scope = request.query?.scope ?? 'this';
      await calendar(request, tenantId, 'delete', async (tx, ctx) => {
        const current = await locked(tx, ctx, tenantId, userId, id);
        const following = scope === 'following' ? await lockFollowing(tx, tenantId, current, false) : [];
        const ids = [id, ...following.map((row) => row.id)];
        if ((await appointmentsWithMoney(tx, tenantId, ids)).recorded.size > 0) throw appointmentCharged('delete');
        await deleteAppointments(tx, tenantId, ids);
        await appointmentsChanged(tx, tenantId, ids);
      });
      return reply.code(204).send();
    },

    async updateAppointmentRealTiming(request, reply) {
      const { tenantId, userId, id } = request.params;
      const { realStartDate, realEndDate } = request.body;
      const appointment = await calendar(request, tenantId, 'write', async (tx, ctx) => {
        await locked(tx, ctx, tenantId, userId, id);
        const { start, end } = checkRealTiming(realStartDate, realEndDate);
        await setRealTiming(tx, tenantId, id, start, end);
        await appointmentsChanged(tx, tenantId, [id]);
        return toAppointment((await readAppointments(tx, tenantId, [id]))[0]!, ctx.view);
      });
      return reply.code(200).send({ appointment });
    },

    async changeAppointmentStatus(request, reply) {
      const { tenantId, userId, id } = request.params;
      const scope = request.query?.scope ?? 'this';
      const { status: to, reason, version } = request.body;
      const appointment = await calendar(request, tenantId, 'write', async (tx, ctx) => {
        const { tenant, role, view } = ctx;
        const current = await locked(tx, ctx, tenantId, userId, id);
        if (current.version !== version) throw staleVersion();
        const now = Date.now();
        const startedAt = (row: Current) => new Date(row.start_at).getTime() <= now;
        const check = checkTransition(current.status, to, role, startedAt(current));
        if (check !== 'ok') throw transitionProblem(check, current.status, to);
        // The following occurrences that may make the same transition; when reopening, those whose slot is still free.
        let targets = [current];
        if (scope === 'following') {
          const following = (await lockFollowing(tx, tenantId, current, false)).filter((row) => checkTransition(row.status, to, role, startedAt(row)) === 'ok');
          targets = [current, ...following];
        }
        // Calling off a charged appointment is refused; following ones that were charged keep their status.
        if (!isBillable(to)) {
          const { standing } = await appointmentsWithMoney(tx, tenantId, targets.map((row) => row.id));
          if (standing.has(current.id)) throw appointmentCharged('status');
          targets = targets.filter((row) => !standing.has(row.id));
        }
        const slotOf = (row: Current) => resolveSlot(plainFromSql(row.start_local), plainFromSql(row.end_local), tenant.timeZone);
        const reopening = FREEING.includes(current.status) && !FREEING.includes(to);
        if (reopening) {
          const mine = await holdersOf(tx, tenantId, current.user_id, [slotOf(current)], [current.id]);
          if (mine.length > 0) throw doubleBooking(mine.map((h) => h.conflict));
          const kept: Current[] = [current];
          for (const row of targets.slice(1)) {
            if (!FREEING.includes(row.status) || (await holdersOf(tx, tenantId, row.user_id, [slotOf(row)], [row.id])).length === 0) kept.push(row);
          }
          targets = kept;
        }
        const ids = targets.map((row) => row.id);
        const slots = reopening ? [slotOf(current)] : [];
        await guardDoubleBooking(tx, tenantId, current.user_id, slots, ids, () => setStatus(tx, tenantId, ids, to, reason?.trim() || null));
        await appointmentsChanged(tx, tenantId, ids);
        return toAppointment((await readAppointments(tx, tenantId, [id]))[0]!, view);
      });
      return reply.code(200).send({ appointment });
    },
  };
}
