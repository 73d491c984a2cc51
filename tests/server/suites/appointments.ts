// Appointments: booking, the calendar range, double booking, working hours, status transitions,
// repeat series and time zones, on the real server through the generated SDK.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  changeAppointmentStatus,
  createAppointment,
  createCustomer,
  createService,
  createTimeOff,
  deleteAppointment,
  getAppointment,
  getAppointmentCalendar,
  listAppointments,
  listCustomerAppointments,
  previewAppointmentSeries,
  updateAppointment,
  updateAppointmentRealTiming,
  updateTenant,
  updateWorkingHours,
} from '../../../generated/sdk.gen.ts';
import type { Appointment, AppointmentInput, AppointmentRecurrence, AppointmentStatus, DateTimeParts, Tenant } from '../../../generated/types.gen.ts';
import type { Actor } from '../harness.ts';
import { fields, join, newTenant, ok, problem, raw, signUp, weekdayHours, type TestServer } from '../harness.ts';

const at = (text: string): DateTimeParts => {
  const [date, time] = text.split('T');
  const [year, month, day] = date!.split('-').map(Number);
  const [hours, minutes] = time!.split(':').map(Number);
  return { year: year!, month: month!, day: day!, hours: hours!, minutes: minutes! };
};

interface Salon {
  owner: Actor;
  tenant: Tenant;
  customerId: string;
  serviceId: string;
  input: (start: string, end: string, extra?: Partial<AppointmentInput>) => AppointmentInput;
}

/** A business in Madrid (Mon 9–14 and 16–20, Tue–Fri 9–17), a customer and a 45-minute haircut. */
async function salon(server: TestServer, label: string): Promise<Salon> {
  const owner = await signUp(server, label);
  const tenant = await newTenant(owner, { opening_hours: weekdayHours() });
  const { customer } = await ok(
    createCustomer({ client: owner.client, path: { tenantId: tenant.id }, body: { customer: { name: 'Lucía', lastName: 'García', email: 'lucia@example.com' } } }),
    201,
  );
  const { service } = await ok(
    createService({ client: owner.client, path: { tenantId: tenant.id }, body: { service: { name: 'Corte', durationMinutes: 45, price: { amount: 2500, currency: 'EUR' }, color: '#12b886' } } }),
    201,
  );
  return {
    owner,
    tenant,
    customerId: customer.id,
    serviceId: service.id,
    input: (start, end, extra = {}) => ({ customerId: customer.id, services: [{ id: service.id }], startDate: at(start), endDate: at(end), ...extra }),
  };
}

async function book(actor: Actor, s: Salon, input: AppointmentInput, userId = actor.userId, recurrence?: AppointmentRecurrence): Promise<Appointment> {
  const { appointment } = await ok(
    createAppointment({ client: actor.client, path: { tenantId: s.tenant.id, userId }, body: { appointment: input, ...(recurrence ? { recurrence } : {}) } }),
    201,
  );
  return appointment;
}

const range = (actor: Actor, s: Salon, start: string, end: string, userId = actor.userId, userIds?: string[]) =>
  getAppointmentCalendar({ client: actor.client, path: { tenantId: s.tenant.id, userId }, body: { startDate: at(start), endDate: at(end), ...(userIds ? { userIds } : {}) } });

const setStatus = (actor: Actor, a: Appointment, status: AppointmentStatus, extra: { reason?: string; version?: number; scope?: 'this' | 'following' } = {}) =>
  changeAppointmentStatus({
    client: actor.client,
    path: { tenantId: a.tenantId, userId: a.userId, id: a.id },
    ...(extra.scope ? { query: { scope: extra.scope } } : {}),
    body: { status, version: extra.version ?? a.version, ...(extra.reason ? { reason: extra.reason } : {}) },
  });

const edit = (actor: Actor, a: Appointment, changes: Partial<AppointmentInput> & { version?: number } = {}, scope?: 'this' | 'following') =>
  updateAppointment({
    client: actor.client,
    path: { tenantId: a.tenantId, userId: a.userId, id: a.id },
    ...(scope ? { query: { scope } } : {}),
    body: {
      appointment: {
        customerId: a.customer.id,
        services: a.services.map((line) => ({ id: line.id })),
        startDate: a.startDate,
        endDate: a.endDate,
        version: a.version,
        ...changes,
      },
    },
  });

