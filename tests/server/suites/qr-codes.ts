// QR codes (issue 19): printed codes that lead through the short link /q/{code} (counted, re-pointable,
// 410 once deleted), Wi-Fi and SEPA payment codes, their images, and who may do what.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createQrCode, deleteQrCode, getQrCode, listQrCodes, updateQrCode, updateTenant } from '../../../generated/sdk.gen.ts';
import type { QrCode, QrCodeInput, Tenant } from '../../../generated/types.gen.ts';
import type { Actor } from '../harness.ts';
import { fields, join, ok, problem, raw, signUpOwner, type TestServer } from '../harness.ts';

const create = async (actor: Actor, tenant: Tenant, qrCode: QrCodeInput, key?: string): Promise<QrCode> =>
  (await ok(createQrCode({ client: actor.client, path: { tenantId: tenant.id }, body: { qrCode }, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) }), 201)).qrCode;

const review = (targetUrl = 'https://g.page/r/salon/review'): QrCodeInput => ({ name: 'Reseñas', kind: 'QR_CODE_KIND_REVIEW', targetUrl });

/** One scan as a phone's browser makes it: no redirect followed. */
const scanOf = (s: TestServer, code: string, headers: Record<string, string> = {}) => fetch(`${s.baseUrl}/q/${code}`, { redirect: 'manual', headers });

const codeOf = (p: { errors?: Array<{ code: string }> }) => p.errors?.[0]?.code;

/** Today in Madrid (the businesses' time zone here), written by hand from the clock. */
const madridToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

