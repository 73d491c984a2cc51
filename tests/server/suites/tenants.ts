// Businesses: creation with its defaults and licence, onboarding by opening hours, settings, listing, deletion.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createTenant,
  deleteTenant,
  getTenant,
  getUser,
  listAdminTenants,
  listTeamMembers,
  listUserTenants,
  updateTenant,
} from '../../../generated/sdk.gen.ts';
import type { UtcDateTimeParts } from '../../../generated/types.gen.ts';
import { adminOf, fields, join, newTenant, ok, problem, signUp, signUpOwner, TRIAL_DAYS, weekdayHours, type TestServer } from '../harness.ts';

const DAY_MS = 24 * 3600 * 1000;
const utcMillis = (p: UtcDateTimeParts) => Date.UTC(p.year, p.month - 1, p.day, p.hours, p.minutes, p.seconds);

export function tenantSuite(server: () => TestServer) {
  describe('creating a business', () => {
    it('creates it with EUR, 21 %, a beta-tester licence for the trial, and the caller as owner', async () => {
      const s = server();
      const owner = await signUp(s, 'creator');
      const before = Date.now();
      const tenant = await newTenant(owner, { category: 'hair_salon', services: ['Haircut'] });
      expect(tenant).toMatchObject({
        status: 'TENANT_STATUS_PENDING_OPENING_HOURS',
        ownerUserId: owner.userId,
        email: owner.email,
        category: 'hair_salon',
        currency: { currencyCode: 'EUR' },
        currencySymbol: '€',
        taxPercentage: 21,
        timeZone: 'Europe/Madrid',
        services: ['Haircut'],
        licenseStatus: 'LICENSE_STATUS_BETA_TESTER',
      });
      expect(tenant.opening_hours).toBeUndefined();
      const until = utcMillis(tenant.licenseActiveUntil!);
      expect(until).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY_MS - 2000);
      expect(until).toBeLessThanOrEqual(Date.now() + TRIAL_DAYS * DAY_MS + 2000);

      // The owner is active now, an owner of the team, and finds the business in their list.
      const { user } = await ok(getUser({ client: owner.client, path: { id: owner.userId } }));
      expect(user.status).toBe('USER_STATUS_ACTIVE');
      const team = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(team.items).toEqual([expect.objectContaining({ userId: owner.userId, email: owner.email, role: 'TEAM_ROLE_OWNER', tenantId: tenant.id })]);
      expect(team.total).toBe(1);
      expect(team.invitations).toEqual([]);
      const { tenants } = await ok(listUserTenants({ client: owner.client, path: { userId: owner.userId } }));
      expect(tenants.map((t) => t.id)).toEqual([tenant.id]);
      const { tenant: read } = await ok(getTenant({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(read).toEqual(tenant);
    });

    it('takes another supported currency with its symbol', async () => {
      const owner = await signUp(server(), 'dollars');
      const tenant = await newTenant(owner, { currency: { currencyCode: 'USD' }, taxPercentage: 7.5 });
      expect(tenant).toMatchObject({ currency: { currencyCode: 'USD' }, currencySymbol: '$', taxPercentage: 7.5 });
    });

    it('refuses an unknown time zone (422)', async () => {
      const owner = await signUp(server(), 'mars');
      const p = await problem(createTenant({ client: owner.client, body: { tenant: { businessName: 'Olympus', email: owner.email, timeZone: 'Mars/Olympus' } } }), 422);
      expect(fields(p)).toEqual(['/tenant/timeZone']);
      const { tenants } = await ok(listUserTenants({ client: owner.client, path: { userId: owner.userId } }));
      expect(tenants).toEqual([]);
    });

    it('refuses an unsupported currency (contract: 422)', async () => {
      const owner = await signUp(server(), 'xxx');
      const p = await problem(createTenant({ client: owner.client, body: { tenant: { businessName: 'Nowhere', email: owner.email, currency: { currencyCode: 'XXX' } } } }), 422);
      expect(fields(p)[0]).toMatch(/^\/tenant\/currency/);
    });

    it("defaults the business locale to the owner's (contract)", async () => {
      const owner = await signUp(server(), 'spanish', { locale: 'es-ES' });
      const tenant = await newTenant(owner);
      expect(tenant.locale).toBe('es-ES');
    });

    it('skips the opening-hours step when they are sent at creation (contract)', async () => {
      const owner = await signUp(server(), 'hours-first');
      const tenant = await newTenant(owner, { opening_hours: weekdayHours() });
      expect(tenant.opening_hours).toEqual(weekdayHours());
      expect(tenant.status).toBe('TENANT_STATUS_PENDING_SERVICES_DEFINITION');
    });
  });

  describe('updating a business', () => {
    it('saves opening hours and moves onboarding on to the services step', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'hours');
      const hours = weekdayHours();
      const { tenant: updated } = await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { id: tenant.id, opening_hours: hours } } }));
      expect(updated.status).toBe('TENANT_STATUS_PENDING_SERVICES_DEFINITION');
      expect(updated.opening_hours).toEqual(hours);
      expect(updated.businessName).toBe(tenant.businessName);

      const { tenant: read } = await ok(getTenant({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(read.opening_hours).toEqual(hours);
      expect(read.status).toBe('TENANT_STATUS_PENDING_SERVICES_DEFINITION');

      // Saving them again does not move the business back or forward.
      const later = weekdayHours('Europe/Madrid', [{ start: '10:00', end: '13:00' }]);
      const { tenant: again } = await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { opening_hours: later } } }));
      expect(again.status).toBe('TENANT_STATUS_PENDING_SERVICES_DEFINITION');
      expect(again.opening_hours?.weekly.monday).toEqual([{ start: '10:00', end: '13:00' }]);
    });

    it('refuses overlapping or reversed opening ranges with 422 on the day, and keeps the business as it was', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'overlap');
      const overlapping = weekdayHours('Europe/Madrid', [{ start: '09:00', end: '14:00' }, { start: '13:00', end: '18:00' }]);
      const p = await problem(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { opening_hours: overlapping } } }), 422);
      expect(p.errors).toEqual([expect.objectContaining({ field: '/tenant/opening_hours/weekly/monday', code: 'overlapping_ranges' })]);

      const reversed = weekdayHours('Europe/Madrid', [{ start: '18:00', end: '09:00' }]);
      const r = await problem(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { opening_hours: reversed } } }), 422);
      expect(r.errors).toEqual([expect.objectContaining({ field: '/tenant/opening_hours/weekly/monday', code: 'end_before_start' })]);

      const { tenant: read } = await ok(getTenant({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(read.status).toBe('TENANT_STATUS_PENDING_OPENING_HOURS');
      expect(read.opening_hours).toBeUndefined();
    });

    it('refuses opening hours in another time zone than the business and a body for another business (422)', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'zones');
      const zone = await problem(
        updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { timeZone: 'Europe/Madrid', opening_hours: weekdayHours('America/New_York') } } }),
        422,
      );
      expect(fields(zone)).toEqual(['/tenant/opening_hours/timeZone']);
      const other = await problem(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { id: randomUUID(), businessName: 'Other' } } }), 422);
      expect(fields(other)).toEqual(['/tenant/id']);
    });

    it('changes only the fields sent', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'partial');
      const { tenant: updated } = await ok(
        updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { businessName: 'Renamed', taxPercentage: 10, services: ['Colour', 'Cut'], address: { city: 'Madrid', country: 'ES' } } } }),
      );
      expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(tenant.updatedAt).getTime());
      expect(updated.createdAt).toBe(tenant.createdAt);
      expect(updated).toMatchObject({ businessName: 'Renamed', taxPercentage: 10, services: ['Colour', 'Cut'], address: { city: 'Madrid', country: 'ES' }, email: tenant.email, currencySymbol: '€', status: tenant.status });
      const { tenant: renamedOnly } = await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { currency: { currencyCode: 'GBP' } } } }));
      expect(renamedOnly).toMatchObject({ businessName: 'Renamed', taxPercentage: 10, services: ['Colour', 'Cut'], currency: { currencyCode: 'GBP' }, currencySymbol: '£' });
    });

    it('refuses a settings save based on a stale version (409 stale_version) and keeps the other save', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'stale-settings');
      const path = { tenantId: tenant.id };
      const { tenant: opened } = await ok(getTenant({ client: owner.client, path }));
      const v = opened.version;
      // Two people read version v; the first save wins and moves the version on.
      const { tenant: first } = await ok(updateTenant({ client: owner.client, path, body: { tenant: { version: v, businessName: 'First save', cancellationCutoffMinutes: 60 } } }));
      expect(first.version).toBe(v + 1);
      const p = await problem(updateTenant({ client: owner.client, path, body: { tenant: { version: v, businessName: 'Second save' } } }), 409);
      expect(p.code).toBe('stale_version');
      const { tenant: read } = await ok(getTenant({ client: owner.client, path }));
      expect(read).toMatchObject({ businessName: 'First save', version: v + 1 });
      // Saving a logo alone (no version sent) does not make the open settings form stale.
      const { tenant: logoOnly } = await ok(updateTenant({ client: owner.client, path, body: { tenant: { logoAssetId: null } } }));
      expect(logoOnly.version).toBe(v + 1);
      // …and keeps every field it did not send (it used to reset the cancellation cutoff to 2 h).
      expect(logoOnly.cancellationCutoffMinutes).toBe(60);
      await ok(updateTenant({ client: owner.client, path, body: { tenant: { version: v + 1, businessName: 'Third save' } } }));
    });
  });

  describe('listing and deleting businesses', () => {
    it("lists the caller's businesses, and answers 404 for another user's list", async () => {
      const s = server();
      const { owner, tenant: first } = await signUpOwner(s, 'two-shops');
      const second = await newTenant(owner, { businessName: 'Second shop' });
      const { tenants } = await ok(listUserTenants({ client: owner.client, path: { userId: owner.userId } }));
      expect(tenants.map((t) => t.id).sort()).toEqual([first.id, second.id].sort());
      const stranger = await signUp(s, 'stranger');
      await problem(listUserTenants({ client: stranger.client, path: { userId: owner.userId } }), 404);
    });

    it('deletes a business for its owner: then 404 and gone from the lists, for the team too', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'closing');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'closing-member');
      await ok(deleteTenant({ client: owner.client, path: { tenantId: tenant.id } }), 204);
      await problem(getTenant({ client: member.client, path: { tenantId: tenant.id } }), 404);
      const { tenants: memberTenants } = await ok(listUserTenants({ client: member.client, path: { userId: member.userId } }));
      expect(memberTenants).toEqual([]);
      await problem(getTenant({ client: owner.client, path: { tenantId: tenant.id } }), 404);
      await problem(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }), 404);
      await problem(deleteTenant({ client: owner.client, path: { tenantId: tenant.id } }), 404);
      const { tenants } = await ok(listUserTenants({ client: owner.client, path: { userId: owner.userId } }));
      expect(tenants).toEqual([]);
    });

    it('marks a deleted business TENANT_STATUS_DELETED, still listed to administrators (contract)', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'soft-delete');
      await ok(deleteTenant({ client: owner.client, path: { tenantId: tenant.id } }), 204);
      const admin = await adminOf(s);
      const page = await ok(listAdminTenants({ client: admin.client, query: { q: tenant.businessName } }));
      expect(page.items).toEqual([expect.objectContaining({ id: tenant.id, status: 'TENANT_STATUS_DELETED' })]);
    });
  });
}
