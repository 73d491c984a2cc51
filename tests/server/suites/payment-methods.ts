// Payment methods: how the business gets paid; a new business starts with Cash and Card.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createPaymentMethod,
  deletePaymentMethod,
  getPaymentMethod,
  listPaymentMethods,
  updatePaymentMethod,
} from '../../../generated/sdk.gen.ts';
import type { PaymentMethod, PaymentMethodInput, Tenant } from '../../../generated/types.gen.ts';
import type { Actor } from '../harness.ts';
import { fields, join, newTenant, ok, problem, raw, signUp, signUpOwner, type TestServer } from '../harness.ts';

const bizum = (extra: Partial<PaymentMethodInput> = {}): PaymentMethodInput => ({ name: 'Bizum', kind: 'PAYMENT_METHOD_KIND_BIZUM', ...extra });

async function create(actor: Actor, tenant: Tenant, input: PaymentMethodInput, key?: string): Promise<PaymentMethod> {
  const { paymentMethod } = await ok(
    createPaymentMethod({ client: actor.client, path: { tenantId: tenant.id }, body: { paymentMethod: input }, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) }),
    201,
  );
  return paymentMethod;
}

const update = (actor: Actor, method: PaymentMethod, changes: Partial<PaymentMethodInput> & { version?: number } = {}) =>
  updatePaymentMethod({
    client: actor.client,
    path: { tenantId: method.tenantId, id: method.id },
    body: {
      paymentMethod: {
        name: method.name,
        kind: method.kind,
        active: method.active,
        commissionPercentage: method.commissionPercentage,
        isDefault: method.isDefault,
        sortOrder: method.sortOrder,
        ...(method.notes ? { notes: method.notes } : {}),
        version: method.version,
        ...changes,
      },
    },
  });

const list = async (actor: Actor, tenant: Tenant, query?: { limit?: number; offset?: number; active?: boolean }) =>
  ok(listPaymentMethods({ client: actor.client, path: { tenantId: tenant.id }, ...(query ? { query } : {}) }));

