// Appointment distinctions: labels and colours for appointments ("VIP", "First visit"); owners and
// administrators write them, everyone in the team reads them.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createAppointmentDistinction,
  deleteAppointmentDistinction,
  getAppointmentDistinction,
  listAppointmentDistinctions,
  updateAppointmentDistinction,
} from '../../../generated/sdk.gen.ts';
import type { AppointmentDistinction, AppointmentDistinctionInput, Tenant } from '../../../generated/types.gen.ts';
import type { Actor } from '../harness.ts';
import { fields, join, ok, problem, raw, signUpOwner, type TestServer } from '../harness.ts';

async function create(actor: Actor, tenant: Tenant, input: AppointmentDistinctionInput, key?: string): Promise<AppointmentDistinction> {
  const { distinction } = await ok(
    createAppointmentDistinction({
      client: actor.client,
      path: { tenantId: tenant.id },
      body: { distinction: input },
      ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
    }),
    201,
  );
  return distinction;
}

const update = (actor: Actor, d: AppointmentDistinction, changes: Partial<AppointmentDistinctionInput> & { version?: number } = {}) =>
  updateAppointmentDistinction({
    client: actor.client,
    path: { tenantId: d.tenantId, id: d.id },
    body: {
      distinction: {
        distinction: d.distinction,
        color: d.color,
        ...(d.description ? { description: d.description } : {}),
        version: d.version,
        ...changes,
      },
    },
  });

const list = (actor: Actor, tenant: Tenant, query: { limit?: number; offset?: number; q?: string } = {}) =>
  ok(listAppointmentDistinctions({ client: actor.client, path: { tenantId: tenant.id }, query }));

const get = (actor: Actor, tenant: Tenant, id: string) => getAppointmentDistinction({ client: actor.client, path: { tenantId: tenant.id, id } });

