// Services: the catalogue the business books, and the step that completes onboarding.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createService, deleteService, getService, getTenant, listServices, removeAsset, updateService } from '../../../generated/sdk.gen.ts';
import type { Service, ServiceInput, Tenant } from '../../../generated/types.gen.ts';
import type { Actor } from '../harness.ts';
import { fields, join, newTenant, ok, problem, raw, signUp, signUpOwner, weekdayHours, type TestServer } from '../harness.ts';
import { smallJpeg, upload } from './assets.ts';

const haircut = (extra: Partial<ServiceInput> = {}): ServiceInput => ({
  name: 'Corte y peinado',
  durationMinutes: 45,
  price: { amount: 2500, currency: 'EUR' },
  ...extra,
});

async function create(actor: Actor, tenant: Tenant, input: ServiceInput, key?: string): Promise<Service> {
  const { service } = await ok(
    createService({ client: actor.client, path: { tenantId: tenant.id }, body: { service: input }, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) }),
    201,
  );
  return service;
}

const update = (actor: Actor, service: Service, changes: Partial<ServiceInput> & { version?: number } = {}) =>
  updateService({
    client: actor.client,
    path: { tenantId: service.tenantId, id: service.id },
    body: {
      service: {
        name: service.name,
        durationMinutes: service.durationMinutes,
        price: service.price,
        taxIncluded: service.taxIncluded,
        taxPercentage: service.taxPercentage,
        color: service.color,
        active: service.active,
        bufferMinutes: service.bufferMinutes,
        onlineBookable: service.onlineBookable,
        userIds: service.userIds,
        ...(service.category ? { category: service.category } : {}),
        ...(service.description ? { description: service.description } : {}),
        version: service.version,
        ...changes,
      },
    },
  });