export function paymentMethodsSuite(server: () => TestServer) {
  describe('payment methods', () => {
    it('gives a new business Cash (the default) and Card, in its language', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'pm-defaults');
      const english = await list(owner, tenant);
      expect(english.items.map((m) => [m.name, m.kind, m.isDefault, m.active, m.sortOrder])).toEqual([
        ['Cash', 'PAYMENT_METHOD_KIND_CASH', true, true, 0],
        ['Card', 'PAYMENT_METHOD_KIND_CARD', false, true, 1],
      ]);
      expect(english.total).toBe(2);

      const spanish = await newTenant(owner, { locale: 'es-ES' });
      expect((await list(owner, spanish)).items.map((m) => m.name)).toEqual(['Efectivo', 'Tarjeta']);
      // A business takes its owner's language when it names none.
      const hablante = await signUp(s, 'pm-es', { locale: 'es-ES' });
      const negocio = await newTenant(hablante);
      expect((await list(hablante, negocio)).items.map((m) => m.name)).toEqual(['Efectivo', 'Tarjeta']);
    });

    it('creates, reads, updates and deletes a method; one default at a time', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'pm-crud');
      const created = await create(owner, tenant, bizum({ commissionPercentage: 0.5, sortOrder: 2, notes: 'Al 612 000 111.' }));
      expect(created).toMatchObject({ tenantId: tenant.id, name: 'Bizum', kind: 'PAYMENT_METHOD_KIND_BIZUM', active: true, commissionPercentage: 0.5, isDefault: false, sortOrder: 2, notes: 'Al 612 000 111.', version: 1 });
      expect((await ok(getPaymentMethod({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }))).paymentMethod).toEqual(created);

      const [cash] = (await list(owner, tenant)).items;
      const { paymentMethod: changed } = await ok(update(owner, created, { name: 'Bizum salón', isDefault: true, commissionPercentage: 1.25 }));
      expect(changed).toMatchObject({ name: 'Bizum salón', isDefault: true, commissionPercentage: 1.25, version: 2 });
      // The old default is no longer one, and its version says it changed.
      const { paymentMethod: formerDefault } = await ok(getPaymentMethod({ client: owner.client, path: { tenantId: tenant.id, id: cash!.id } }));
      expect(formerDefault).toMatchObject({ isDefault: false, version: cash!.version + 1 });
      expect((await list(owner, tenant)).items.filter((m) => m.isDefault).map((m) => m.id)).toEqual([created.id]);

      const card = await create(owner, tenant, { name: 'Datáfono', kind: 'PAYMENT_METHOD_KIND_CARD', isDefault: true });
      expect((await list(owner, tenant)).items.filter((m) => m.isDefault).map((m) => m.id)).toEqual([card.id]);

      await ok(deletePaymentMethod({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }), 204);
      await problem(getPaymentMethod({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }), 404);
      await problem(deletePaymentMethod({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }), 404);
      expect((await list(owner, tenant)).items.map((m) => m.name)).toEqual(['Cash', 'Datáfono', 'Card']);
    });

    it('refuses what the contract refuses, naming the field', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'pm-rules');
      const post = (paymentMethod: PaymentMethodInput) => createPaymentMethod({ client: owner.client, path: { tenantId: tenant.id }, body: { paymentMethod } });
      expect(fields(await problem(post(bizum({ kind: 'PAYMENT_METHOD_KIND_UNSPECIFIED' })), 422))).toEqual(['/paymentMethod/kind']);
      expect(fields(await problem(post(bizum({ name: '  ' })), 422))).toEqual(['/paymentMethod/name']);
      expect(fields(await problem(post(bizum({ isDefault: true, active: false })), 422))).toEqual(['/paymentMethod/isDefault']);
      expect(fields(await problem(post(bizum({ commissionPercentage: 1.2345 })), 422))).toEqual(['/paymentMethod/commissionPercentage']);
      const send = (paymentMethod: unknown) => raw(s.baseUrl, 'POST', `/v1/tenants/${tenant.id}/payment-methods`, { token: owner.token, body: { paymentMethod } });
      expect(fields(await problem(send({ name: 'X', kind: 'PAYMENT_METHOD_KIND_CHEQUE' }), 400)).join()).toContain('kind');
      expect(fields(await problem(send({ name: 'X', kind: 'PAYMENT_METHOD_KIND_OTHER', sortOrder: 1001 }), 400)).join()).toContain('sortOrder');
      expect(fields(await problem(send({ name: 'X', kind: 'PAYMENT_METHOD_KIND_OTHER', commissionPercentage: 101 }), 400)).join()).toContain('commissionPercentage');
      expect(fields(await problem(send({ name: '', kind: 'PAYMENT_METHOD_KIND_OTHER' }), 400)).join()).toContain('name');
      await problem(send({ name: 'X', kind: 'PAYMENT_METHOD_KIND_OTHER', extra: 1 }), 400);
      const [cash] = (await list(owner, tenant)).items;
      const put = raw(s.baseUrl, 'PUT', `/v1/tenants/${tenant.id}/payment-methods/${cash!.id}`, { token: owner.token, body: { paymentMethod: { name: 'Cash', kind: 'PAYMENT_METHOD_KIND_CASH' } } });
      expect(fields(await problem(put, 400)).join()).toContain('version');

      const dup = await problem(post({ name: 'CASH', kind: 'PAYMENT_METHOD_KIND_OTHER' }), 409);
      expect(dup.code).toBe('duplicate_name');
      expect(fields(dup)).toEqual(['/paymentMethod/name']);
      expect((await list(owner, tenant)).total).toBe(2);
    });

    it("answers 404 for another business's methods; members read but do not write", async () => {
      const s = server();
      const a = await signUpOwner(s, 'pm-a');
      const b = await signUpOwner(s, 'pm-b');
      const method = await create(a.owner, a.tenant, bizum());
      await problem(getPaymentMethod({ client: b.owner.client, path: { tenantId: b.tenant.id, id: method.id } }), 404);
      await problem(update(b.owner, { ...method, tenantId: b.tenant.id }), 404);
      await problem(deletePaymentMethod({ client: b.owner.client, path: { tenantId: b.tenant.id, id: method.id } }), 404);
      await problem(getPaymentMethod({ client: b.owner.client, path: { tenantId: a.tenant.id, id: method.id } }), 404);
      await problem(listPaymentMethods({ client: b.owner.client, path: { tenantId: a.tenant.id } }), 404);
      await problem(update(b.owner, method), 404);
      await problem(getPaymentMethod({ client: a.owner.client, path: { tenantId: a.tenant.id, id: randomUUID() } }), 404);

      const member = await join(s, a.owner, a.tenant, 'TEAM_ROLE_MEMBER', 'pm-member');
      expect((await list(member, a.tenant)).total).toBe(3);
      expect((await ok(getPaymentMethod({ client: member.client, path: { tenantId: a.tenant.id, id: method.id } }))).paymentMethod).toEqual(method);
      await problem(createPaymentMethod({ client: member.client, path: { tenantId: a.tenant.id }, body: { paymentMethod: bizum({ name: 'PayPal', kind: 'PAYMENT_METHOD_KIND_OTHER' }) } }), 403);
      await problem(update(member, method, { name: 'Cambiado' }), 403);
      await problem(deletePaymentMethod({ client: member.client, path: { tenantId: a.tenant.id, id: method.id } }), 403);
      expect((await ok(getPaymentMethod({ client: a.owner.client, path: { tenantId: a.tenant.id, id: method.id } }))).paymentMethod).toEqual(method);
      const admin = await join(s, a.owner, a.tenant, 'TEAM_ROLE_ADMIN', 'pm-admin');
      await ok(update(admin, method, { name: 'Bizum (administrador)' }));
    });

    it('answers 409 stale_version to an update based on an old version, and changes nothing', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'pm-stale');
      const method = await create(owner, tenant, bizum());
      const { paymentMethod: first } = await ok(update(owner, method, { sortOrder: 5 }));
      const stale = await problem(update(owner, method, { sortOrder: 9, isDefault: true }), 409);
      expect(stale.code).toBe('stale_version');
      expect((await ok(getPaymentMethod({ client: owner.client, path: { tenantId: tenant.id, id: method.id } }))).paymentMethod).toEqual(first);
      // The stale request did not take the default away from Cash either.
      expect((await list(owner, tenant)).items.find((m) => m.isDefault)?.name).toBe('Cash');
    });

    it('creates once per Idempotency-Key and answers the first response again', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'pm-idem');
      const key = `pm-${randomUUID()}`;
      const first = await create(owner, tenant, bizum(), key);
      expect(await create(owner, tenant, bizum(), key)).toEqual(first);
      expect((await list(owner, tenant)).total).toBe(3);
      const reused = await problem(createPaymentMethod({ client: owner.client, path: { tenantId: tenant.id }, body: { paymentMethod: bizum({ name: 'Otro' }) }, headers: { 'Idempotency-Key': key } }), 422);
      expect(reused.errors?.[0]?.code).toBe('idempotency_key_reused');
    });

    it('pages in till order with bounded pages and filters by active', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'pm-page');
      await create(owner, tenant, bizum({ sortOrder: 1 }));
      await create(owner, tenant, { name: 'Transferencia', kind: 'PAYMENT_METHOD_KIND_TRANSFER', sortOrder: 3, active: false });
      await create(owner, tenant, { name: 'Abono', kind: 'PAYMENT_METHOD_KIND_OTHER', sortOrder: 1 });
      const all = ['Cash', 'Abono', 'Bizum', 'Card', 'Transferencia'];
      expect((await list(owner, tenant)).items.map((m) => m.name)).toEqual(all);
      const pages = [await list(owner, tenant, { limit: 2 }), await list(owner, tenant, { limit: 2, offset: 2 }), await list(owner, tenant, { limit: 2, offset: 4 })];
      expect(pages.flatMap((p) => p.items.map((m) => m.name))).toEqual(all);
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
      expect(await list(owner, tenant, { limit: 2, offset: 5 })).toEqual({ items: [], total: 5 });
      expect((await list(owner, tenant, { active: false })).items.map((m) => m.name)).toEqual(['Transferencia']);
      for (const query of ['limit=0', 'limit=201', 'offset=-3']) {
        await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/payment-methods?${query}`, { token: owner.token }), 400);
      }
    });

    it('archives a method that other records refer to instead of removing it', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'pm-archive');
      const [cash] = (await list(owner, tenant)).items;
      await s.db.withSystem((tx) =>
        tx.query(`CREATE OR REPLACE FUNCTION cita_payment_method_in_use(p_tenant uuid, p_id uuid) RETURNS boolean LANGUAGE sql STABLE RETURN p_id = '${cash!.id}'::uuid`),
      );
      try {
        await ok(deletePaymentMethod({ client: owner.client, path: { tenantId: tenant.id, id: cash!.id } }), 204);
      } finally {
        await s.db.withSystem((tx) => tx.query('CREATE OR REPLACE FUNCTION cita_payment_method_in_use(p_tenant uuid, p_id uuid) RETURNS boolean LANGUAGE sql STABLE RETURN false'));
      }
      const { paymentMethod: archived } = await ok(getPaymentMethod({ client: owner.client, path: { tenantId: tenant.id, id: cash!.id } }));
      expect(archived).toMatchObject({ active: false, isDefault: false });
      expect(archived.archivedAt).toBeDefined();
      expect((await list(owner, tenant)).items.map((m) => m.name)).toEqual(['Card']);
      await problem(update(owner, archived, { name: 'Cash again' }), 404);
      expect((await create(owner, tenant, { name: 'Cash', kind: 'PAYMENT_METHOD_KIND_CASH', isDefault: true })).isDefault).toBe(true);
    });
  });
}
