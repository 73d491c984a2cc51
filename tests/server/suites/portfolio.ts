// The portfolio (issue 19): before/after photos per service and customer; a customer's photo needs
// their consent and disappears everywhere (lists, the public booking page) once it is revoked;
// deleting an item leaves its images to the asset cleaner, which keeps what something else shows.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createCustomer,
  createPortfolioItem,
  createService,
  deletePortfolioItem,
  deleteService,
  getAssetContent,
  getBookingPage,
  getPortfolioItem,
  listPortfolioItems,
  updatePortfolioItem,
  updatePortfolioSettings,
  updateTenant,
} from '../../../generated/sdk.gen.ts';
import type { PortfolioItem, PortfolioItemInput } from '../../../generated/types.gen.ts';
import { createAssetCleaner } from '../../../server/assets/cleanup.ts';
import { diskStorage } from '../../../server/assets/storage.ts';
import { clientFor, fields, join, ok, problem, raw, signUpOwner, type Actor, type TestServer } from '../harness.ts';
import { smallJpeg, upload } from './assets.ts';

const DAY = 24 * 3600;

export function portfolioSuite(server: () => TestServer) {
  describe('portfolio', () => {
    async function salon(label: string) {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, label);
      const path = { tenantId: tenant.id };
      const { service } = await ok(createService({ client: owner.client, path, body: { service: { name: 'Balayage', durationMinutes: 90, price: { amount: 8000, currency: 'EUR' } } } }), 201);
      const { customer } = await ok(createCustomer({ client: owner.client, path, body: { customer: { name: 'Lucía', lastName: 'Pérez' } } }), 201);
      const image = async () => (await upload(owner.client, tenant.id, await smallJpeg())).id;
      const add = async (item: PortfolioItemInput, actor: Actor = owner) =>
        (await ok(createPortfolioItem({ client: actor.client, path, body: { portfolioItem: item }, headers: { 'Idempotency-Key': randomUUID() } }), 201)).portfolioItem;
      const list = async (query: { hidden?: boolean; tag?: string; q?: string; serviceId?: string; customerId?: string } = {}) => (await ok(listPortfolioItems({ client: owner.client, path, query }))).items.map((i) => i.title);
      return { s, owner, tenant, path, service, customer, image, add, list };
    }

    it("records a customer's consent, and hides their photo everywhere once it is revoked", async () => {
      const { s, owner, tenant, path, service, customer, image, add, list } = await salon('portfolio-consent');
      const [after, before, plain] = [await image(), await image(), await image()];

      const refused = await problem(
        createPortfolioItem({ client: owner.client, path, body: { portfolioItem: { title: 'Lucía', imageAssetId: after, customerId: customer.id } } }),
        422,
      );
      expect([fields(refused), refused.errors?.[0]?.code]).toEqual([['/portfolioItem/customerConsent'], 'consent_required']);

      const lucia = await add({ title: 'Balayage de Lucía', description: 'Antes y después', imageAssetId: after, beforeImageAssetId: before, serviceId: service.id, customerId: customer.id, customerConsent: true, tags: ['Color', 'color '] });
      expect(lucia).toMatchObject({ serviceName: 'Balayage', customerName: 'Lucía Pérez', hidden: false, tags: ['color'], version: 1 });
      expect(lucia.consent).toMatchObject({ recordedBy: owner.userId });
      expect(lucia.consent!.revokedAt).toBeUndefined();
      expect(lucia.beforeImageUrl).toBe(`/v1/tenants/${tenant.id}/assets/${before}`);
      await add({ title: 'Corte sin cliente', imageAssetId: plain, featured: true });
      expect(await list()).toEqual(['Corte sin cliente', 'Balayage de Lucía']);
      expect(await list({ tag: 'COLOR' })).toEqual(['Balayage de Lucía']);
      expect(await list({ serviceId: service.id })).toEqual(['Balayage de Lucía']);
      expect(await list({ customerId: customer.id })).toEqual(['Balayage de Lucía']);
      expect(await list({ serviceId: randomUUID() })).toEqual([]);

      // The booking page shows the portfolio only once the owner turns it on.
      const { tenant: on } = await ok(updateTenant({ client: owner.client, path, body: { tenant: { onlineBooking: { enabled: true } } } }));
      const slug = on.onlineBooking!.slug!;
      const anonymous = clientFor(s.baseUrl);
      const page = async () => (await ok(getBookingPage({ client: anonymous, path: { slug } }))).page;
      expect((await page()).portfolio).toBeUndefined();
      await ok(updatePortfolioSettings({ client: owner.client, path, body: { portfolioSettings: { showOnBookingPage: true } } }));
      const shown = (await page()).portfolio!;
      expect(shown.map((i) => [i.title, Boolean(i.beforeImageUrl)])).toEqual([
        ['Corte sin cliente', false],
        ['Balayage de Lucía', true],
      ]);
      const publicPhoto = shown[1]!.imageUrl;
      const photo = await fetch(`${s.baseUrl}${publicPhoto}`);
      expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/webp']);

      // Revoked: out of the list (but under hidden=true, to delete it or record consent again), off the booking page, its public photo 404.
      const { portfolioItem: revoked } = await ok(
        updatePortfolioItem({
          client: owner.client,
          path: { ...path, id: lucia.id },
          body: { portfolioItem: { title: lucia.title, imageAssetId: after, beforeImageAssetId: before, serviceId: service.id, customerId: customer.id, customerConsent: false, version: 1 } },
        }),
      );
      expect(revoked).toMatchObject({ hidden: true, version: 2, consent: { recordedBy: owner.userId, revokedBy: owner.userId } });
      expect(await list()).toEqual(['Corte sin cliente']);
      expect(await list({ hidden: true })).toEqual(['Balayage de Lucía']);
      expect((await page()).portfolio!.map((i) => i.title)).toEqual(['Corte sin cliente']);
      expect((await fetch(`${s.baseUrl}${publicPhoto}`)).status).toBe(404);
      expect((await fetch(`${s.baseUrl}${publicPhoto.replace(/after$/, 'before')}`)).status).toBe(404);
      // A stale update is refused; the owner sees the item on its own page.
      await problem(updatePortfolioItem({ client: owner.client, path: { ...path, id: lucia.id }, body: { portfolioItem: { title: 'x', imageAssetId: after, version: 1 } } }), 409);
      expect((await ok(getPortfolioItem({ client: owner.client, path: { ...path, id: lucia.id } }))).portfolioItem.hidden).toBe(true);

      // Turned off: the booking page shows nothing and no photo is served.
      await ok(updatePortfolioSettings({ client: owner.client, path, body: { portfolioSettings: { showOnBookingPage: false } } }));
      expect((await page()).portfolio).toBeUndefined();
      expect((await fetch(`${s.baseUrl}${shown[0]!.imageUrl}`)).status).toBe(404);
    });

    it("revokes a customer's consent even once the item's service is gone; another gone service is refused", async () => {
      const { owner, path, service, customer, image, add } = await salon('portfolio-gone-service');
      const item = await add({ title: 'Mechas', imageAssetId: await image(), serviceId: service.id, customerId: customer.id, customerConsent: true });
      const { service: other } = await ok(createService({ client: owner.client, path, body: { service: { name: 'Tinte', durationMinutes: 60, price: { amount: 5000, currency: 'EUR' } } } }), 201);
      await ok(deleteService({ client: owner.client, path: { ...path, id: service.id } }), 204);
      await ok(deleteService({ client: owner.client, path: { ...path, id: other.id } }), 204);
      const kept = { title: item.title, imageAssetId: item.imageAssetId, customerId: customer.id, version: item.version };
      const { portfolioItem: revoked } = await ok(
        updatePortfolioItem({ client: owner.client, path: { ...path, id: item.id }, body: { portfolioItem: { ...kept, serviceId: service.id, customerConsent: false } } }),
      );
      expect(revoked).toMatchObject({ hidden: true, serviceId: service.id });
      const refused = await problem(
        updatePortfolioItem({ client: owner.client, path: { ...path, id: item.id }, body: { portfolioItem: { ...kept, serviceId: other.id, version: revoked.version } } }),
        422,
      );
      expect(refused.errors?.[0]?.code).toBe('unknown_service');
    });

    it('keeps a deleted item’s image while something else shows it; the cleaner takes the rest', async () => {
      const { s, owner, path, image, add } = await salon('portfolio-clean');
      const [shared, own, before] = [await image(), await image(), await image()];
      await ok(createService({ client: owner.client, path, body: { service: { name: 'Mechas', durationMinutes: 60, price: { amount: 5000, currency: 'EUR' }, imageAssetId: shared } } }), 201);
      const a = await add({ title: 'A', imageAssetId: shared });
      const b = await add({ title: 'B', imageAssetId: own, beforeImageAssetId: before });
      const kept = await add({ title: 'C', imageAssetId: await image(), beforeImageAssetId: before });
      await ok(deletePortfolioItem({ client: owner.client, path: { ...path, id: a.id } }), 204);
      await ok(deletePortfolioItem({ client: owner.client, path: { ...path, id: b.id } }), 204);
      await problem(getPortfolioItem({ client: owner.client, path: { ...path, id: b.id } }), 404);
      await s.db.withSystem((tx) => tx.query('UPDATE assets SET created_at = now() - interval \'2 days\' WHERE tenant_id = $1', [path.tenantId]));
      await createAssetCleaner({ db: s.db, storage: diskStorage(s.config.assets.dir), graceSeconds: DAY }).runOnce();
      const status = async (id: string) => (await getAssetContent({ client: owner.client, path: { tenantId: path.tenantId, id }, parseAs: 'blob' })).response.status;
      // `shared` is the service's picture, `before` is item C's before photo; `own` showed only B.
      expect([await status(shared), await status(before), await status(own)]).toEqual([200, 200, 404]);
      expect((await ok(getPortfolioItem({ client: owner.client, path: { ...path, id: kept.id } }))).portfolioItem.beforeImageAssetId).toBe(before);
    });

    it('lets members look but not change; other businesses and their images are refused', async () => {
      const { s, owner, path, image, add, customer } = await salon('portfolio-rights');
      const member = await join(s, owner, { id: path.tenantId } as never, 'TEAM_ROLE_MEMBER', 'portfolio-member');
      const item: PortfolioItem = await add({ title: 'Corte', imageAssetId: await image() });
      expect((await ok(listPortfolioItems({ client: member.client, path }))).items.map((i) => i.id)).toEqual([item.id]);
      await problem(createPortfolioItem({ client: member.client, path, body: { portfolioItem: { title: 'x', imageAssetId: item.imageAssetId } } }), 403);
      await problem(updatePortfolioItem({ client: member.client, path: { ...path, id: item.id }, body: { portfolioItem: { title: 'x', imageAssetId: item.imageAssetId, version: 1 } } }), 403);
      await problem(deletePortfolioItem({ client: member.client, path: { ...path, id: item.id } }), 403);
      await problem(updatePortfolioSettings({ client: member.client, path, body: { portfolioSettings: { showOnBookingPage: true } } }), 403);

      const other = await signUpOwner(s, 'portfolio-other');
      const otherPath = { tenantId: other.tenant.id };
      await problem(getPortfolioItem({ client: other.owner.client, path: { ...otherPath, id: item.id } }), 404);
      await problem(getPortfolioItem({ client: other.owner.client, path: { ...path, id: item.id } }), 404);
      // Another business's image, service or customer cannot be put in one's portfolio.
      const theirs = await problem(createPortfolioItem({ client: other.owner.client, path: otherPath, body: { portfolioItem: { title: 'x', imageAssetId: item.imageAssetId } } }), 422);
      expect(fields(theirs)).toEqual(['/portfolioItem/imageAssetId']);
      const ownImage = (await upload(other.owner.client, other.tenant.id, await smallJpeg())).id;
      const customerOfOthers = await problem(
        createPortfolioItem({ client: other.owner.client, path: otherPath, body: { portfolioItem: { title: 'x', imageAssetId: ownImage, customerId: customer.id, customerConsent: true } } }),
        422,
      );
      expect(fields(customerOfOthers)).toEqual(['/portfolioItem/customerId']);
      expect((await raw(s.baseUrl, 'GET', `/v1/tenants/${path.tenantId}/portfolios`)).response.status).toBe(401);
    });
  });
}
