// Service objects: what a customer brings (a car, a pet, a device), with attributes and photos by
// asset id; optimistic versions, idempotent creates, accent-insensitive search, tenant isolation.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createCustomer,
  createServiceObject,
  deleteServiceObject,
  getAssetContent,
  getServiceObject,
  listServiceObjects,
  removeAsset,
  searchServiceObjects,
  updateServiceObject,
} from '../../../generated/sdk.gen.ts';
import type { Client } from '../../../generated/client/index.ts';
import type { ServiceObjectInput } from '../../../generated/types.gen.ts';
import { fields, join, ok, problem, raw, signUpOwner, type TestServer } from '../harness.ts';
import { smallJpeg, upload } from './assets.ts';

async function newCustomer(client: Client, tenantId: string, name = 'Lucía'): Promise<string> {
  const { customer } = await ok(createCustomer({ client, path: { tenantId }, body: { customer: { name, lastName: 'Pérez' } } }), 201);
  return customer.id;
}

const car: ServiceObjectInput = {
  name: 'Seat León blanco',
  kind: 'Coche',
  brand: 'Seat',
  model: 'León ST',
  identifier: '1234 KLM',
  notes: 'Ruido en la rueda delantera izquierda.',
  attributes: [
    { key: 'Kilómetros', value: '84 000 km' },
    { key: 'Combustible', value: 'Diésel' },
  ],
};