export function distinctionsSuite(server: () => TestServer) {
  describe('appointment distinctions', () => {
    it('creates, reads, lists by name, renames and deletes a distinction', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'ad-crud');
      const vip = await create(owner, tenant, { distinction: '  VIP  de la casa ', color: '#FAB005', description: 'Ofrecer café.' });
      expect(vip).toMatchObject({ tenantId: tenant.id, distinction: 'VIP de la casa', color: '#fab005', description: 'Ofrecer café.', version: 1 });
      const first = await create(owner, tenant, { distinction: 'Primera visita' });
      // Without a colour one is picked from the palette, different from the previous one.
      expect(first.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(first.color).not.toBe(vip.color);
      expect(first.description).toBeUndefined();

      expect((await ok(get(owner, tenant, vip.id))).distinction).toEqual(vip);
      const listed = await list(owner, tenant);
      expect(listed.total).toBe(2);
      expect(listed.items.map((d) => d.distinction)).toEqual(['Primera visita', 'VIP de la casa']);

      const { distinction: renamed } = await ok(update(owner, vip, { distinction: 'VIP', color: '#E64980' }));
      expect(renamed).toMatchObject({ distinction: 'VIP', color: '#e64980', description: 'Ofrecer café.', version: 2 });
      // An update without colour keeps the current one; without description clears it.
      const { distinction: kept } = await ok(
        updateAppointmentDistinction({ client: owner.client, path: { tenantId: tenant.id, id: vip.id }, body: { distinction: { distinction: 'VIP', version: 2 } } }),
      );
      expect(kept.color).toBe('#e64980');
      expect(kept.description).toBeUndefined();
      expect((await ok(get(owner, tenant, vip.id))).distinction).toMatchObject({ distinction: 'VIP', version: 3 });

      await ok(deleteAppointmentDistinction({ client: owner.client, path: { tenantId: tenant.id, id: vip.id } }), 204);
      await problem(get(owner, tenant, vip.id), 404);
      await problem(deleteAppointmentDistinction({ client: owner.client, path: { tenantId: tenant.id, id: vip.id } }), 404);
      expect((await list(owner, tenant)).items.map((d) => d.distinction)).toEqual(['Primera visita']);
    });

    it('names the field of bad input (422 blank, 400 by the contract)', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'ad-422');
      const blank = await problem(createAppointmentDistinction({ client: owner.client, path: { tenantId: tenant.id }, body: { distinction: { distinction: '   ' } } }), 422);
      expect(fields(blank)).toEqual(['/distinction/distinction']);
      const d = await create(owner, tenant, { distinction: 'VIP' });
      expect(fields(await problem(update(owner, d, { distinction: ' ' }), 422))).toEqual(['/distinction/distinction']);
      const badColour = raw(s.baseUrl, 'POST', `/v1/tenants/${tenant.id}/appointments/distinctions`, { token: owner.token, body: { distinction: { distinction: 'X', color: 'red' } } });
      expect(fields(await problem(badColour, 400)).join()).toContain('color');
      const tooLong = raw(s.baseUrl, 'POST', `/v1/tenants/${tenant.id}/appointments/distinctions`, { token: owner.token, body: { distinction: { distinction: 'x'.repeat(51) } } });
      expect(fields(await problem(tooLong, 400)).join()).toContain('distinction');
      const noVersion = raw(s.baseUrl, 'PUT', `/v1/tenants/${tenant.id}/appointments/distinctions/${d.id}`, { token: owner.token, body: { distinction: { distinction: 'Y' } } });
      expect(fields(await problem(noVersion, 400)).join()).toContain('version');
      // A NUL character cannot be stored: refused naming the field (for every operation, server/app.ts), never a 5xx.
      const nul = await problem(createAppointmentDistinction({ client: owner.client, path: { tenantId: tenant.id }, body: { distinction: { distinction: 'A\u0000B' } } }), 400);
      expect(fields(nul)).toEqual(['/distinction/distinction']);
      const nulDescription = await problem(update(owner, d, { description: 'x\u0000' }), 400);
      expect(fields(nulDescription)).toEqual(['/distinction/description']);
      expect((await list(owner, tenant)).items.map((x) => x.distinction)).toEqual(['VIP']);
    });

    it('refuses duplicate names (case-insensitive) and stale versions with 409, and creates once per Idempotency-Key', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'ad-409');
      const vip = await create(owner, tenant, { distinction: 'VIP' });
      const dup = await problem(createAppointmentDistinction({ client: owner.client, path: { tenantId: tenant.id }, body: { distinction: { distinction: 'vip' } } }), 409);
      expect(dup.code).toBe('duplicate_name');
      expect(fields(dup)).toEqual(['/distinction/distinction']);
      const other = await create(owner, tenant, { distinction: 'Urgente' });
      expect((await problem(update(owner, other, { distinction: 'Vip' }), 409)).code).toBe('duplicate_name');
      // Renaming to itself with another case is not a duplicate.
      const { distinction: recased } = await ok(update(owner, vip, { distinction: 'Vip' }));
      expect(recased.distinction).toBe('Vip');

      // vip is now at version 2: the version-1 copy is stale.
      const stale = await problem(update(owner, vip, { description: 'Otra' }), 409);
      expect(stale.code).toBe('stale_version');
      expect((await ok(get(owner, tenant, vip.id))).distinction).toMatchObject({ distinction: 'Vip', version: 2 });
      expect((await ok(get(owner, tenant, vip.id))).distinction.description).toBeUndefined();

      const key = randomUUID();
      const once = await create(owner, tenant, { distinction: 'Idem', color: '#123456' }, key);
      expect(await create(owner, tenant, { distinction: 'Idem', color: '#123456' }, key)).toEqual(once);
      expect((await list(owner, tenant)).total).toBe(3);
      // The same key with another body is refused, not replayed.
      const reused = await problem(
        createAppointmentDistinction({ client: owner.client, path: { tenantId: tenant.id }, body: { distinction: { distinction: 'Otra' } }, headers: { 'Idempotency-Key': key } }),
        422,
      );
      expect(fields(reused)).toEqual(['Idempotency-Key']);
      expect((await list(owner, tenant)).total).toBe(3);
    });

    it('pages with a bounded size and searches without accents or case', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'ad-pages');
      for (const distinction of ['Beta', 'alfa', 'Gamma', 'Niño', 'Delta']) await create(owner, tenant, { distinction });
      expect((await list(owner, tenant)).items.map((d) => d.distinction)).toEqual(['alfa', 'Beta', 'Delta', 'Gamma', 'Niño']);
      const page = await list(owner, tenant, { limit: 2, offset: 2 });
      expect(page.total).toBe(5);
      expect(page.items.map((d) => d.distinction)).toEqual(['Delta', 'Gamma']);
      expect((await list(owner, tenant, { offset: 5 })).items).toEqual([]);
      expect((await list(owner, tenant, { q: 'NINO' })).items.map((d) => d.distinction)).toEqual(['Niño']);
      expect((await list(owner, tenant, { q: '%' })).total).toBe(0);
      expect(fields(await problem(listAppointmentDistinctions({ client: owner.client, path: { tenantId: tenant.id }, query: { q: 'a\u0000' } }), 400))).toEqual(['/query/q']);
      await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/appointments/distinctions/list/?limit=201`, { token: owner.token }), 400);
    });

    it("answers 404 for another business's distinctions; members read but may not write (403); admins write", async () => {
      const s = server();
      const a = await signUpOwner(s, 'ad-a');
      const b = await signUpOwner(s, 'ad-b');
      const vip = await create(a.owner, a.tenant, { distinction: 'VIP' });
      await problem(get(b.owner, b.tenant, vip.id), 404);
      await problem(update(b.owner, { ...vip, tenantId: b.tenant.id }), 404);
      await problem(deleteAppointmentDistinction({ client: b.owner.client, path: { tenantId: b.tenant.id, id: vip.id } }), 404);
      await problem(listAppointmentDistinctions({ client: b.owner.client, path: { tenantId: a.tenant.id } }), 404);
      await problem(get(b.owner, a.tenant, vip.id), 404);
      await problem(createAppointmentDistinction({ client: b.owner.client, path: { tenantId: a.tenant.id }, body: { distinction: { distinction: 'Intrusa' } } }), 404);
      expect((await ok(get(a.owner, a.tenant, vip.id))).distinction).toEqual(vip);

      const member = await join(s, a.owner, a.tenant, 'TEAM_ROLE_MEMBER', 'ad-member');
      expect((await list(member, a.tenant)).items.map((d) => d.distinction)).toEqual(['VIP']);
      expect((await ok(get(member, a.tenant, vip.id))).distinction.id).toBe(vip.id);
      await problem(createAppointmentDistinction({ client: member.client, path: { tenantId: a.tenant.id }, body: { distinction: { distinction: 'Nueva' } } }), 403);
      await problem(update(member, vip, { distinction: 'Cambiada' }), 403);
      await problem(deleteAppointmentDistinction({ client: member.client, path: { tenantId: a.tenant.id, id: vip.id } }), 403);
      expect((await list(a.owner, a.tenant)).items).toEqual([vip]);

      const admin = await join(s, a.owner, a.tenant, 'TEAM_ROLE_ADMIN', 'ad-admin');
      const { distinction: renamed } = await ok(update(admin, vip, { distinction: 'Muy VIP' }));
      expect(renamed.distinction).toBe('Muy VIP');
      await create(admin, a.tenant, { distinction: 'De admin' });
      await ok(deleteAppointmentDistinction({ client: admin.client, path: { tenantId: a.tenant.id, id: vip.id } }), 204);
      expect((await list(a.owner, a.tenant)).items.map((d) => d.distinction)).toEqual(['De admin']);
    });
  });
}
