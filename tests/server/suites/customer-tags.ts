// Customer tags: names and colours to group customers; owners and administrators write them,
// everyone in the team reads them; deleting one takes it off every customer.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createCustomer,
  createCustomerTag,
  deleteCustomerTag,
  getCustomer,
  getCustomerTag,
  importCustomers,
  listCustomerTags,
  updateCustomerTag,
} from '../../../generated/sdk.gen.ts';
import type { CustomerTag, CustomerTagInput, Tenant } from '../../../generated/types.gen.ts';
import type { Actor } from '../harness.ts';
import { fields, join, ok, problem, raw, signUpOwner, type TestServer } from '../harness.ts';
import { MAX_CUSTOMER_TAGS } from '../../../common/limits.ts';

async function create(actor: Actor, tenant: Tenant, input: CustomerTagInput, key?: string): Promise<CustomerTag> {
  const { tag } = await ok(
    createCustomerTag({ client: actor.client, path: { tenantId: tenant.id }, body: { tag: input }, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) }),
    201,
  );
  return tag;
}

const update = (actor: Actor, tag: CustomerTag, changes: Partial<CustomerTagInput> & { version?: number } = {}) =>
  updateCustomerTag({
    client: actor.client,
    path: { tenantId: tag.tenantId, id: tag.id },
    body: { tag: { name: tag.name, color: tag.color, ...(tag.description ? { description: tag.description } : {}), version: tag.version, ...changes } },
  });

const list = (actor: Actor, tenant: Tenant, query: { limit?: number; offset?: number; q?: string } = {}) =>
  ok(listCustomerTags({ client: actor.client, path: { tenantId: tenant.id }, query }));

async function customerWith(actor: Actor, tenant: Tenant, name: string, tagIds: string[]) {
  return (await ok(createCustomer({ client: actor.client, path: { tenantId: tenant.id }, body: { customer: { name, tagIds } } }), 201)).customer;
}