export function servicesSuite(server: () => TestServer) {
  describe('services', () => {
    it('creates, reads, lists, updates and deletes a service, with the documented defaults', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'svc-crud');
      const created = await create(owner, tenant, haircut({ description: 'Lavado, corte y peinado.', category: 'Peluquería', userIds: [owner.userId] }));
      expect(created).toMatchObject({
        tenantId: tenant.id,
        name: 'Corte y peinado',
        durationMinutes: 45,
        price: { amount: 2500, currency: 'EUR' },
        taxIncluded: true,
        taxPercentage: tenant.taxPercentage,
        active: true,
        bufferMinutes: 0,
        onlineBookable: false,
        userIds: [owner.userId],
        version: 1,
      });
      expect(created.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(created.archivedAt).toBeUndefined();

      const { service: read } = await ok(getService({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }));
      expect(read).toEqual(created);
      const list = await ok(listServices({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(list).toEqual({ items: [created], total: 1 });

      const { service: changed } = await ok(update(owner, created, { name: 'Corte de caballero', price: { amount: 1800, currency: 'EUR' }, taxIncluded: false, taxPercentage: 10, color: '#12b886', userIds: [] }));
      expect(changed).toMatchObject({ id: created.id, name: 'Corte de caballero', price: { amount: 1800, currency: 'EUR' }, taxIncluded: false, taxPercentage: 10, color: '#12b886', userIds: [], version: 2 });
      // Omitting the colour on update keeps it; omitting the tax rate takes the business's.
      const { service: kept } = await ok(updateService({ client: owner.client, path: { tenantId: tenant.id, id: created.id }, body: { service: { name: changed.name, durationMinutes: 60, price: changed.price, version: 2 } } }));
      expect(kept).toMatchObject({ color: '#12b886', taxPercentage: tenant.taxPercentage, durationMinutes: 60, version: 3, taxIncluded: true });

      expect((await deleteService({ client: owner.client, path: { tenantId: tenant.id, id: created.id } })).response.status).toBe(204);
      await problem(getService({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }), 404);
      await problem(deleteService({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }), 404);
      expect(await ok(listServices({ client: owner.client, path: { tenantId: tenant.id } }))).toEqual({ items: [], total: 0 });
    });

    it('completes onboarding with the first active service, not with an inactive one', async () => {
      const owner = await signUp(server(), 'svc-onboard');
      const tenant = await newTenant(owner, { opening_hours: weekdayHours() });
      expect(tenant.status).toBe('TENANT_STATUS_PENDING_SERVICES_DEFINITION');
      const status = async () => (await ok(getTenant({ client: owner.client, path: { tenantId: tenant.id } }))).tenant.status;

      const inactive = await create(owner, tenant, haircut({ name: 'Tinte', active: false }));
      expect(await status()).toBe('TENANT_STATUS_PENDING_SERVICES_DEFINITION');
      // Activating it is what completes the step.
      await ok(update(owner, inactive, { active: true }));
      expect(await status()).toBe('TENANT_STATUS_ACTIVE');

      // A business still choosing its opening hours stays there.
      const early = await newTenant(owner);
      expect(early.status).toBe('TENANT_STATUS_PENDING_OPENING_HOURS');
      await create(owner, early, haircut());
      expect((await ok(getTenant({ client: owner.client, path: { tenantId: early.id } }))).tenant.status).toBe('TENANT_STATUS_PENDING_OPENING_HOURS');
    });

    it('completes onboarding when the first service is created active', async () => {
      const owner = await signUp(server(), 'svc-onboard-direct');
      const tenant = await newTenant(owner, { opening_hours: weekdayHours() });
      await create(owner, tenant, haircut());
      expect((await ok(getTenant({ client: owner.client, path: { tenantId: tenant.id } }))).tenant.status).toBe('TENANT_STATUS_ACTIVE');
    });

    it('refuses what the contract refuses, naming the field', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'svc-rules');
      const path = { tenantId: tenant.id };
      const post = (service: ServiceInput) => createService({ client: owner.client, path, body: { service } });

      expect(fields(await problem(post(haircut({ name: '   ' })), 422))).toEqual(['/service/name']);
      const currency = await problem(post(haircut({ price: { amount: 2500, currency: 'USD' } })), 422);
      expect(currency.errors).toEqual([expect.objectContaining({ field: '/service/price/currency', code: 'currency_mismatch' })]);
      expect(fields(await problem(post(haircut({ price: { amount: -1, currency: 'EUR' } })), 422))).toEqual(['/service/price/amount']);
      // The money module's one bound: 10^12 minor units (10,000,000,000.00 EUR); below 0 is out_of_range.
      expect((await problem(post(haircut({ price: { amount: -1, currency: 'EUR' } })), 422)).errors).toEqual([expect.objectContaining({ code: 'out_of_range' })]);
      expect(fields(await problem(post(haircut({ taxPercentage: 21.0005 })), 422))).toEqual(['/service/taxPercentage']);
      const stranger = await signUp(s, 'svc-stranger');
      const member = await problem(post(haircut({ userIds: [owner.userId, stranger.userId] })), 422);
      expect(member.errors).toEqual([expect.objectContaining({ field: '/service/userIds/1', code: 'unknown_team_member' })]);

      // What the SDK would refuse to send: the server's own validation answers 400 naming the field.
      const send = (service: unknown) => raw(s.baseUrl, 'POST', `/v1/tenants/${tenant.id}/services`, { token: owner.token, body: { service } });
      expect(fields(await problem(send({ ...haircut(), durationMinutes: 47 }), 400)).join()).toContain('durationMinutes');
      expect(fields(await problem(send({ ...haircut(), durationMinutes: 0 }), 400)).join()).toContain('durationMinutes');
      expect(fields(await problem(send({ ...haircut(), price: { amount: 12.5, currency: 'EUR' } }), 400)).join()).toContain('price');
      // Beyond the bound the contract's Money (maximum 10^12) refuses it before the handler.
      const beyond = await problem(send({ ...haircut(), name: 'Más', price: { amount: 1_000_000_000_001, currency: 'EUR' } }), 400);
      expect(beyond.errors).toEqual([expect.objectContaining({ code: 'maximum' })]);
      expect(fields(beyond).join()).toContain('price/amount');
      expect(fields(await problem(send({ ...haircut(), color: 'red' }), 400)).join()).toContain('color');
      expect(fields(await problem(send({ ...haircut(), bufferMinutes: 7 }), 400)).join()).toContain('bufferMinutes');
      expect(fields(await problem(send({ ...haircut(), name: 'x'.repeat(101) }), 400)).join()).toContain('name');
      await problem(send({ ...haircut(), surprise: true }), 400);
      await problem(send({ name: 'No price', durationMinutes: 30 }), 400);
      // An update must say which version it read.
      const created = await create(owner, tenant, haircut());
      const put = raw(s.baseUrl, 'PUT', `/v1/tenants/${tenant.id}/services/${created.id}`, { token: owner.token, body: { service: haircut() } });
      expect(fields(await problem(put, 400)).join()).toContain('version');
      // The bound itself is a valid price.
      const { service: dearest } = await ok(update(owner, created, { price: { amount: 1_000_000_000_000, currency: 'EUR' } }));
      expect(dearest.price.amount).toBe(1_000_000_000_000);

      expect(await ok(listServices({ client: owner.client, path }))).toMatchObject({ total: 1 });
    });

    it('keeps names unique regardless of case, and frees the name of a deleted service', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'svc-dup');
      const first = await create(owner, tenant, haircut());
      const dup = await problem(createService({ client: owner.client, path: { tenantId: tenant.id }, body: { service: haircut({ name: ' CORTE Y PEINADO ' }) } }), 409);
      expect(dup.code).toBe('duplicate_name');
      expect(fields(dup)).toEqual(['/service/name']);
      const other = await create(owner, tenant, haircut({ name: 'Manicura' }));
      expect((await problem(update(owner, other, { name: 'corte y peinado' }), 409)).code).toBe('duplicate_name');
      await ok(deleteService({ client: owner.client, path: { tenantId: tenant.id, id: first.id } }), 204);
      expect((await create(owner, tenant, haircut())).name).toBe('Corte y peinado');
    });

    it("answers 404 for another business's services, and to strangers", async () => {
      const s = server();
      const a = await signUpOwner(s, 'svc-a');
      const b = await signUpOwner(s, 'svc-b');
      const service = await create(a.owner, a.tenant, haircut());
      const foreign = { tenantId: b.tenant.id, id: service.id };
      await problem(getService({ client: b.owner.client, path: foreign }), 404);
      await problem(update(b.owner, { ...service, tenantId: b.tenant.id }), 404);
      await problem(deleteService({ client: b.owner.client, path: foreign }), 404);
      const own = { tenantId: a.tenant.id, id: service.id };
      await problem(getService({ client: b.owner.client, path: own }), 404);
      await problem(listServices({ client: b.owner.client, path: { tenantId: a.tenant.id } }), 404);
      await problem(createService({ client: b.owner.client, path: { tenantId: a.tenant.id }, body: { service: haircut() } }), 404);
      await problem(update(b.owner, service), 404);
      await problem(deleteService({ client: b.owner.client, path: own }), 404);
      await problem(getService({ client: a.owner.client, path: { tenantId: a.tenant.id, id: randomUUID() } }), 404);
      expect((await ok(getService({ client: a.owner.client, path: own }))).service).toEqual(service);
    });

    it('lets members read services but only owners and administrators write them', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'svc-roles');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'svc-member');
      const admin = await join(s, owner, tenant, 'TEAM_ROLE_ADMIN', 'svc-admin');
      const service = await create(owner, tenant, haircut());
      const path = { tenantId: tenant.id, id: service.id };

      expect((await ok(listServices({ client: member.client, path: { tenantId: tenant.id } }))).total).toBe(1);
      expect((await ok(getService({ client: member.client, path }))).service).toEqual(service);
      await problem(createService({ client: member.client, path: { tenantId: tenant.id }, body: { service: haircut({ name: 'Por un miembro' }) } }), 403);
      await problem(update(member, service, { name: 'Cambiado' }), 403);
      await problem(deleteService({ client: member.client, path }), 403);
      expect((await ok(getService({ client: owner.client, path }))).service).toEqual(service);

      const byAdmin = await create(admin, tenant, haircut({ name: 'Del administrador' }));
      await ok(update(admin, service, { name: 'Cambiado por el administrador' }));
      await ok(deleteService({ client: admin.client, path: { tenantId: tenant.id, id: byAdmin.id } }), 204);
    });

    it('answers 409 stale_version to an update based on an old version, and changes nothing', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'svc-stale');
      const service = await create(owner, tenant, haircut());
      const { service: first } = await ok(update(owner, service, { name: 'Primera' }));
      expect(first.version).toBe(2);
      const stale = await problem(update(owner, service, { name: 'Segunda' }), 409);
      expect(stale.code).toBe('stale_version');
      expect(stale.retryable).not.toBe(true);
      expect((await ok(getService({ client: owner.client, path: { tenantId: tenant.id, id: service.id } }))).service).toEqual(first);
    });

    it('creates once per Idempotency-Key and answers the first response again', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'svc-idem');
      const key = `svc-${randomUUID()}`;
      const first = await create(owner, tenant, haircut(), key);
      const again = await create(owner, tenant, haircut(), key);
      expect(again).toEqual(first);
      expect((await ok(listServices({ client: owner.client, path: { tenantId: tenant.id } }))).total).toBe(1);
      // The same key for another body is a client bug.
      const reused = await problem(createService({ client: owner.client, path: { tenantId: tenant.id }, body: { service: haircut({ name: 'Otro' }) }, headers: { 'Idempotency-Key': key } }), 422);
      expect(reused.errors?.[0]?.code).toBe('idempotency_key_reused');
      // A failed create does not burn its key.
      const failing = `svc-${randomUUID()}`;
      await problem(createService({ client: owner.client, path: { tenantId: tenant.id }, body: { service: haircut({ name: 'Otro', price: { amount: 1, currency: 'USD' } }) }, headers: { 'Idempotency-Key': failing } }), 422);
      expect((await create(owner, tenant, haircut({ name: 'Otro' }), failing)).name).toBe('Otro');
      // Keys are per business: another business may use the same one.
      const other = await signUpOwner(s, 'svc-idem-other');
      expect((await create(other.owner, other.tenant, haircut(), key)).tenantId).toBe(other.tenant.id);
    });

    it('pages, sorts and filters the list with bounded pages', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'svc-page');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'svc-page-member');
      const tenantId = tenant.id;
      const made = [
        await create(owner, tenant, haircut({ name: 'Tinte completo', category: 'Color', durationMinutes: 90, price: { amount: 4500, currency: 'EUR' } })),
        await create(owner, tenant, haircut({ name: 'Corte y peinado', category: 'Peluquería', durationMinutes: 45, price: { amount: 2500, currency: 'EUR' } })),
        await create(owner, tenant, haircut({ name: 'Manicura', category: 'Uñas', durationMinutes: 30, price: { amount: 1500, currency: 'EUR' }, userIds: [member.userId] })),
        await create(owner, tenant, haircut({ name: 'Mechas 50% off', category: 'Color', durationMinutes: 120, price: { amount: 6000, currency: 'EUR' }, active: false, userIds: [owner.userId] })),
        await create(owner, tenant, haircut({ name: 'Barba', durationMinutes: 15, price: { amount: 900, currency: 'EUR' } })),
      ];
      const names = async (query: Parameters<typeof listServices>[0]['query']) => {
        const page = await ok(listServices({ client: owner.client, path: { tenantId }, query }));
        return { names: page.items.map((item) => item.name), total: page.total };
      };
      // Default: by category (none first), then name.
      expect(await names({})).toEqual({ names: ['Barba', 'Mechas 50% off', 'Tinte completo', 'Corte y peinado', 'Manicura'], total: 5 });
      expect(await names({ sort: 'price' })).toEqual({ names: ['Barba', 'Manicura', 'Corte y peinado', 'Tinte completo', 'Mechas 50% off'], total: 5 });
      expect((await names({ sort: '-price' })).names[0]).toBe('Mechas 50% off');
      expect((await names({ sort: 'duration' })).names).toEqual(['Barba', 'Manicura', 'Corte y peinado', 'Tinte completo', 'Mechas 50% off']);
      expect((await names({ sort: '-name' })).names).toEqual(['Tinte completo', 'Mechas 50% off', 'Manicura', 'Corte y peinado', 'Barba']);

      // Pages cover the list once, in order; past the end is empty but still counts.
      const pages = [await names({ limit: 2, offset: 0, sort: 'name' }), await names({ limit: 2, offset: 2, sort: 'name' }), await names({ limit: 2, offset: 4, sort: 'name' })];
      expect(pages.flatMap((p) => p.names)).toEqual(['Barba', 'Corte y peinado', 'Manicura', 'Mechas 50% off', 'Tinte completo']);
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
      expect(await names({ limit: 2, offset: 5 })).toEqual({ names: [], total: 5 });
      expect(await names({ limit: 200 })).toMatchObject({ total: 5 });
      for (const query of ['limit=0', 'limit=201', 'offset=-1', 'sort=price_desc', 'active=maybe']) {
        await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenantId}/services?${query}`, { token: owner.token }), 400);
      }

      // Filters: accent- and case-insensitive text, wildcards taken literally, active, category, team member.
      expect((await names({ q: 'PELUQUERIA' })).names).toEqual(['Corte y peinado']);
      expect((await names({ q: '50%' })).names).toEqual(['Mechas 50% off']);
      expect((await names({ q: '%' })).names).toEqual(['Mechas 50% off']);
      expect((await names({ q: '_' })).total).toBe(0);
      expect((await names({ active: false })).names).toEqual(['Mechas 50% off']);
      expect((await names({ active: true })).total).toBe(4);
      expect((await names({ category: 'color' })).names).toEqual(['Mechas 50% off', 'Tinte completo']);
      // A member performs the services assigned to them and those assigned to nobody.
      expect((await names({ userId: member.userId })).names).toEqual(['Barba', 'Tinte completo', 'Corte y peinado', 'Manicura']);
      expect((await names({ userId: owner.userId })).names).toEqual(['Barba', 'Mechas 50% off', 'Tinte completo', 'Corte y peinado']);
      expect(made).toHaveLength(5);
    });

    it('archives a service that other records refer to instead of removing it', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'svc-archive');
      const kept = await create(owner, tenant, haircut({ name: 'Reservado' }));
      const free = await create(owner, tenant, haircut({ name: 'Libre' }));
      // Stands in for the appointments and sales that will refer to services (see migration 004).
      await s.db.withSystem((tx) =>
        tx.query(`CREATE OR REPLACE FUNCTION cita_service_in_use(p_tenant uuid, p_id uuid) RETURNS boolean LANGUAGE sql STABLE RETURN p_id = '${kept.id}'::uuid`),
      );
      try {
        await ok(deleteService({ client: owner.client, path: { tenantId: tenant.id, id: kept.id } }), 204);
        await ok(deleteService({ client: owner.client, path: { tenantId: tenant.id, id: free.id } }), 204);
      } finally {
        await s.db.withSystem((tx) => tx.query('CREATE OR REPLACE FUNCTION cita_service_in_use(p_tenant uuid, p_id uuid) RETURNS boolean LANGUAGE sql STABLE RETURN false'));
      }
      const { service: archived } = await ok(getService({ client: owner.client, path: { tenantId: tenant.id, id: kept.id } }));
      expect(archived.archivedAt).toBeDefined();
      expect(archived.active).toBe(false);
      await problem(getService({ client: owner.client, path: { tenantId: tenant.id, id: free.id } }), 404);
      expect(await ok(listServices({ client: owner.client, path: { tenantId: tenant.id } }))).toEqual({ items: [], total: 0 });
      // Gone for writes, and its name is free again.
      await problem(update(owner, archived, { name: 'Otro' }), 404);
      await problem(deleteService({ client: owner.client, path: { tenantId: tenant.id, id: kept.id } }), 404);
      expect((await create(owner, tenant, haircut({ name: 'Reservado' }))).id).not.toBe(kept.id);
    });

    it('keeps a picture of the business: its own images only, removed by an update without it or with the image', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'svc-image');
      const other = await signUpOwner(server(), 'svc-image-other');
      const picture = await upload(owner.client, tenant.id, await smallJpeg(), 'balayage.jpg');
      const foreign = await upload(other.owner.client, other.tenant.id, await smallJpeg(), 'elsewhere.jpg');

      const created = await create(owner, tenant, haircut({ imageAssetId: picture.id }));
      expect(created.imageAssetId).toBe(picture.id);
      expect((await ok(getService({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }))).service.imageAssetId).toBe(picture.id);

      // Another business's image, or an id that is no image at all: 422 naming the field.
      const p = await problem(createService({ client: owner.client, path: { tenantId: tenant.id }, body: { service: haircut({ name: 'Otro', imageAssetId: foreign.id }) } }), 422);
      expect(p.errors).toEqual([expect.objectContaining({ field: '/service/imageAssetId', code: 'unknown_asset' })]);
      expect(fields(await problem(update(owner, created, { imageAssetId: randomUUID() }), 422))).toEqual(['/service/imageAssetId']);

      // PUT replaces: an update without the field removes the picture.
      const { service: without } = await ok(update(owner, created));
      expect(without.imageAssetId).toBeUndefined();
      const { service: withIt } = await ok(update(owner, without, { imageAssetId: picture.id }));
      expect(withIt.imageAssetId).toBe(picture.id);

      // A member may not remove the catalogue's picture; the owner may, and the service loses it (a new version).
      const member = await join(server(), owner, tenant, 'TEAM_ROLE_MEMBER', 'svc-image-member');
      await problem(removeAsset({ client: member.client, body: { asset: { id: picture.id, tenantId: tenant.id } } }), 403);
      await ok(removeAsset({ client: owner.client, body: { asset: { id: picture.id, tenantId: tenant.id } } }), 204);
      const after = (await ok(getService({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }))).service;
      expect(after.imageAssetId).toBeUndefined();
      expect(after.version).toBe(withIt.version + 1);
    });
  });
}