export function appointmentsSuite(server: () => TestServer) {
  describe('appointments', () => {
    it('books, reads, lists, reschedules and deletes an appointment, with instants in the business zone', async () => {
      const s = await salon(server(), 'appt-crud');
      const { owner, tenant } = s;
      const created = await book(owner, s, s.input('2030-03-05T10:00', '2030-03-05T10:45', { notes: 'Flequillo cortina' }));
      expect(created).toMatchObject({
        tenantId: tenant.id,
        userId: owner.userId,
        customer: { id: s.customerId, name: 'Lucía', lastName: 'García', email: 'lucia@example.com' },
        services: [{ id: s.serviceId, name: 'Corte', durationMinutes: 45, price: { amount: 2500, currency: 'EUR' } }],
        totalPrice: { amount: 2500, currency: 'EUR' },
        status: 'APPOINTMENT_STATUS_PENDING',
        startDate: at('2030-03-05T10:00'),
        endDate: at('2030-03-05T10:45'),
        startAt: '2030-03-05T10:00:00+01:00',
        endAt: '2030-03-05T10:45:00+01:00',
        color: '#12b886',
        notes: 'Flequillo cortina',
        reminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440, sent: false, status: 'REMINDER_STATUS_SCHEDULED', dueAt: '2030-03-04T09:00:00.000Z' }],
        cancellation: { linkStatus: 'CANCELLATION_LINK_STATUS_NONE' },
        version: 1,
      });
      // Not started yet: no done or no-show.
      expect(created.allowedStatuses).toEqual(['APPOINTMENT_STATUS_CONFIRMED', 'APPOINTMENT_STATUS_REJECTED', 'APPOINTMENT_STATUS_CANCELLED']);

      const path = { tenantId: tenant.id, userId: owner.userId };
      expect((await ok(getAppointment({ client: owner.client, path: { ...path, id: created.id } }))).appointment).toEqual(created);
      const list = await ok(listAppointments({ client: owner.client, path, query: { from: '2030-03-01', to: '2030-03-31', q: 'lucia' } }));
      expect(list).toEqual({ items: [created], total: 1 });
      expect((await ok(listAppointments({ client: owner.client, path, query: { status: ['APPOINTMENT_STATUS_DONE'] } }))).total).toBe(0);
      expect((await ok(listAppointments({ client: owner.client, path, query: { serviceId: s.serviceId } }))).total).toBe(1);

      // Summer time: the offset follows the instant.
      const { appointment: moved } = await ok(edit(owner, created, { startDate: at('2030-04-02T11:00'), endDate: at('2030-04-02T11:45'), notes: 'Movida', color: '#fa5252' }));
      expect(moved).toMatchObject({ startAt: '2030-04-02T11:00:00+02:00', endAt: '2030-04-02T11:45:00+02:00', notes: 'Movida', color: '#fa5252', version: 2 });
      const stale = await problem(edit(owner, created, { notes: 'tarde' }), 409);
      expect(stale.code).toBe('stale_version');

      const timed = await ok(
        updateAppointmentRealTiming({ client: owner.client, path: { ...path, id: created.id }, body: { realStartDate: at('2030-04-02T11:05'), realEndDate: at('2030-04-02T11:55') } }),
      );
      expect(timed.appointment).toMatchObject({ realStartDate: at('2030-04-02T11:05'), realEndDate: at('2030-04-02T11:55'), startDate: at('2030-04-02T11:00'), version: 3 });
      const reversed = await problem(
        updateAppointmentRealTiming({ client: owner.client, path: { ...path, id: created.id }, body: { realStartDate: at('2030-04-02T12:00'), realEndDate: at('2030-04-02T11:00') } }),
        422,
      );
      expect(fields(reversed)).toEqual(['/realEndDate']);

      expect((await deleteAppointment({ client: owner.client, path: { ...path, id: created.id } })).response.status).toBe(204);
      await problem(getAppointment({ client: owner.client, path: { ...path, id: created.id } }), 404);
    });

    it('refuses what the contract refuses, naming the field', async () => {
      const s = await salon(server(), 'appt-rules');
      const { owner, tenant } = s;
      const post = (input: AppointmentInput) => createAppointment({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId }, body: { appointment: input } });
      expect(fields(await problem(post(s.input('2030-03-05T10:00', '2030-03-05T09:00')), 422))).toEqual(['/appointment/endDate']);
      expect(fields(await problem(post(s.input('2030-03-05T10:02', '2030-03-05T11:00')), 422))).toEqual(['/appointment/startDate/minutes']);
      expect(fields(await problem(post(s.input('2030-02-30T10:00', '2030-03-05T11:00')), 422))).toEqual(['/appointment/startDate']);
      expect(fields(await problem(post(s.input('2030-03-05T10:00', '2030-03-06T11:00')), 422))).toEqual(['/appointment/endDate']);
      expect(fields(await problem(post({ ...s.input('2030-03-05T10:00', '2030-03-05T11:00'), customerId: randomUUID() }), 422))).toEqual(['/appointment/customerId']);
      expect(fields(await problem(post({ ...s.input('2030-03-05T10:00', '2030-03-05T11:00'), services: [{ id: s.serviceId }, { id: randomUUID() }] }), 422))).toEqual([
        '/appointment/services/1/id',
      ]);
      expect(fields(await problem(post(s.input('2030-03-05T10:00', '2030-03-05T11:00', { status: 'APPOINTMENT_STATUS_DONE' })), 422))).toEqual(['/appointment/status']);
      // Prices and their total within the money module's one bound (10^12 minor units), one code.
      const priced = (...amounts: number[]) => ({ ...s.input('2030-03-05T10:00', '2030-03-05T11:00'), services: amounts.map((amount) => ({ id: s.serviceId, price: { amount, currency: 'EUR' } })) });
      expect((await problem(post(priced(-1)), 422)).errors).toEqual([expect.objectContaining({ field: '/appointment/services/0/price/amount', code: 'out_of_range' })]);
      // Beyond the bound the contract's Money (maximum 10^12) refuses a price before the handler.
      const beyond = await problem(raw(server().baseUrl, 'POST', `/v1/tenants/${tenant.id}/users/${owner.userId}/appointments`, { token: owner.token, body: { appointment: priced(2500, 1_000_000_000_001) } }), 400);
      expect(beyond.errors).toEqual([expect.objectContaining({ code: 'maximum' })]);
      expect((await problem(post(priced(600_000_000_000, 600_000_000_000)), 422)).errors).toEqual([expect.objectContaining({ field: '/appointment/services', code: 'out_of_range' })]);
      expect(fields(await problem(post(s.input('2030-03-05T10:00', '2030-03-05T11:00', { userId: randomUUID() })), 422))).toEqual(['/appointment/userId']);
      expect(fields(await problem(post(s.input('2030-03-05T10:00', '2030-03-05T11:00', { distinctionId: randomUUID() })), 422))).toEqual(['/appointment/distinctionId']);
      expect(fields(await problem(range(owner, s, '2030-03-01T00:00', '2030-05-01T00:00'), 422))).toEqual(['/endDate']);
      expect(fields(await problem(range(owner, s, '2030-03-01T00:00', '2030-03-08T00:00', owner.userId, [owner.userId, randomUUID()]), 422))).toEqual(['/userIds/1']);
      // The schema: an unknown field is a 400 naming it.
      const unknown = await raw(server().baseUrl, 'POST', `/v1/tenants/${tenant.id}/users/${owner.userId}/appointments`, {
        token: owner.token,
        body: { appointment: { ...s.input('2030-03-05T10:00', '2030-03-05T11:00'), colour: 'red' } },
      });
      expect(unknown.response.status).toBe(400);
      expect((await ok(listAppointments({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId } }))).total).toBe(0);
    });

    it("answers 404 for another business's appointments and for a user who is not in the team", async () => {
      const a = await salon(server(), 'appt-iso-a');
      const b = await salon(server(), 'appt-iso-b');
      const mine = await book(a.owner, a, a.input('2030-03-05T10:00', '2030-03-05T10:45'));
      await problem(getAppointment({ client: b.owner.client, path: { tenantId: a.tenant.id, userId: a.owner.userId, id: mine.id } }), 404);
      await problem(getAppointment({ client: b.owner.client, path: { tenantId: b.tenant.id, userId: b.owner.userId, id: mine.id } }), 404);
      await problem(listAppointments({ client: b.owner.client, path: { tenantId: a.tenant.id, userId: a.owner.userId } }), 404);
      await problem(range(b.owner, a, '2030-03-02T00:00', '2030-03-09T00:00', a.owner.userId), 404);
      await problem(range(a.owner, a, '2030-03-02T00:00', '2030-03-09T00:00', b.owner.userId), 404);
      await problem(deleteAppointment({ client: b.owner.client, path: { tenantId: b.tenant.id, userId: b.owner.userId, id: mine.id } }), 404);
      await problem(listCustomerAppointments({ client: b.owner.client, path: { tenantId: b.tenant.id, id: a.customerId } }), 404);
      expect((await ok(getAppointment({ client: a.owner.client, path: { tenantId: a.tenant.id, userId: a.owner.userId, id: mine.id } }))).appointment.id).toBe(mine.id);
    });

    it("lets a member see only their own calendar unless the business shares them, and move nobody else's", async () => {
      const s = await salon(server(), 'appt-roles');
      const { owner, tenant } = s;
      const member = await join(server(), owner, tenant, 'TEAM_ROLE_MEMBER', 'appt-member');
      const colleague = await join(server(), owner, tenant, 'TEAM_ROLE_MEMBER', 'appt-colleague');
      const ownersAppointment = await book(owner, s, s.input('2030-03-05T10:00', '2030-03-05T10:45'));
      // A member books in their own calendar; the owner in anyone's (and moves it between members).
      const own = await book(member, s, s.input('2030-03-05T11:00', '2030-03-05T11:45'));
      const forColleague = await book(owner, s, s.input('2030-03-05T12:00', '2030-03-05T12:45'), colleague.userId);
      expect(forColleague.userId).toBe(colleague.userId);
      const { appointment: movedToMember } = await ok(edit(owner, forColleague, { userId: member.userId }));
      expect(movedToMember.userId).toBe(member.userId);

      expect((await ok(range(member, s, '2030-03-04T00:00', '2030-03-10T00:00'))).appointments.map((a) => a.id)).toEqual([own.id, movedToMember.id]);
      await problem(range(member, s, '2030-03-04T00:00', '2030-03-10T00:00', owner.userId), 403);
      await problem(range(member, s, '2030-03-04T00:00', '2030-03-10T00:00', member.userId, [member.userId, owner.userId]), 403);
      await problem(getAppointment({ client: member.client, path: { tenantId: tenant.id, userId: owner.userId, id: ownersAppointment.id } }), 403);
      await problem(
        createAppointment({ client: member.client, path: { tenantId: tenant.id, userId: owner.userId }, body: { appointment: s.input('2030-03-05T15:00', '2030-03-05T15:45') } }),
        403,
      );

      await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { membersSeeTeamCalendars: true } } }));
      const team = await ok(range(member, s, '2030-03-04T00:00', '2030-03-10T00:00', member.userId, [owner.userId, member.userId, colleague.userId]));
      expect(team.appointments.map((a) => [a.id, a.userId])).toEqual([
        [ownersAppointment.id, owner.userId],
        [own.id, member.userId],
        [movedToMember.id, member.userId],
      ]);
      expect(new Set(team.unavailableSlots.map((slot) => slot.userId))).toEqual(new Set([owner.userId, member.userId, colleague.userId]));
      // Read only: still no writes in a teammate's calendar.
      await problem(setStatus(member, ownersAppointment, 'APPOINTMENT_STATUS_CONFIRMED'), 403);
    });

    it('refuses a double booking with the appointment that holds the slot, also for two concurrent requests', async () => {
      const s = await salon(server(), 'appt-double');
      const { owner, tenant } = s;
      const first = await book(owner, s, s.input('2030-03-05T10:00', '2030-03-05T10:45'));
      const clash = await problem(
        createAppointment({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId }, body: { appointment: s.input('2030-03-05T10:30', '2030-03-05T11:15') } }),
        409,
      );
      expect(clash).toMatchObject({ code: 'double_booking', retryable: false });
      expect(clash.conflicts).toEqual([
        { appointmentId: first.id, userId: owner.userId, startDate: at('2030-03-05T10:00'), endDate: at('2030-03-05T10:45'), customerName: 'Lucía García' },
      ]);
      // Back to back is fine; a cancelled appointment frees its slot.
      await book(owner, s, s.input('2030-03-05T10:45', '2030-03-05T11:30'));
      await ok(setStatus(owner, first, 'APPOINTMENT_STATUS_CANCELLED', { reason: 'Llamó' }));
      const replacement = await book(owner, s, s.input('2030-03-05T10:00', '2030-03-05T10:45'));
      // Reopening the cancelled one now collides.
      const { appointment: cancelled } = await ok(getAppointment({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId, id: first.id } }));
      expect(cancelled.cancellation).toMatchObject({ cancelledBy: 'CANCELLED_BY_BUSINESS', reason: 'Llamó' });
      const reopen = await problem(setStatus(owner, cancelled, 'APPOINTMENT_STATUS_PENDING'), 409);
      expect(reopen.conflicts?.map((c) => c.appointmentId)).toEqual([replacement.id]);

      const concurrent = await Promise.all(
        [0, 1].map(() =>
          createAppointment({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId }, body: { appointment: s.input('2030-03-06T12:00', '2030-03-06T13:00') } }),
        ),
      );
      expect(concurrent.map((r) => r.response.status).sort()).toEqual([201, 409]);
      const loser = concurrent.find((r) => r.response.status === 409)!;
      expect((loser.error as { code?: string }).code).toBe('double_booking');
      expect((await ok(listAppointments({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId }, query: { from: '2030-03-06', to: '2030-03-06' } }))).total).toBe(1);
    });

    it('creates once per Idempotency-Key', async () => {
      const s = await salon(server(), 'appt-idem');
      const { owner, tenant } = s;
      const key = randomUUID();
      const send = () =>
        ok(
          createAppointment({
            client: owner.client,
            path: { tenantId: tenant.id, userId: owner.userId },
            headers: { 'Idempotency-Key': key },
            body: { appointment: s.input('2030-03-05T10:00', '2030-03-05T10:45') },
          }),
          201,
        );
      const first = await send();
      const second = await send();
      expect(second.appointment.id).toBe(first.appointment.id);
      expect((await ok(listAppointments({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId } }))).total).toBe(1);
    });

    it('checks working hours, time off and closed dates unless told to book anyway', async () => {
      const s = await salon(server(), 'appt-hours');
      const { owner, tenant } = s;
      const post = (input: AppointmentInput) => createAppointment({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId }, body: { appointment: input } });
      // Monday 2030-03-04: 9–14 and 16–20; the break 14–16 and the evening are outside.
      expect((await problem(post(s.input('2030-03-04T14:30', '2030-03-04T15:15')), 409)).code).toBe('outside_working_hours');
      expect((await problem(post(s.input('2030-03-04T19:30', '2030-03-04T20:15')), 409)).code).toBe('outside_working_hours');
      expect((await problem(post(s.input('2030-03-09T10:00', '2030-03-09T10:45')), 409)).code).toBe('outside_working_hours');
      const anyway = await book(owner, s, s.input('2030-03-09T10:00', '2030-03-09T10:45', { allowOutsideHours: true }));
      expect(anyway.startDate).toEqual(at('2030-03-09T10:00'));

      await ok(
        createTimeOff({
          client: owner.client,
          path: { tenantId: tenant.id, userId: owner.userId },
          body: { timeOff: { kind: 'TIME_OFF_KIND_BLOCK', startDate: at('2030-03-05T10:00'), endDate: at('2030-03-05T11:00'), description: 'Médico' } },
        }),
        201,
      );
      expect((await problem(post(s.input('2030-03-05T10:30', '2030-03-05T11:15')), 409)).code).toBe('outside_working_hours');
      await book(owner, s, s.input('2030-03-05T11:00', '2030-03-05T11:45'));

      await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { opening_hours: { ...weekdayHours(), closedDates: [{ date: '2030-03-06', reason: 'Fiesta' }] } } } }));
      expect((await problem(post(s.input('2030-03-06T10:00', '2030-03-06T10:45')), 409)).code).toBe('outside_working_hours');
    });

    it('answers the range with working hours, breaks, time off, closed dates and the earliest hour', async () => {
      const s = await salon(server(), 'appt-range');
      const { owner, tenant } = s;
      const member = await join(server(), owner, tenant, 'TEAM_ROLE_MEMBER', 'appt-range-member');
      await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { opening_hours: { ...weekdayHours(), closedDates: [{ date: '2030-03-08', reason: 'Fiesta local' }] } } } }));
      // The member works Tuesdays 08:00–12:00 and 13:00–15:00 only.
      const closed: never[] = [];
      await ok(
        updateWorkingHours({
          client: member.client,
          path: { tenantId: tenant.id, userId: member.userId },
          body: {
            workingHours: {
              inherit: false,
              weekly: { monday: closed, tuesday: [{ start: '08:00', end: '12:00' }, { start: '13:00', end: '15:00' }], wednesday: closed, thursday: closed, friday: closed, saturday: closed, sunday: closed },
              version: 1,
            },
          },
        }),
      );
      const { timeOff } = await ok(
        createTimeOff({
          client: member.client,
          path: { tenantId: tenant.id, userId: member.userId },
          body: { timeOff: { kind: 'TIME_OFF_KIND_BLOCK', startDate: at('2030-03-05T09:00'), endDate: at('2030-03-05T10:00'), description: 'Médico' } },
        }),
        201,
      );
      const booked = await book(member, s, s.input('2030-03-05T10:00', '2030-03-05T10:45'));

      const calendar = await ok(range(owner, s, '2030-03-04T00:00', '2030-03-10T00:00', owner.userId, [owner.userId, member.userId]));
      expect(calendar.timeZone).toBe('Europe/Madrid');
      expect(calendar.appointments.map((a) => a.id)).toEqual([booked.id]);
      expect(calendar.earliestHour).toBe(8);
      const slotsOf = (userId: string, day: number) =>
        calendar.unavailableSlots
          .filter((slot) => slot.userId === userId && slot.startDate.day === day)
          .map((slot) => `${slot.startDate.hours}:${slot.startDate.minutes}-${slot.endDate.day === day ? `${slot.endDate.hours}:${slot.endDate.minutes}` : 'end'} ${slot.reason.replace('UNAVAILABLE_SLOT_REASON_', '')}`);
      // The owner follows the business: Monday with its lunch break, Friday the closed date.
      expect(slotsOf(owner.userId, 4)).toEqual(['0:0-9:0 OUTSIDE_OPENING_HOURS', '14:0-16:0 BREAK', '20:0-end OUTSIDE_OPENING_HOURS']);
      expect(slotsOf(owner.userId, 8)).toEqual(['0:0-end HOLIDAY']);
      expect(slotsOf(member.userId, 4)).toEqual(['0:0-end OUTSIDE_OPENING_HOURS']);
      expect(slotsOf(member.userId, 5)).toEqual(['0:0-8:0 OUTSIDE_OPENING_HOURS', '12:0-13:0 BREAK', '15:0-end OUTSIDE_OPENING_HOURS', '9:0-10:0 BLOCKED']);
      const block = calendar.unavailableSlots.find((slot) => slot.reason === 'UNAVAILABLE_SLOT_REASON_BLOCKED');
      expect(block).toMatchObject({ userId: member.userId, timeOffId: timeOff.id, description: 'Médico' });
      expect(calendar.unavailableSlots.find((slot) => slot.reason === 'UNAVAILABLE_SLOT_REASON_HOLIDAY')?.description).toBe('Fiesta local');
    });

    it('keeps wall-clock times across the DST week in Madrid (2026-03-29 and 2026-10-25)', async () => {
      const s = await salon(server(), 'appt-dst');
      const { owner } = s;
      const friday = await book(owner, s, s.input('2026-03-27T10:00', '2026-03-27T10:45'));
      // 02:30 does not exist on 2026-03-29: moved forward by the gap.
      const skipped = await book(owner, s, s.input('2026-03-29T02:30', '2026-03-29T04:00', { allowOutsideHours: true }));
      const monday = await book(owner, s, s.input('2026-03-30T10:00', '2026-03-30T10:45'));
      expect(friday.startAt).toBe('2026-03-27T10:00:00+01:00');
      expect(skipped).toMatchObject({ startDate: at('2026-03-29T03:30'), startAt: '2026-03-29T03:30:00+02:00', endAt: '2026-03-29T04:00:00+02:00' });
      expect(monday.startAt).toBe('2026-03-30T10:00:00+02:00');
      // 02:30 on 2026-10-25 happens twice: the first one (summer time).
      const repeated = await book(owner, s, s.input('2026-10-25T02:30', '2026-10-25T03:30', { allowOutsideHours: true }));
      expect(repeated).toMatchObject({ startAt: '2026-10-25T02:30:00+02:00', endAt: '2026-10-25T03:30:00+01:00' });

      const week = await ok(range(owner, s, '2026-03-23T00:00', '2026-03-30T00:00'));
      expect(week.appointments.map((a) => a.startAt)).toEqual(['2026-03-27T10:00:00+01:00', '2026-03-29T03:30:00+02:00']);
      const sunday = week.unavailableSlots.filter((slot) => slot.startDate.day === 29);
      expect(sunday).toEqual([expect.objectContaining({ startDate: at('2026-03-29T00:00'), endDate: at('2026-03-30T00:00'), reason: 'UNAVAILABLE_SLOT_REASON_OUTSIDE_OPENING_HOURS' })]);
    });

    it('follows the transition table: who may, done only once started, reopening by managers', async () => {
      const s = await salon(server(), 'appt-status');
      const { owner, tenant } = s;
      const member = await join(server(), owner, tenant, 'TEAM_ROLE_MEMBER', 'appt-status-member');
      const future = await book(member, s, s.input('2030-03-05T10:00', '2030-03-05T10:45'));
      const { appointment: confirmed } = await ok(setStatus(member, future, 'APPOINTMENT_STATUS_CONFIRMED'));
      expect(confirmed).toMatchObject({ status: 'APPOINTMENT_STATUS_CONFIRMED', version: 2 });
      expect(confirmed.allowedStatuses).toEqual(['APPOINTMENT_STATUS_PENDING', 'APPOINTMENT_STATUS_CANCELLED']);
      expect((await problem(setStatus(member, confirmed, 'APPOINTMENT_STATUS_DONE'), 409)).code).toBe('not_started');
      expect((await problem(setStatus(member, confirmed, 'APPOINTMENT_STATUS_REJECTED'), 409)).code).toBe('invalid_transition');
      expect((await problem(setStatus(member, future, 'APPOINTMENT_STATUS_CANCELLED'), 409)).code).toBe('stale_version');

      const past = await book(member, s, s.input('2026-11-17T10:00', '2026-11-17T10:45'));
      expect(past.allowedStatuses).toEqual([
        'APPOINTMENT_STATUS_CONFIRMED',
        'APPOINTMENT_STATUS_DONE',
        'APPOINTMENT_STATUS_REJECTED',
        'APPOINTMENT_STATUS_CANCELLED',
        'APPOINTMENT_STATUS_NO_SHOW',
      ]);
      const { appointment: noShow } = await ok(setStatus(member, past, 'APPOINTMENT_STATUS_NO_SHOW', { reason: 'No vino' }));
      expect(noShow).toMatchObject({ status: 'APPOINTMENT_STATUS_NO_SHOW', statusReason: 'No vino', allowedStatuses: [] });
      expect((await problem(setStatus(member, noShow, 'APPOINTMENT_STATUS_DONE'), 409)).code).toBe('invalid_transition');
      // Reopening is for owners and administrators.
      await problem(setStatus(member, noShow, 'APPOINTMENT_STATUS_PENDING'), 403);
      const { appointment: asOwner } = await ok(getAppointment({ client: owner.client, path: { tenantId: tenant.id, userId: member.userId, id: past.id } }));
      expect(asOwner.allowedStatuses).toEqual(['APPOINTMENT_STATUS_PENDING', 'APPOINTMENT_STATUS_CONFIRMED']);
      const { appointment: reopened } = await ok(setStatus(owner, asOwner, 'APPOINTMENT_STATUS_PENDING'));
      const { appointment: done } = await ok(setStatus(owner, reopened, 'APPOINTMENT_STATUS_DONE'));
      expect(done.status).toBe('APPOINTMENT_STATUS_DONE');
      // Through the update too.
      const conflicting = await problem(edit(member, confirmed, { status: 'APPOINTMENT_STATUS_REJECTED' }), 409);
      expect(conflicting.code).toBe('invalid_transition');
    });

    it('repeats an appointment: preview with collisions, skipConflicts, editing and deleting the following ones', async () => {
      const s = await salon(server(), 'appt-series');
      const { owner, tenant } = s;
      const path = { tenantId: tenant.id, userId: owner.userId };
      // Tuesdays from 2030-03-05; the third (2030-03-19) is taken.
      const taken = await book(owner, s, s.input('2030-03-19T10:30', '2030-03-19T11:00'));
      const base = s.input('2030-03-05T10:00', '2030-03-05T10:45');
      const weekly: AppointmentRecurrence = { frequency: 'RECURRENCE_FREQUENCY_WEEKLY', count: 4 };
      const { occurrences } = await ok(previewAppointmentSeries({ client: owner.client, path, body: { appointment: base, recurrence: weekly } }));
      expect(occurrences.map((o) => [o.index, o.startAt, o.conflict?.appointmentId ?? null, o.outsideWorkingHours])).toEqual([
        [1, '2030-03-05T10:00:00+01:00', null, false],
        [2, '2030-03-12T10:00:00+01:00', null, false],
        [3, '2030-03-19T10:00:00+01:00', taken.id, false],
        [4, '2030-03-26T10:00:00+01:00', null, false],
      ]);
      expect(fields(await problem(previewAppointmentSeries({ client: owner.client, path, body: { appointment: base, recurrence: { ...weekly, until: '2030-06-01' } } }), 422))).toEqual([
        '/recurrence/until',
      ]);

      const refused = await problem(createAppointment({ client: owner.client, path, body: { appointment: base, recurrence: weekly } }), 409);
      expect(refused.conflicts?.map((c) => c.appointmentId)).toEqual([taken.id]);
      expect((await ok(listAppointments({ client: owner.client, path }))).total).toBe(1);

      const created = await ok(createAppointment({ client: owner.client, path, body: { appointment: base, recurrence: { ...weekly, skipConflicts: true } } }), 201);
      expect(created.appointment).toMatchObject({ seriesIndex: 1, startDate: at('2030-03-05T10:00') });
      expect(created.seriesAppointments?.map((a) => [a.seriesIndex, a.startDate.day])).toEqual([
        [2, 12],
        [4, 26],
      ]);
      expect(created.skippedOccurrences?.map((o) => [o.index, o.conflict?.appointmentId])).toEqual([[3, taken.id]]);
      const second = created.seriesAppointments![0]!;

      // This and the following: shifted one hour later, new notes.
      const { appointment: shifted } = await ok(edit(owner, second, { startDate: at('2030-03-12T11:00'), endDate: at('2030-03-12T11:45'), notes: 'Serie movida' }, 'following'));
      expect(shifted.startDate).toEqual(at('2030-03-12T11:00'));
      const after = (await ok(listAppointments({ client: owner.client, path, query: { from: '2030-03-01', to: '2030-03-31' } }))).items;
      expect(after.map((a) => [a.startDate.day, a.startDate.hours, a.notes ?? null])).toEqual([
        [5, 10, null],
        [12, 11, 'Serie movida'],
        [19, 10, null],
        [26, 11, 'Serie movida'],
      ]);

      expect((await deleteAppointment({ client: owner.client, path: { ...path, id: second.id }, query: { scope: 'following' } })).response.status).toBe(204);
      const left = (await ok(listAppointments({ client: owner.client, path }))).items;
      expect(left.map((a) => a.id)).toEqual([created.appointment.id, taken.id]);
    });

    it("lists a customer's history with the upcoming ones first", async () => {
      const s = await salon(server(), 'appt-history');
      const { owner, tenant } = s;
      const past = await book(owner, s, s.input('2026-11-17T10:00', '2026-11-17T10:45'));
      const later = await book(owner, s, s.input('2030-03-12T10:00', '2030-03-12T10:45'));
      const soon = await book(owner, s, s.input('2030-03-05T10:00', '2030-03-05T10:45'));
      const older = await book(owner, s, s.input('2026-11-10T10:00', '2026-11-10T10:45'));
      const list = (order?: 'asc' | 'desc' | 'upcoming') =>
        ok(listCustomerAppointments({ client: owner.client, path: { tenantId: tenant.id, id: s.customerId }, ...(order ? { query: { order } } : {}) }));
      expect((await list()).items.map((a) => a.id)).toEqual([later.id, soon.id, past.id, older.id]);
      expect((await list('asc')).items.map((a) => a.id)).toEqual([older.id, past.id, soon.id, later.id]);
      expect((await list('upcoming')).items.map((a) => a.id)).toEqual([soon.id, later.id, past.id, older.id]);
      expect((await list()).total).toBe(4);
    });

    it('asks before a time-zone change moves anything, then keeps the wall-clock times', async () => {
      const s = await salon(server(), 'appt-zone');
      const { owner, tenant } = s;
      const upcoming = await book(owner, s, s.input('2030-03-05T10:00', '2030-03-05T10:45'));
      const change = { tenant: { timeZone: 'Atlantic/Canary', opening_hours: weekdayHours('Atlantic/Canary') } };
      const asked = await problem(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: change }), 409);
      expect(asked.code).toBe('time_zone_change_unconfirmed');
      expect(asked.detail).toMatch(/^1 /);
      const { tenant: moved } = await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, query: { confirmTimeZoneChange: true }, body: change }));
      expect(moved.timeZone).toBe('Atlantic/Canary');
      const { appointment } = await ok(getAppointment({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId, id: upcoming.id } }));
      expect(appointment).toMatchObject({ startDate: at('2030-03-05T10:00'), startAt: '2030-03-05T10:00:00+00:00' });
    });
  });
}