export function serviceObjectSuite(server: () => TestServer) {
  describe('service objects', () => {
    it('adds an object with a photo to a customer, reads, lists, updates and deletes it (with its photo)', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'workshop');
      const customerId = await newCustomer(owner.client, tenant.id);
      const photo = await upload(owner.client, tenant.id, await smallJpeg(), 'leon.jpg');
      const path = { tenantId: tenant.id, customerId };

      const { serviceObject: created } = await ok(
        createServiceObject({ client: owner.client, path, body: { serviceObject: { ...car, name: '  Seat León blanco ', photos: [{ assetId: photo.id, caption: 'Frontal' }] } } }),
        201,
      );
      expect(created).toMatchObject({ ...car, tenantId: tenant.id, customerId, version: 1, photos: [{ assetId: photo.id, caption: 'Frontal' }] });
      const { serviceObject: read } = await ok(getServiceObject({ client: owner.client, path: { ...path, id: created.id } }));
      expect(read).toEqual(created);

      const { serviceObject: pet } = await ok(createServiceObject({ client: owner.client, path, body: { serviceObject: { name: 'Abeja', kind: 'Perro' } } }), 201);
      expect(pet).toMatchObject({ photos: [], attributes: [], version: 1 });
      expect(pet.brand).toBeUndefined();
      const list = await ok(listServiceObjects({ client: owner.client, path }));
      expect(list.items.map((o) => o.name)).toEqual(['Abeja', 'Seat León blanco']);
      expect(list.total).toBe(2);
      const paged = await ok(listServiceObjects({ client: owner.client, path, query: { limit: 1, offset: 1 } }));
      expect([paged.items.map((o) => o.id), paged.total]).toEqual([[created.id], 2]);

      // Update: the photo leaves the list, so its image is deleted too.
      const { serviceObject: updated } = await ok(
        updateServiceObject({ client: owner.client, path: { ...path, id: created.id }, body: { serviceObject: { ...car, identifier: '5678 XYZ', photos: [], version: 1 } } }),
      );
      expect(updated).toMatchObject({ identifier: '5678 XYZ', photos: [], version: 2 });
      await problem(getAssetContent({ client: owner.client, path: { tenantId: tenant.id, id: photo.id } }), 404);

      const second = await upload(owner.client, tenant.id, await smallJpeg());
      await ok(updateServiceObject({ client: owner.client, path: { ...path, id: created.id }, body: { serviceObject: { ...car, photos: [{ assetId: second.id }], version: 2 } } }));
      await ok(deleteServiceObject({ client: owner.client, path: { ...path, id: created.id } }), 204);
      await problem(getServiceObject({ client: owner.client, path: { ...path, id: created.id } }), 404);
      await problem(deleteServiceObject({ client: owner.client, path: { ...path, id: created.id } }), 404);
      await problem(getAssetContent({ client: owner.client, path: { tenantId: tenant.id, id: second.id } }), 404);
      expect((await ok(listServiceObjects({ client: owner.client, path }))).total).toBe(1);
    });

    it('lets members read and write them', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'so-member');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'so-member-m');
      const customerId = await newCustomer(owner.client, tenant.id);
      const path = { tenantId: tenant.id, customerId };
      const { serviceObject } = await ok(createServiceObject({ client: member.client, path, body: { serviceObject: { name: 'iPhone 13' } } }), 201);
      await ok(updateServiceObject({ client: member.client, path: { ...path, id: serviceObject.id }, body: { serviceObject: { name: 'iPhone 13 mini', version: 1 } } }));
      await ok(deleteServiceObject({ client: member.client, path: { ...path, id: serviceObject.id } }), 204);
    });

    it('names the failing field: blank name, repeated attribute, unknown or foreign photo, bad body', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'so-validation');
      const { owner: other, tenant: otherTenant } = await signUpOwner(s, 'so-validation-other');
      const customerId = await newCustomer(owner.client, tenant.id);
      const path = { tenantId: tenant.id, customerId };
      const create = (serviceObject: ServiceObjectInput) => createServiceObject({ client: owner.client, path, body: { serviceObject } });

      expect(fields(await problem(create({ name: '   ' }), 422))).toEqual(['/serviceObject/name']);
      const dup = await problem(create({ name: 'Toby', attributes: [{ key: 'Raza', value: 'Schnauzer' }, { key: 'raza ', value: 'Caniche' }] }), 422);
      expect(dup.errors).toEqual([expect.objectContaining({ field: '/serviceObject/attributes/1/key', code: 'duplicate_attribute' })]);
      const unknown = await problem(create({ name: 'Toby', photos: [{ assetId: randomUUID() }] }), 422);
      expect(unknown.errors).toEqual([expect.objectContaining({ field: '/serviceObject/photos/0/assetId', code: 'unknown_asset' })]);
      const foreign = await upload(other.client, otherTenant.id, await smallJpeg());
      expect(fields(await problem(create({ name: 'Toby', photos: [{ assetId: foreign.id }] }), 422))).toEqual(['/serviceObject/photos/0/assetId']);
      const mine = await upload(owner.client, tenant.id, await smallJpeg());
      expect(fields(await problem(create({ name: 'Toby', photos: [{ assetId: mine.id }, { assetId: mine.id }] }), 422))).toEqual(['/serviceObject/photos/1/assetId']);

      // What the SDK would not send: unknown fields and a raw url are refused by the contract.
      const bad = await raw(s.baseUrl, 'POST', `/v1/tenants/${tenant.id}/customers/${customerId}/service_objects`, {
        token: owner.token,
        body: { serviceObject: { name: 'Toby', photos: [{ url: 'https://example.com/toby.jpg' }], colour: 'black' } },
      });
      expect(bad.response.status).toBe(400);
      expect((await ok(listServiceObjects({ client: owner.client, path }))).total).toBe(0);
    });

    it('answers 404 for another business, another customer, or a customer that does not exist', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'so-isolation');
      const { owner: stranger, tenant: theirs } = await signUpOwner(s, 'so-stranger');
      const customerId = await newCustomer(owner.client, tenant.id);
      const otherCustomer = await newCustomer(owner.client, tenant.id, 'Marta');
      const path = { tenantId: tenant.id, customerId };
      const { serviceObject } = await ok(createServiceObject({ client: owner.client, path, body: { serviceObject: car } }), 201);
      const id = serviceObject.id;

      await problem(getServiceObject({ client: stranger.client, path: { ...path, id } }), 404);
      await problem(listServiceObjects({ client: stranger.client, path }), 404);
      await problem(updateServiceObject({ client: stranger.client, path: { ...path, id }, body: { serviceObject: { name: 'x', version: 1 } } }), 404);
      await problem(deleteServiceObject({ client: stranger.client, path: { ...path, id } }), 404);
      // Through the stranger's own business: the customer and the object are not there.
      await problem(getServiceObject({ client: stranger.client, path: { tenantId: theirs.id, customerId, id } }), 404);
      await problem(createServiceObject({ client: stranger.client, path: { tenantId: theirs.id, customerId }, body: { serviceObject: car } }), 404);
      // Another customer of the same business does not own it.
      await problem(getServiceObject({ client: owner.client, path: { tenantId: tenant.id, customerId: otherCustomer, id } }), 404);
      await problem(
        updateServiceObject({ client: owner.client, path: { tenantId: tenant.id, customerId: otherCustomer, id }, body: { serviceObject: { name: 'x', version: 1 } } }),
        404,
      );
      await problem(listServiceObjects({ client: owner.client, path: { tenantId: tenant.id, customerId: randomUUID() } }), 404);
      expect((await ok(getServiceObject({ client: owner.client, path: { ...path, id } }))).serviceObject.name).toBe(car.name);
    });

    it('refuses an update based on a stale version with 409 stale_version and keeps the newer data', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'so-stale');
      const customerId = await newCustomer(owner.client, tenant.id);
      const path = { tenantId: tenant.id, customerId };
      const { serviceObject } = await ok(createServiceObject({ client: owner.client, path, body: { serviceObject: car } }), 201);
      const at = { ...path, id: serviceObject.id };
      await ok(updateServiceObject({ client: owner.client, path: at, body: { serviceObject: { ...car, notes: 'Primera edición', version: 1 } } }));
      const p = await problem(updateServiceObject({ client: owner.client, path: at, body: { serviceObject: { ...car, notes: 'Edición vieja', version: 1 } } }), 409);
      expect(p.code).toBe('stale_version');
      expect(p.retryable).not.toBe(true);
      const { serviceObject: now } = await ok(getServiceObject({ client: owner.client, path: at }));
      expect([now.notes, now.version]).toEqual(['Primera edición', 2]);
    });

    it('creates once per Idempotency-Key', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'so-idempotent');
      const customerId = await newCustomer(owner.client, tenant.id);
      const path = { tenantId: tenant.id, customerId };
      const key = `so-${randomUUID()}`;
      const send = (serviceObject: ServiceObjectInput) => createServiceObject({ client: owner.client, path, headers: { 'Idempotency-Key': key }, body: { serviceObject } });
      const first = await ok(send(car), 201);
      const again = await ok(send(car), 201);
      expect(again.serviceObject.id).toBe(first.serviceObject.id);
      expect((await ok(listServiceObjects({ client: owner.client, path }))).total).toBe(1);
      const reused = await problem(send({ ...car, name: 'Otro coche' }), 422);
      expect(reused.errors?.[0]?.code).toBe('idempotency_key_reused');
    });

    it('searches a customer\'s objects accent- and case-insensitively by name, kind, brand, model and identifier', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'so-search');
      const customerId = await newCustomer(owner.client, tenant.id);
      const otherCustomer = await newCustomer(owner.client, tenant.id, 'Marta');
      const path = { tenantId: tenant.id, customerId };
      for (const serviceObject of [
        car,
        { name: 'Peluca de pelo natural', kind: 'Peluca', brand: 'Hairdo', identifier: 'HD-22817' },
        { name: 'Toby', kind: 'Perro', notes: 'Seat en las notas no cuenta' },
        { name: 'Cafetera 100%_pro', kind: 'Electrodoméstico' },
      ] satisfies ServiceObjectInput[]) {
        await ok(createServiceObject({ client: owner.client, path, body: { serviceObject } }), 201);
      }
      await ok(createServiceObject({ client: owner.client, path: { tenantId: tenant.id, customerId: otherCustomer }, body: { serviceObject: { ...car, name: 'Seat de Marta' } } }), 201);
      const names = async (pattern: string) =>
        (await ok(searchServiceObjects({ client: owner.client, path: { ...path, pattern } }))).items.map((o) => o.name);

      expect(await names('LEON')).toEqual(['Seat León blanco']);
      expect(await names('seat')).toEqual(['Seat León blanco']);
      expect(await names('diesel')).toEqual([]); // attributes are not searched
      expect(await names('hd-228')).toEqual(['Peluca de pelo natural']);
      expect(await names('perro')).toEqual(['Toby']);
      expect(await names('electrodomestico')).toEqual(['Cafetera 100%_pro']);
      expect(await names('100%_')).toEqual(['Cafetera 100%_pro']);
      expect(await names('%')).toEqual(['Cafetera 100%_pro']); // a literal %, not a wildcard
      expect(await names('ca_etera')).toEqual([]); // a literal _, not a wildcard
      expect(await names('peluca natural')).toEqual(['Peluca de pelo natural']);
      const { total } = await ok(listServiceObjects({ client: owner.client, path, query: { q: 'león' } }));
      expect(total).toBe(1);
    });

    it('loses a photo whose image is removed', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'so-photo-removed');
      const customerId = await newCustomer(owner.client, tenant.id);
      const path = { tenantId: tenant.id, customerId };
      const [a, b] = [await upload(owner.client, tenant.id, await smallJpeg()), await upload(owner.client, tenant.id, await smallJpeg())];
      const { serviceObject } = await ok(createServiceObject({ client: owner.client, path, body: { serviceObject: { name: 'Toby', photos: [{ assetId: a.id }, { assetId: b.id, caption: 'Perfil' }] } } }), 201);
      await ok(removeAsset({ client: owner.client, body: { asset: { id: a.id, tenantId: tenant.id } } }), 204);
      const { serviceObject: after } = await ok(getServiceObject({ client: owner.client, path: { ...path, id: serviceObject.id } }));
      expect(after.photos).toEqual([{ assetId: b.id, caption: 'Perfil' }]);
      expect(after.version).toBe(2);
    });
  });
}