export function customerTagsSuite(server: () => TestServer) {
  describe('customer tags', () => {
    it('creates, lists with counts, renames in use, and deletes a tag off every customer', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'ct-crud');
      const regular = await create(owner, tenant, { name: ' Clienta  habitual ', color: '#2F9E44', description: 'Viene cada mes.' });
      expect(regular).toMatchObject({ tenantId: tenant.id, name: 'Clienta habitual', color: '#2f9e44', description: 'Viene cada mes.', customerCount: 0, version: 1 });
      const curly = await create(owner, tenant, { name: 'Pelo rizado' });
      expect(curly.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(curly.color).not.toBe(regular.color);

      const ana = await customerWith(owner, tenant, 'Ana', [regular.id, curly.id]);
      await customerWith(owner, tenant, 'Bea', [regular.id]);
      const listed = await list(owner, tenant);
      expect(listed.items.map((t) => [t.name, t.customerCount])).toEqual([
        ['Clienta habitual', 2],
        ['Pelo rizado', 1],
      ]);
      expect(listed.total).toBe(2);
      expect((await ok(getCustomerTag({ client: owner.client, path: { tenantId: tenant.id, id: regular.id } }))).tag.customerCount).toBe(2);

      const { tag: renamed } = await ok(update(owner, regular, { name: 'Habitual' }));
      expect(renamed).toMatchObject({ name: 'Habitual', color: '#2f9e44', customerCount: 2, version: 2 });
      expect((await ok(getCustomer({ client: owner.client, path: { tenantId: tenant.id, id: ana.id } }))).customer.tagIds).toContain(regular.id);
      // Without a colour the tag keeps its own.
      const { tag: sameColour } = await ok(updateCustomerTag({ client: owner.client, path: { tenantId: tenant.id, id: regular.id }, body: { tag: { name: 'Habitual', version: 2 } } }));
      expect(sameColour.color).toBe('#2f9e44');

      await ok(deleteCustomerTag({ client: owner.client, path: { tenantId: tenant.id, id: regular.id } }), 204);
      await problem(getCustomerTag({ client: owner.client, path: { tenantId: tenant.id, id: regular.id } }), 404);
      expect((await ok(getCustomer({ client: owner.client, path: { tenantId: tenant.id, id: ana.id } }))).customer.tagIds).toEqual([curly.id]);
      expect((await list(owner, tenant)).items.map((t) => t.name)).toEqual(['Pelo rizado']);
    });

    it(`keeps at most ${MAX_CUSTOMER_TAGS} tags per business: the next one, created or imported, is refused with 422 too_many_tags`, async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'ct-cap');
      const other = await signUpOwner(s, 'ct-cap-other');
      expect(MAX_CUSTOMER_TAGS).toBe(200);
      // All but one inserted directly (the API would take a while), the last through the API.
      await s.db.withSystem((tx) =>
        tx.query(`INSERT INTO customer_tags (tenant_id, name, color) SELECT $1::uuid, 'Etiqueta ' || g, '#2f9e44' FROM generate_series(1, $2::int) g`, [
          tenant.id,
          MAX_CUSTOMER_TAGS - 1,
        ]),
      );
      const last = await create(owner, tenant, { name: 'La última' });
      expect((await list(owner, tenant)).total).toBe(MAX_CUSTOMER_TAGS);

      const refused = await problem(createCustomerTag({ client: owner.client, path: { tenantId: tenant.id }, body: { tag: { name: 'Una más' } } }), 422);
      expect(refused.code).toBe('too_many_tags');
      expect(refused.detail).toContain(String(MAX_CUSTOMER_TAGS));
      // An import that would create a tag is refused too, preview included; nothing is imported.
      for (const dryRun of [true, false]) {
        const body = { rows: [{ name: 'Ana', tags: 'Etiqueta 1; Nueva' }], dryRun };
        expect((await problem(importCustomers({ client: owner.client, path: { tenantId: tenant.id }, body }), 422)).code).toBe('too_many_tags');
      }
      // Existing tags still import.
      expect(await ok(importCustomers({ client: owner.client, path: { tenantId: tenant.id }, body: { rows: [{ name: 'Ana', tags: 'Etiqueta 1' }] } }))).toMatchObject({ imported: 1, createdTags: [] });
      expect((await list(owner, tenant)).total).toBe(MAX_CUSTOMER_TAGS);
      // Another business is not counted; deleting a tag makes room again.
      await create(other.owner, other.tenant, { name: 'Una más' });
      await ok(deleteCustomerTag({ client: owner.client, path: { tenantId: tenant.id, id: last.id } }), 204);
      await create(owner, tenant, { name: 'Una más' });
    });

    it('refuses blank and duplicate names, stale versions, and creates once per key', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'ct-rules');
      const vip = await create(owner, tenant, { name: 'VIP' });
      expect(fields(await problem(createCustomerTag({ client: owner.client, path: { tenantId: tenant.id }, body: { tag: { name: '  ' } } }), 422))).toEqual(['/tag/name']);
      const dup = await problem(createCustomerTag({ client: owner.client, path: { tenantId: tenant.id }, body: { tag: { name: 'vip' } } }), 409);
      expect(dup.code).toBe('duplicate_name');
      expect(fields(dup)).toEqual(['/tag/name']);
      const other = await create(owner, tenant, { name: 'Nuevo' });
      expect((await problem(update(owner, other, { name: 'VIP' }), 409)).code).toBe('duplicate_name');
      const bad = raw(s.baseUrl, 'POST', `/v1/tenants/${tenant.id}/customers/tags`, { token: owner.token, body: { tag: { name: 'X', color: 'red' } } });
      expect(fields(await problem(bad, 400)).join()).toContain('color');

      await ok(update(owner, vip, { description: 'Primera.' }));
      expect((await problem(update(owner, vip, { description: 'Segunda.' }), 409)).code).toBe('stale_version');
      expect((await ok(getCustomerTag({ client: owner.client, path: { tenantId: tenant.id, id: vip.id } }))).tag).toMatchObject({ description: 'Primera.', version: 2 });

      const key = randomUUID();
      const first = await create(owner, tenant, { name: 'Idem' }, key);
      expect(await create(owner, tenant, { name: 'Idem' }, key)).toEqual(first);
      expect((await list(owner, tenant)).total).toBe(3);
    });

    it('pages and filters by name', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'ct-pages');
      for (const name of ['Beta', 'alfa', 'Gamma', 'Ñandú', 'Delta']) await create(owner, tenant, { name });
      const all = await list(owner, tenant);
      expect(all.items.map((t) => t.name)).toEqual(['alfa', 'Beta', 'Delta', 'Gamma', 'Ñandú']);
      const second = await list(owner, tenant, { limit: 2, offset: 2 });
      expect(second).toMatchObject({ total: 5 });
      expect(second.items.map((t) => t.name)).toEqual(['Delta', 'Gamma']);
      expect((await list(owner, tenant, { offset: 5 })).items).toEqual([]);
      expect((await list(owner, tenant, { q: 'nandu' })).items.map((t) => t.name)).toEqual(['Ñandú']);
      expect((await list(owner, tenant, { q: '%' })).total).toBe(0);
      await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/customers/tags/list/?limit=201`, { token: owner.token }), 400);
    });

    it("answers 404 for another business's tags; members read but may not write (403)", async () => {
      const s = server();
      const a = await signUpOwner(s, 'ct-a');
      const b = await signUpOwner(s, 'ct-b');
      const tag = await create(a.owner, a.tenant, { name: 'VIP' });
      await problem(getCustomerTag({ client: b.owner.client, path: { tenantId: b.tenant.id, id: tag.id } }), 404);
      await problem(update(b.owner, { ...tag, tenantId: b.tenant.id }), 404);
      await problem(deleteCustomerTag({ client: b.owner.client, path: { tenantId: b.tenant.id, id: tag.id } }), 404);
      await problem(listCustomerTags({ client: b.owner.client, path: { tenantId: a.tenant.id } }), 404);
      // A customer of B cannot carry A's tag.
      expect(fields(await problem(createCustomer({ client: b.owner.client, path: { tenantId: b.tenant.id }, body: { customer: { name: 'X', tagIds: [tag.id] } } }), 422))).toEqual(['/customer/tagIds']);

      const member = await join(s, a.owner, a.tenant, 'TEAM_ROLE_MEMBER', 'ct-member');
      expect((await list(member, a.tenant)).items.map((t) => t.name)).toEqual(['VIP']);
      await problem(createCustomerTag({ client: member.client, path: { tenantId: a.tenant.id }, body: { tag: { name: 'Nuevo' } } }), 403);
      await problem(update(member, tag, { name: 'Cambiado' }), 403);
      await problem(deleteCustomerTag({ client: member.client, path: { tenantId: a.tenant.id, id: tag.id } }), 403);
      // …but may put an existing tag on a customer.
      expect((await customerWith(member, a.tenant, 'Ana', [tag.id])).tagIds).toEqual([tag.id]);

      const admin = await join(s, a.owner, a.tenant, 'TEAM_ROLE_ADMIN', 'ct-admin');
      const { tag: renamed } = await ok(update(admin, tag, { name: 'Muy VIP' }));
      expect(renamed.name).toBe('Muy VIP');
      await ok(deleteCustomerTag({ client: admin.client, path: { tenantId: a.tenant.id, id: tag.id } }), 204);
    });
  });
}
