// The built SPA as the server sends it: precompressed files, immutable caching for hashed assets.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createIdTokenVerifier } from './auth/firebase.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';

const SCRIPT = `console.log(${JSON.stringify('cita '.repeat(500))});`;
const BOOK = `<!doctype html><title>book</title><style>${'.bk{}'.repeat(400)}</style><div id="root"></div>`;
const SHELL_SCRIPT = "document.documentElement.dataset.shell = 'home';";
const INDEX = `<!doctype html><head><meta charset="UTF-8" />\n<script data-shell-script data-entry="/assets/main-abc123.js">${SHELL_SCRIPT}</script></head><div id="root"></div>`;
const SSO_URI = 'https://partner.test/cb?x=</script><script>alert(1)</script>&y=1';
/** The runtime configuration the server wrote into a page (the JSON data block before its first script). */
const pageConfig = (html: string) => JSON.parse(/<script type="application\/json" id="runtime-config">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;
/** The page without that block: index.html as the build wrote it. */
const withoutConfig = (html: string) => html.replace(/<script type="application\/json" id="runtime-config">[^<]*<\/script>/, '');
let dir: string;
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cita-static-'));
  const spa = join(dir, 'dist');
  mkdirSync(join(spa, 'assets'), { recursive: true });
  writeFileSync(join(spa, 'index.html'), INDEX);
  writeFileSync(join(spa, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(spa, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(spa, 'assets', 'main-abc123.js'), SCRIPT);
  writeFileSync(join(spa, 'assets', 'main-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(spa, 'assets', 'main-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(spa, 'book.html'), BOOK);
  writeFileSync(join(spa, 'book.html.br'), brotliCompressSync(BOOK));
  writeFileSync(join(spa, 'book.html.gz'), gzipSync(BOOK));
  writeFileSync(join(spa, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The SPA's routes as the build writes them (scripts/vite-spa-routes.ts), a few of this checkout's.
  mkdirSync(join(spa, 'builds'));
  const routes = ['/{-$locale}', '/{-$locale}/settings', '/{-$locale}/login', '/{-$locale}/services/create', '/{-$locale}/services/$id', '/{-$locale}/customers/$customerId/$serviceId/edit'];
  writeFileSync(join(spa, 'builds', 'routes.json'), JSON.stringify({ routes, locales: ['en-US', 'es-ES'] }));
  db = await openDatabase({ dataDir: join(dir, 'db') });
  // A redirect URI that would end an inline script, were the page's configuration written as it is.
  const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-cita', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', SPA_DIST: spa, DATA_DIR: dir, SSO_REDIRECT_URIS: SSO_URI });
  const verifier = createIdTokenVerifier({ projectId: 'demo-cita', emulatorHost: '127.0.0.1:1', production: false });
  app = await buildApp({ config, db, verifier, logger: false });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the built SPA', () => {
  it("lets the page's inline shell script run by its SHA-256, in every answer's CSP, and no other inline script", async () => {
    const hash = `'sha256-${createHash('sha256').update(SHELL_SCRIPT, 'utf8').digest('base64')}'`;
    for (const url of ['/', '/settings', '/healthz']) {
      const csp = String((await app.inject({ url, headers: { accept: 'text/html' } })).headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc, url).toContain(hash);
      expect(scriptSrc, url).not.toContain('unsafe-inline');
    }
  });

  it('sends the brotli or gzip file the browser accepts, cached for a year when hashed', async () => {
    const br = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBeLessThan(SCRIPT.length / 5);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  }, 20_000); // slow on a loaded machine (the default 5 s was missed by 74 ms in CI)

  it('makes files without a content hash revalidate', async () => {
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers the booking page with book.html (precompressed), and other pages with index.html', async () => {
    const html = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' };
    for (const url of ['/book/peluqueria-ana', '/es-ES/book/peluqueria-ana', '/book/peluqueria-ana?utm=qr']) {
      const page = await app.inject({ url, headers: html });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/^text\/html; charset=utf-8$/i);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    const plain = await app.inject({ url: '/book/peluqueria-ana', headers: { accept: 'text/html' } });
    expect(plain.body).toBe(BOOK);
    for (const url of ['/book', '/book/a/b', '/settings', '/fr-FR/book/x']) {
      const other = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(other.statusCode, url).toBe(url === '/settings' ? 200 : 404);
      expect(other.body, url).toContain('<div id="root"></div>');
      // The charset is said by the header (the page's <meta charset> may come later than its first 1,024 bytes).
      expect(other.headers['content-type'], url).toMatch(/^text\/html; charset=utf-8$/i);
      expect(other.body, url).not.toContain('<title>book</title>');
    }
  });

  it('answers 200 for the SPA\'s pages in both languages, and 404 with the same page for unknown addresses', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    for (const url of ['/', '/es-ES', '/es-ES/', '/settings', '/es-ES/settings?tab=booking', '/login/', '/services/create', '/es-ES/services/abc', '/customers/c1/s1/edit', '/en-US/settings']) {
      const page = await app.inject({ url, headers: html });
      expect(page.statusCode, url).toBe(200);
      expect(withoutConfig(page.body), url).toBe(INDEX);
    }
    for (const url of ['/nope', '/es-ES/nope', '/fr-FR/settings', '/services/create/more', '/customers/c1/s1', '/wp-login.php', '/es-ES/book']) {
      const page = await app.inject({ url, headers: html });
      // The app still loads: it draws its translated not-found page.
      expect(page.statusCode, url).toBe(404);
      expect(withoutConfig(page.body), url).toBe(INDEX);
      expect(page.headers['content-type'], url).toMatch(/^text\/html; charset=utf-8$/i);
      expect(page.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    // index.html compressed (brotli, else gzip), for a page and for a 404 alike.
    for (const [url, status] of [['/', 200], ['/es-ES/settings', 200], ['/nope', 404]] as const) {
      const page = await app.inject({ url, headers: { ...html, 'accept-encoding': 'gzip, br' } });
      expect(page.statusCode, url).toBe(status);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-type'], url).toMatch(/^text\/html; charset=utf-8$/i);
      expect(withoutConfig(brotliDecompressSync(page.rawPayload).toString()), url).toBe(INDEX);
    }
    const gzip = await app.inject({ url: '/', headers: { ...html, 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(withoutConfig(gunzipSync(gzip.rawPayload).toString())).toBe(INDEX);
  });

  it('writes the runtime configuration into index.html, before its first script, so that no markup can come out of it', async () => {
    const page = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    const served = (await app.inject({ url: '/runtime-config.json' })).json<{ ssoRedirectUris: string[] }>();
    expect(pageConfig(page.body)).toEqual(served);
    expect(served.ssoRedirectUris).toEqual([SSO_URI]);
    // The configuration's `</script>` is written \u003c/script\u003e: the block ends where the server ended it.
    expect(page.body.match(/<\/script>/g)).toHaveLength(2);
    expect(page.body.indexOf('id="runtime-config"')).toBeLessThan(page.body.indexOf('<script data-shell-script'));
    // A revisit revalidates: the same page answers 304 without a body.
    const again = await app.inject({ url: '/', headers: { accept: 'text/html', 'if-none-match': String(page.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps the addresses that are not pages of the SPA', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    const config = await app.inject({ url: '/runtime-config.json' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toHaveProperty('firebase');
    for (const url of ['/robots.txt', '/sitemap.xml', '/es-ES-sitemap.xml', '/favicon.svg', '/assets/main-abc123.js', '/builds/routes.json']) {
      expect((await app.inject({ url, headers: html })).statusCode, url).toBe(200);
    }
    // An unknown QR code has its own page; the API answers problem+json, also to a browser.
    const qr = await app.inject({ url: '/q/Zz9Zz9Zz', headers: html });
    expect(qr.statusCode).toBe(404);
    expect(qr.body).not.toContain('<div id="root">');
    for (const url of ['/v1/nope', '/nope']) {
      const api = await app.inject({ url, headers: url.startsWith('/v1') ? html : { accept: 'application/json' } });
      expect(api.statusCode, url).toBe(404);
      expect(api.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
  });
});