export function qrCodesSuite(server: () => TestServer) {
  describe('QR codes', () => {
    it('counts 50 simultaneous scans as 50, redirects with 302 and follows a re-pointed target', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'qr-scan');
      const qr = await create(owner, tenant, review());
      expect(qr.code).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(qr).toMatchObject({ kind: 'QR_CODE_KIND_REVIEW', targetUrl: 'https://g.page/r/salon/review', payload: `${s.config.publicUrl}/q/${qr.code}`, scanCount: 0, version: 1 });
      expect(qr.imageUrl).toBe(`/v1/${tenant.id}/qrs/${qr.id}/image`);

      const scans = await Promise.all(Array.from({ length: 50 }, () => scanOf(s, qr.code!)));
      expect(scans.map((r) => r.status)).toEqual(Array(50).fill(302));
      expect(new Set(scans.map((r) => r.headers.get('location')))).toEqual(new Set(['https://g.page/r/salon/review']));
      const read = await ok(getQrCode({ client: owner.client, path: { tenantId: tenant.id, id: qr.id } }));
      expect(read.qrCode.scanCount).toBe(50);
      expect(read.qrCode.lastScannedAt).toBeDefined();
      expect(read.dailyScans).toEqual([{ day: madridToday(), count: 50 }]);
      // A link preview (HEAD) is not a scan.
      expect((await fetch(`${s.baseUrl}/q/${qr.code}`, { method: 'HEAD', redirect: 'manual' })).status).toBe(302);

      // Re-pointed: the same printed code now leads elsewhere; the version guards the change.
      const update = (targetUrl: string, version: number) =>
        updateQrCode({ client: owner.client, path: { tenantId: tenant.id, id: qr.id }, body: { qrCode: { name: 'Reseñas', targetUrl, version } } });
      const { qrCode: moved } = await ok(update('https://www.example.com/opiniones?ref=qr', 1));
      expect(moved).toMatchObject({ code: qr.code, version: 2, scanCount: 50, targetUrl: 'https://www.example.com/opiniones?ref=qr' });
      expect((await problem(update('https://elsewhere.example/', 1), 409)).code).toBe('stale_version');
      const again = await scanOf(s, qr.code!);
      expect([again.status, again.headers.get('location')]).toEqual([302, 'https://www.example.com/opiniones?ref=qr']);
      expect((await ok(getQrCode({ client: owner.client, path: { tenantId: tenant.id, id: qr.id } }))).dailyScans).toEqual([{ day: madridToday(), count: 51 }]);

      // Deleted: printed copies answer 410 (a page in the browser's language), not a redirect.
      await ok(deleteQrCode({ client: owner.client, path: { tenantId: tenant.id, id: qr.id } }), 204);
      const gone = await scanOf(s, qr.code!);
      expect(gone.status).toBe(410);
      expect(((await gone.json()) as { status: number }).status).toBe(410);
      const page = await scanOf(s, qr.code!, { accept: 'text/html', 'accept-language': 'es-ES,es;q=0.9' });
      expect(page.status).toBe(410);
      expect(await page.text()).toContain('Este código QR ya no está en uso');
      expect((await ok(listQrCodes({ client: owner.client, path: { tenantId: tenant.id } }))).items).toEqual([]);
      await problem(getQrCode({ client: owner.client, path: { tenantId: tenant.id, id: qr.id } }), 404);

      // Unknown and malformed codes: 404, a page for browsers.
      expect((await scanOf(s, 'Zz9Zz9Zz')).status).toBe(404);
      expect((await scanOf(s, '..%2F..')).status).toBe(404);
      const unknown = await scanOf(s, 'Zz9Zz9Zz', { accept: 'text/html' });
      expect([unknown.status, (await unknown.text()).includes('This QR code does not exist')]).toEqual([404, true]);
    });

    it('encodes Wi-Fi and SEPA payment codes exactly, with their escaping and checks', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'qr-payloads');
      const wifi = await create(owner, tenant, {
        name: 'Wi-Fi',
        kind: 'QR_CODE_KIND_WIFI',
        wifi: { ssid: 'Ana;s "Salon"', password: 'a:b,c\\d1', security: 'QR_WIFI_SECURITY_WPA', hidden: true },
      });
      expect(wifi.payload).toBe('WIFI:T:WPA;S:Ana\\;s \\"Salon\\";P:a\\:b\\,c\\\\d1;H:true;;');
      expect(wifi.code).toBeUndefined();
      const open = await create(owner, tenant, { name: 'Open', kind: 'QR_CODE_KIND_WIFI', wifi: { ssid: 'Invitados', security: 'QR_WIFI_SECURITY_NONE' } });
      expect(open.payload).toBe('WIFI:T:nopass;S:Invitados;;');

      const pay = await create(owner, tenant, {
        name: 'Pago',
        kind: 'QR_CODE_KIND_PAYMENT',
        payment: { iban: 'es91 2100 0418 4502 0005 1332', bic: 'caixesbbxxx', beneficiary: 'Peluquería Ana SL', amount: 2550, reference: 'Factura F-2026-7' },
      });
      expect(pay.payload).toBe('BCD\n002\n1\nSCT\nCAIXESBBXXX\nPeluquería Ana SL\nES9121000418450200051332\nEUR25.50\n\n\nFactura F-2026-7');
      const bare = await create(owner, tenant, { name: 'Pago libre', kind: 'QR_CODE_KIND_PAYMENT', payment: { iban: 'DE89370400440532013000', beneficiary: 'Ana' } });
      expect(bare.payload).toBe('BCD\n002\n1\nSCT\n\nAna\nDE89370400440532013000');

      const refused = async (qrCode: QrCodeInput, status: 400 | 422 = 422) => problem(createQrCode({ client: owner.client, path: { tenantId: tenant.id }, body: { qrCode } }), status);
      const badIban = await refused({ name: 'x', kind: 'QR_CODE_KIND_PAYMENT', payment: { iban: 'ES92 2100 0418 4502 0005 1332', beneficiary: 'Ana' } });
      expect([fields(badIban), codeOf(badIban)]).toEqual([['/qrCode/payment/iban'], 'invalid_iban']);
      expect(fields(await refused({ name: 'x', kind: 'QR_CODE_KIND_WIFI', wifi: { ssid: 'n', security: 'QR_WIFI_SECURITY_WPA' } }))).toEqual(['/qrCode/wifi/password']);
      expect(fields(await refused({ name: 'x', kind: 'QR_CODE_KIND_URL', wifi: { ssid: 'n', security: 'QR_WIFI_SECURITY_NONE' }, targetUrl: 'https://a.example' }))).toEqual(['/qrCode/wifi']);
      expect(fields(await refused({ name: 'x', kind: 'QR_CODE_KIND_URL' }))).toEqual(['/qrCode/targetUrl']);
      expect(fields(await refused({ name: 'x', kind: 'QR_CODE_KIND_URL', targetUrl: 'https://a.example', foregroundColor: '#eeeeee', backgroundColor: '#ffffff' }))).toEqual(['/qrCode/foregroundColor']);
    });

    it('sends people only to http(s) addresses: no javascript:, other schemes or disguised hosts', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'qr-attack');
      const send = (targetUrl: string) => raw(s.baseUrl, 'POST', `/v1/${tenant.id}/qrs`, { token: owner.token, body: { qrCode: { name: 'x', kind: 'QR_CODE_KIND_URL', targetUrl } } });
      for (const target of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example/x', '//evil.example/', 'JAVASCRIPT://%0aalert(1)']) {
        expect((await send(target)).response.status, target).toBe(400);
      }
      const disguised = await send('https://bank.example@evil.example/');
      expect([disguised.response.status, codeOf(disguised.json as never)]).toEqual([422, 'unsafe_url']);
      expect((await ok(listQrCodes({ client: owner.client, path: { tenantId: tenant.id } }))).total).toBe(0);
    });

    it('leads a booking code to the booking page, once online booking is on', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'qr-booking');
      const off = await problem(createQrCode({ client: owner.client, path: { tenantId: tenant.id }, body: { qrCode: { name: 'Reservas', kind: 'QR_CODE_KIND_BOOKING' } } }), 422);
      expect([fields(off), codeOf(off)]).toEqual([['/qrCode/kind'], 'booking_off']);
      const { tenant: on } = await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { onlineBooking: { enabled: true } } } }));
      const slug = on.onlineBooking!.slug!;
      const qr = await create(owner, tenant, { name: 'Reservas', kind: 'QR_CODE_KIND_BOOKING' });
      expect(qr.targetUrl).toBe(`${s.config.publicUrl}/book/${slug}`);
      expect((await scanOf(s, qr.code!)).headers.get('location')).toBe(`${s.config.publicUrl}/book/${slug}`);
      expect((await scanOf(s, qr.code!, { 'accept-language': 'es-ES' })).headers.get('location')).toBe(`${s.config.publicUrl}/es-ES/book/${slug}`);
    });

    it('draws SVG and print-size PNG images; lists carry their address, and a retried create makes one code', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'qr-image');
      const key = randomUUID();
      const first = await create(owner, tenant, review(), key);
      const retried = await create(owner, tenant, review(), key);
      expect(retried.id).toBe(first.id);
      const list = await ok(listQrCodes({ client: owner.client, path: { tenantId: tenant.id } }));
      expect([list.total, list.items[0]!.imageUrl]).toEqual([1, `/v1/${tenant.id}/qrs/${first.id}/image`]);
      expect(JSON.stringify(list).length).toBeLessThan(2000);

      const svg = await raw(s.baseUrl, 'GET', first.imageUrl, { token: owner.token });
      expect(svg.response.headers.get('content-type')).toContain('image/svg+xml');
      expect(String(svg.json)).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      const png = await fetch(`${s.baseUrl}${first.imageUrl}?format=png&size=1181`, { headers: { authorization: `Bearer ${owner.token}` } });
      expect(png.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await png.arrayBuffer());
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      // IHDR: width and height at bytes 16 and 20.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1181, 1181]);
      await problem(raw(s.baseUrl, 'GET', `${first.imageUrl}?format=png&size=10`, { token: owner.token }), 400);
    });

    it('lets members read and download but not change; other businesses see nothing', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'qr-rights');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'qr-member');
      const qr = await create(owner, tenant, review());
      const path = { tenantId: tenant.id, id: qr.id };
      expect((await ok(listQrCodes({ client: member.client, path: { tenantId: tenant.id } }))).items.map((q) => q.id)).toEqual([qr.id]);
      expect((await raw(s.baseUrl, 'GET', qr.imageUrl, { token: member.token })).response.status).toBe(200);
      await problem(createQrCode({ client: member.client, path: { tenantId: tenant.id }, body: { qrCode: review() } }), 403);
      await problem(updateQrCode({ client: member.client, path, body: { qrCode: { name: 'Mine', targetUrl: 'https://evil.example/', version: 1 } } }), 403);
      await problem(deleteQrCode({ client: member.client, path }), 403);
      expect((await scanOf(s, qr.code!)).headers.get('location')).toBe('https://g.page/r/salon/review');

      const stranger = await signUpOwner(s, 'qr-stranger');
      await problem(getQrCode({ client: stranger.owner.client, path }), 404);
      expect((await raw(s.baseUrl, 'GET', qr.imageUrl, { token: stranger.owner.token })).response.status).toBe(404);
      await problem(updateQrCode({ client: stranger.owner.client, path: { tenantId: stranger.tenant.id, id: qr.id }, body: { qrCode: { name: 'x', targetUrl: 'https://evil.example/', version: 1 } } }), 404);
      await problem(deleteQrCode({ client: stranger.owner.client, path: { tenantId: stranger.tenant.id, id: qr.id } }), 404);
      expect((await raw(s.baseUrl, 'GET', `/v1/${tenant.id}/qrs`)).response.status).toBe(401);
    });
  });
}
