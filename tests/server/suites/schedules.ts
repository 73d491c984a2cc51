// Schedules: each team member's working hours (or the business's opening hours) and their time off.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTimeOff, deleteTimeOff, getWorkingHours, listTimeOff, updateTimeOff, updateWorkingHours } from '../../../generated/sdk.gen.ts';
import type { DateTimeParts, OpeningHoursWeek, TimeOffInput } from '../../../generated/types.gen.ts';
import { fields, join, newTenant, ok, problem, signUp, weekdayHours, type TestServer } from '../harness.ts';

const at = (year: number, month: number, day: number, hours: number, minutes = 0): DateTimeParts => ({ year, month, day, hours, minutes });

const week = (ranges: Array<{ start: string; end: string }>): OpeningHoursWeek => ({
  monday: ranges,
  tuesday: ranges,
  wednesday: ranges,
  thursday: ranges,
  friday: [],
  saturday: [],
  sunday: [],
});

export function schedulesSuite(server: () => TestServer) {
  describe('schedules', () => {
    it('answers the business hours until set, then the member’s own, with versions; inherit goes back', async () => {
      const s = server();
      const owner = await signUp(s, 'wh-owner');
      const tenant = await newTenant(owner, { opening_hours: weekdayHours() });
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'wh-member');
      const colleague = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'wh-colleague');
      const path = { tenantId: tenant.id, userId: member.userId };

      const { workingHours: inherited } = await ok(getWorkingHours({ client: colleague.client, path }));
      expect(inherited).toEqual({ userId: member.userId, timeZone: 'Europe/Madrid', inherited: true, weekly: weekdayHours().weekly, version: 1 });

      const mine = week([{ start: '10:00', end: '14:00' }, { start: '15:00', end: '19:00' }]);
      const { workingHours: set } = await ok(updateWorkingHours({ client: member.client, path, body: { workingHours: { inherit: false, weekly: mine, version: 1 } } }));
      expect(set).toEqual({ userId: member.userId, timeZone: 'Europe/Madrid', inherited: false, weekly: mine, version: 2 });
      expect((await problem(updateWorkingHours({ client: member.client, path, body: { workingHours: { inherit: false, weekly: mine, version: 1 } } }), 409)).code).toBe('stale_version');
      // A member changes only their own; owners anyone's.
      await problem(updateWorkingHours({ client: colleague.client, path, body: { workingHours: { inherit: true, version: 2 } } }), 403);
      const { workingHours: back } = await ok(updateWorkingHours({ client: owner.client, path, body: { workingHours: { inherit: true, version: 2 } } }));
      expect(back).toMatchObject({ inherited: true, weekly: weekdayHours().weekly, version: 3 });

      const overlapping = week([{ start: '10:00', end: '14:00' }, { start: '13:00', end: '19:00' }]);
      expect(fields(await problem(updateWorkingHours({ client: owner.client, path, body: { workingHours: { inherit: false, weekly: overlapping, version: 3 } } }), 422))).toEqual([
        '/workingHours/weekly/monday/1/start',
      ]);
      expect(fields(await problem(updateWorkingHours({ client: owner.client, path, body: { workingHours: { inherit: false, weekly: week([{ start: '10:03', end: '14:00' }]), version: 3 } } }), 422))).toEqual([
        '/workingHours/weekly/monday/0/start',
      ]);
      expect(fields(await problem(updateWorkingHours({ client: owner.client, path, body: { workingHours: { inherit: false, version: 3 } } }), 422))).toEqual(['/workingHours/weekly']);
      expect(fields(await problem(updateWorkingHours({ client: owner.client, path, body: { workingHours: { inherit: true, weekly: mine, version: 3 } } }), 422))).toEqual(['/workingHours/weekly']);

      // Another business: 404, as is someone outside the team.
      const stranger = await signUp(s, 'wh-stranger');
      await newTenant(stranger);
      await problem(getWorkingHours({ client: stranger.client, path }), 404);
      await problem(getWorkingHours({ client: owner.client, path: { tenantId: tenant.id, userId: stranger.userId } }), 404);
    });

    it('creates, lists, changes and removes time off, for oneself or as a manager', async () => {
      const s = server();
      const owner = await signUp(s, 'to-owner');
      const tenant = await newTenant(owner, { opening_hours: weekdayHours() });
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'to-member');
      const path = { tenantId: tenant.id, userId: member.userId };
      const input: TimeOffInput = { kind: 'TIME_OFF_KIND_TIME_OFF', startDate: at(2030, 8, 3, 0), endDate: at(2030, 8, 17, 0), description: 'Vacaciones' };

      const key = randomUUID();
      const create = () => ok(createTimeOff({ client: member.client, path, headers: { 'Idempotency-Key': key }, body: { timeOff: input } }), 201);
      const { timeOff } = await create();
      expect(timeOff).toMatchObject({
        tenantId: tenant.id,
        userId: member.userId,
        kind: 'TIME_OFF_KIND_TIME_OFF',
        startDate: at(2030, 8, 3, 0),
        endDate: at(2030, 8, 17, 0),
        startAt: '2030-08-03T00:00:00+02:00',
        endAt: '2030-08-17T00:00:00+02:00',
        description: 'Vacaciones',
        version: 1,
      });
      expect((await create()).timeOff.id).toBe(timeOff.id);
      const { timeOff: block } = await ok(
        createTimeOff({ client: owner.client, path, body: { timeOff: { kind: 'TIME_OFF_KIND_BLOCK', startDate: at(2030, 3, 5, 16), endDate: at(2030, 3, 5, 18) } } }),
        201,
      );
      expect((await ok(listTimeOff({ client: owner.client, path }))).items.map((t) => t.id)).toEqual([block.id, timeOff.id]);
      expect((await ok(listTimeOff({ client: owner.client, path, query: { from: '2030-08-01', to: '2030-08-31' } }))).items.map((t) => t.id)).toEqual([timeOff.id]);

      // Rules, naming the field.
      const post = (body: TimeOffInput) => createTimeOff({ client: member.client, path, body: { timeOff: body } });
      expect(fields(await problem(post({ ...input, endDate: at(2030, 8, 2, 0) }), 422))).toEqual(['/timeOff/endDate']);
      expect(fields(await problem(post({ ...input, startDate: at(2030, 8, 3, 9, 7) }), 422))).toEqual(['/timeOff/startDate/minutes']);
      expect(fields(await problem(post({ ...input, endDate: at(2031, 9, 1, 0) }), 422))).toEqual(['/timeOff/endDate']);

      // Someone else's time off: a member may not; a stale version is refused.
      const colleague = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'to-colleague');
      await problem(createTimeOff({ client: colleague.client, path, body: { timeOff: input } }), 403);
      await problem(deleteTimeOff({ client: colleague.client, path: { ...path, id: block.id } }), 403);
      const { timeOff: moved } = await ok(updateTimeOff({ client: member.client, path: { ...path, id: block.id }, body: { timeOff: { kind: 'TIME_OFF_KIND_BLOCK', startDate: at(2030, 3, 5, 15), endDate: at(2030, 3, 5, 18), description: 'Médico', version: 1 } } }));
      expect(moved).toMatchObject({ startDate: at(2030, 3, 5, 15), description: 'Médico', version: 2 });
      expect((await problem(updateTimeOff({ client: member.client, path: { ...path, id: block.id }, body: { timeOff: { kind: 'TIME_OFF_KIND_BLOCK', startDate: at(2030, 3, 5, 15), endDate: at(2030, 3, 5, 18), version: 1 } } }), 409)).code).toBe('stale_version');

      expect((await deleteTimeOff({ client: member.client, path: { ...path, id: block.id } })).response.status).toBe(204);
      await problem(deleteTimeOff({ client: member.client, path: { ...path, id: block.id } }), 404);
      // Across businesses: 404.
      const stranger = await signUp(s, 'to-stranger');
      const other = await newTenant(stranger);
      await problem(listTimeOff({ client: stranger.client, path }), 404);
      await problem(deleteTimeOff({ client: stranger.client, path: { tenantId: other.id, userId: stranger.userId, id: timeOff.id } }), 404);
    });
  });
}
