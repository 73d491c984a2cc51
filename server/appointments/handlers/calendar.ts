import { Temporal } from 'temporal-polyfill';
import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { UnavailableSlot } from '../../../generated/types.gen.ts';
import type { HandlerDeps } from '../../kit/context.ts';
import { notFound, unprocessable } from '../../problem.ts';
import { loadMembers, loadTimeOff, scheduleOf } from '../../scheduling/schedules-db.ts';
import { earliestOpeningHour, partsOfWall, resolveLocal, unavailableIntervals, wallMinutes } from '../../scheduling/time.ts';
import { toAppointment } from '../mappers.ts';
import { calendarAppointments } from '../repository.ts';
import { assertCalendarAccess, checkCalendarRange } from '../rules.ts';
import { reminderChannels } from '../../notifications/phone.ts';
import { withCalendar } from './context.ts';

/** The calendar: the appointments of one or more members over a range, and when they are not available. */
export function calendarHandlers({ db, config }: HandlerDeps): Pick<RouteHandlers, 'getAppointmentCalendar'> {
  return {
    async getAppointmentCalendar(request, reply) {
      const { tenantId, userId } = request.params;
      const body = request.body;
      const calendar = await withCalendar({ db, reminderChannels: reminderChannels(config.phone) }, request, tenantId, 'read', async (tx, { tenant, role, callerId, view }) => {
        // After the role check, as before any other answer.
        const { start, end } = checkCalendarRange(body.startDate, body.endDate);
        const userIds = body.userIds ?? [userId];
        const members = await loadMembers(tx, tenantId, [...new Set([userId, ...userIds])]);
        if (!members.has(userId)) throw notFound('This person is not in the team.');
        userIds.forEach((id, i) => {
          if (!members.has(id)) throw unprocessable(`/userIds/${i}`, 'unknown_team_member', 'This person is not in the team.');
        });
        for (const id of new Set([userId, ...userIds])) assertCalendarAccess(role, callerId, id, 'read', tenant);
        const from = resolveLocal(start, tenant.timeZone).instant;
        const to = resolveLocal(end, tenant.timeZone).instant;
        const appointments = (await calendarAppointments(tx, tenantId, userIds, from, to)).map((row) => toAppointment(row, view));

        const firstDay = start.toPlainDate();
        const lastDay = end.hour === 0 && end.minute === 0 ? end.toPlainDate().subtract({ days: 1 }) : end.toPlainDate();
        const days: Temporal.PlainDate[] = [];
        for (let d = firstDay; Temporal.PlainDate.compare(d, lastDay) <= 0; d = d.add({ days: 1 })) days.push(d);
        const timeOff = await loadTimeOff(tx, tenantId, userIds, start, end);
        const slots: UnavailableSlot[] = [];
        const rangeStart = wallMinutes(start);
        const rangeEnd = wallMinutes(end);
        let earliest: number | undefined;
        let alwaysOpen = false;
        for (const id of userIds) {
          const schedule = scheduleOf(tenant, members.get(id), timeOff.get(id));
          if (!schedule.weekly) alwaysOpen = true;
          const hour = earliestOpeningHour(schedule.weekly, days);
          if (hour !== undefined && (earliest === undefined || hour < earliest)) earliest = hour;
          for (const interval of unavailableIntervals(schedule, firstDay, lastDay)) {
            // Clipped to the range asked for.
            const s = Math.max(interval.start, rangeStart);
            const e = Math.min(interval.end, rangeEnd);
            if (e <= s) continue;
            slots.push({
              userId: id,
              ...(interval.timeOffId ? { timeOffId: interval.timeOffId } : {}),
              startDate: partsOfWall(s),
              endDate: partsOfWall(e),
              reason: interval.reason,
              ...(interval.description ? { description: interval.description.slice(0, 200) } : {}),
            });
          }
        }
        for (const appointment of appointments) {
          if (earliest === undefined || appointment.startDate.hours < earliest) earliest = appointment.startDate.hours;
        }
        return {
          timeZone: tenant.timeZone,
          appointments,
          unavailableSlots: slots.slice(0, 2000),
          earliestHour: alwaysOpen ? Math.min(earliest ?? 0, 0) : (earliest ?? 8),
        };
      });
      return reply.code(200).send(calendar);
    },
  };
}
