// Public operations, request ids, and how the contract's validation rejects bad requests.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getConfiguration, getTenant, listCurrencies, listUserTenants } from '../../../generated/sdk.gen.ts';
import { clientFor, fields, ok, problem, raw, signUp, signUpOwner, TRIAL_DAYS, type TestServer } from '../harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function platformSuite(server: () => TestServer) {
  describe('sitemaps and robots.txt (issue 19)', () => {
    it('lists sign-in, registration and the enabled booking pages in both languages, as XML, and keeps the dashboard out of robots.txt', async () => {
      const s = server();
      const { tenant } = await signUpOwner(s, 'sitemap');
      const { tenant: hidden } = await signUpOwner(s, 'sitemap-off');
      const slug = `sitemap-${randomUUID().slice(0, 8)}`;
      const offSlug = `sitemap-off-${randomUUID().slice(0, 8)}`;
      await s.db.withSystem(async (tx) => {
        await tx.query(`UPDATE tenants SET booking_enabled = true, booking_slug = $2 WHERE id = $1`, [tenant.id, slug]);
        await tx.query(`UPDATE tenants SET booking_enabled = false, booking_slug = $2 WHERE id = $1`, [hidden.id, offSlug]);
      });
      const index = await raw(s.baseUrl, 'GET', '/sitemap.xml');
      expect(index.response.status).toBe(200);
      expect(index.response.headers.get('content-type')).toMatch(/^application\/xml/);
      for (const name of ['index', 'en-US', 'es-ES']) expect(index.json).toContain(`https://cita.test/${name}-sitemap.xml`);
      const es = await raw(s.baseUrl, 'GET', '/es-ES-sitemap.xml');
      expect(es.response.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(es.json).toContain('<loc>https://cita.test/es-ES/login</loc>');
      expect(es.json).toContain('<loc>https://cita.test/es-ES/register</loc>');
      expect(es.json).toContain(`<loc>https://cita.test/es-ES/book/${slug}</loc>`);
      expect(es.json).toContain(`hreflang="en-US" href="https://cita.test/book/${slug}"`);
      expect(es.json).not.toContain(offSlug);
      const en = await raw(s.baseUrl, 'GET', '/en-US-sitemap.xml');
      expect(en.json).toContain(`<loc>https://cita.test/book/${slug}</loc>`);
      expect((await raw(s.baseUrl, 'GET', '/index-sitemap.xml')).response.status).toBe(200);
      const robots = await raw(s.baseUrl, 'GET', '/robots.txt');
      expect(robots.response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(robots.json).toContain('Disallow: /\n');
      expect(robots.json).toContain('Sitemap: https://cita.test/sitemap.xml');
    });
  });

  describe('public operations', () => {
    it('serves the configuration without a session', async () => {
      const { configuration } = await ok(getConfiguration({ client: clientFor(server().baseUrl) }));
      expect(configuration.trialPeriodDays).toBe(TRIAL_DAYS);
      expect(configuration.proPlan.name).toBe('Pro');
      expect(configuration.premiumPlan.name).toBe('Premium');
      // The plans' selling points are the SPA's, translated (issue 18): the catalogue sends none.
      expect([...configuration.proPlan.features, ...configuration.premiumPlan.features]).toEqual([]);
      const en = configuration.businessCategories.en.categories;
      const es = configuration.businessCategories.es.categories;
      expect(en.map((c) => c.code)).toEqual(es.map((c) => c.code));
      expect(en.find((c) => c.code === 'hair_salon')?.name).toBe('Hair salon');
      expect(es.find((c) => c.code === 'hair_salon')?.name).toBe('Peluquería');
    });

    it('lists the currencies without a session', async () => {
      const { items, total } = await ok(listCurrencies({ client: clientFor(server().baseUrl) }));
      expect(total).toBe(items.length);
      expect(items.find((c) => c.code === 'EUR')).toEqual({ code: 'EUR', symbol: '€', name: 'Euro', minorUnits: 2 });
      expect(items.find((c) => c.code === 'JPY')?.minorUnits).toBe(0);
    });

    it('lists the currencies sorted by code (contract: "sorted by code")', async () => {
      const { items } = await ok(listCurrencies({ client: clientFor(server().baseUrl) }));
      const codes = items.map((c) => c.code);
      expect(codes).toEqual([...codes].sort());
    });
  });

  describe('request ids and problems', () => {
    it('gives every request its own id, in the header and in problems, never the caller\'s', async () => {
      const client = clientFor(server().baseUrl);
      // A caller's id would let it forge or collide log lines: it is ignored.
      const given = await getConfiguration({ client, headers: { 'x-request-id': 'it-request-1' } });
      expect(given.response.status).toBe(200);
      expect(given.response.headers.get('x-request-id')).toMatch(UUID);

      const made = await getConfiguration({ client });
      expect(made.response.headers.get('x-request-id')).toMatch(UUID);
      expect(made.response.headers.get('x-request-id')).not.toBe(given.response.headers.get('x-request-id'));

      const p = await problem(getTenant({ client, path: { tenantId: randomUUID() }, headers: { 'x-request-id': 'it-request-2' } }), 401);
      expect(p.requestId).toMatch(UUID);
    });

    it('answers an unknown route with a 404 problem', async () => {
      const p = await problem(raw(server().baseUrl, 'GET', '/v1/no-such-thing'), 404);
      expect(p.detail).toContain('/v1/no-such-thing');
    });
  });

  describe('request validation', () => {
    it("compiles every operation's validators and response serializers (built on a route's first use, not at start-up)", () => {
      // Each operation has at least its parameters or its body, and its answers: far more than a hundred of each.
      const compiled = server().app.compileSchemas();
      expect(compiled.validators).toBeGreaterThan(100);
      expect(compiled.serializers).toBeGreaterThan(100);
    });

    it('refuses an unknown body field with 400 naming it', async () => {
      const s = server();
      const me = await signUp(s, 'unknown-field');
      const top = await problem(raw(s.baseUrl, 'PUT', `/v1/users/${me.userId}`, { token: me.token, body: { user: { name: 'Ana' }, x: 1 } }), 400);
      expect(fields(top)).toEqual(['/x']);
      const nested = await problem(raw(s.baseUrl, 'PUT', `/v1/users/${me.userId}`, { token: me.token, body: { user: { name: 'Ana', nickname: 'an' } } }), 400);
      expect(fields(nested)).toEqual(['/user/nickname']);
      expect(nested.errors?.[0]?.code).toBe('additionalProperties');
    });

    it('refuses a wrong type and a missing field with 400, and creates nothing', async () => {
      const s = server();
      const me = await signUp(s, 'wrong-type');
      const wrong = await problem(
        raw(s.baseUrl, 'POST', '/v1/tenants', { token: me.token, body: { tenant: { businessName: 'Typed', email: me.email, taxPercentage: '21' } } }),
        400,
      );
      expect(fields(wrong)).toEqual(['/tenant/taxPercentage']);
      const missing = await problem(raw(s.baseUrl, 'POST', '/v1/tenants', { token: me.token, body: { tenant: { email: me.email } } }), 400);
      expect(fields(missing)).toEqual(['/tenant/businessName']);
      expect(missing.errors?.[0]?.code).toBe('required');
      const { tenants } = await ok(listUserTenants({ client: me.client, path: { userId: me.userId } }));
      expect(tenants).toEqual([]);
    });

    it('refuses a malformed uuid in the path and a malformed query parameter with 400', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'bad-path');
      const path = await problem(raw(s.baseUrl, 'GET', '/v1/tenants/not-a-uuid', { token: owner.token }), 400);
      expect(fields(path)).toEqual(['tenantId']);
      const query = await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/team?limit=many`, { token: owner.token }), 400);
      expect(fields(query)).toEqual(['limit']);
    });

    it('refuses a body over the size limit with 413', async () => {
      const s = server();
      const huge = JSON.stringify({ firebase_id_token: 'x'.repeat(200 * 1024) });
      const p = await problem(raw(s.baseUrl, 'POST', '/v1/users/login', { rawBody: huge }), 413);
      expect(p.detail).toMatch(/128 kB/);
    });

    it('refuses a body that is not valid JSON with 400', async () => {
      const s = server();
      await problem(raw(s.baseUrl, 'POST', '/v1/users/login', { rawBody: '{"firebase_id_token":' }), 400);
    });

    it('refuses a body sent as another type than JSON with 415, before any handler runs', async () => {
      const s = server();
      const me = await signUp(s, 'plain-text');
      const text = { 'content-type': 'text/plain' };
      await problem(raw(s.baseUrl, 'POST', '/v1/tenants', { token: me.token, rawBody: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
      const body = JSON.stringify({ tenant: { businessName: 'Plain', email: me.email } });
      await problem(raw(s.baseUrl, 'POST', '/v1/tenants', { token: me.token, rawBody: body, headers: text }), 415);
      await problem(raw(s.baseUrl, 'PUT', `/v1/users/${me.userId}`, { token: me.token, rawBody: 'Ana', headers: text }), 415);
      await problem(raw(s.baseUrl, 'POST', '/v1/users/login', { rawBody: 'token', headers: text }), 415);
    });
  });
}
