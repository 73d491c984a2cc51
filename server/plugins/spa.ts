import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_URL } from '../../common/start-page.ts';
import type { ServerConfig } from '../config.ts';
import { sendProblem } from '../problem.ts';
import { spaPathMatcher, type SpaRouteManifest } from '../public-surface/spa-routes.ts';
import { globalPlugin } from './global.ts';

/** The booking page's addresses (src/features/booking/booking-path.ts): /book/{slug}, /es-ES/book/{slug}. */
export const BOOKING_PAGE_PATH = /^\/(?:es-ES\/)?book\/[^/]+\/?$/;

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send of those the request accepts (Accept-Encoding, a q of 0 refusing one): brotli, gzip, else none. */
function pickEncoding(accept: string | undefined): Encoding {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
}

/**
 * index.html as the server sends it: the runtime configuration written in, as a JSON data block before
 * the page's first script (which reads it: one request less on every load, and the signed-in home's
 * figures need not wait for it), compressed once at start as the build compresses its other files.
 */
function configuredPage(file: string, settings: unknown) {
  // Nothing in the block can end it or open markup: `<`, `>` and `&` as JSON escapes.
  const json = JSON.stringify(settings).replace(/[<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const block = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
  const source = readFileSync(file, 'utf8');
  const at = source.search(/<script\b/);
  const html = Buffer.from(at < 0 ? source.replace('</head>', `${block}</head>`) : `${source.slice(0, at)}${block}${source.slice(at)}`);
  const bodies: Record<Encoding, Buffer> = {
    identity: html,
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
  const tag = createHash('sha256').update(html).digest('base64url').slice(0, 22);
  return (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const etag = `"${tag}-${encoding}"`;
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag);
    if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(status).send(bodies[encoding]);
  };
}

/**
 * The SPA on the API's origin: its runtime configuration, the built files (when SPA_DIST holds a
 * build), index.html for every page address, book.html for the public booking page, and
 * problem+json 404 for everything else. A browser asking for an address no route of the SPA has
 * (builds/routes.json, written by the build: scripts/vite-spa-routes.ts) gets 404 with index.html,
 * whose app draws its translated not-found page; a build without that file gets 200 for any address.
 */
export const spaPlugin = globalPlugin<{ config: ServerConfig }>(async (app, { config }) => {
  const settings = {
    apiBaseUrl: '',
    firebase: {
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
      storageBucket: config.firebase.storageBucket,
      appId: config.firebase.appId,
    },
    authEmulatorUrl: config.firebase.emulatorHost ? `http://${config.firebase.emulatorHost}` : null,
    ssoRedirectUris: config.ssoRedirectUris,
  };
  app.get(RUNTIME_CONFIG_URL, async (_request, reply) => reply.header('cache-control', 'no-store').send(settings));

  const spa = config.spaDist && existsSync(join(config.spaDist, 'index.html')) ? config.spaDist : undefined;
  const sendIndex = spa ? configuredPage(join(spa, 'index.html'), settings) : undefined;
  if (spa) {
    await app.register(fastifyStatic, {
      root: spa,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      // Hashed files, and the flags under a versioned path (scripts/vite-flags.ts), never change:
      // cached for a year. The rest (build manifests, icons) revalidate.
      setHeaders: (reply, path) => {
        reply.header('cache-control', /[\\/](assets|flags[\\/][\d.]+)[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const routesFile = spa ? join(spa, 'builds', 'routes.json') : undefined;
  const isPage = routesFile && existsSync(routesFile) ? spaPathMatcher(JSON.parse(readFileSync(routesFile, 'utf8')) as SpaRouteManifest) : () => true;
  // The public booking page is a page of its own (book.html: no dashboard code), for /book/{slug}
  // and its Spanish address /es-ES/book/{slug}.
  // @fastify/static sends it like every file of the build: its .br or .gz by Accept-Encoding.
  const bookPage = spa !== undefined && existsSync(join(spa, 'book.html'));
  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/v1/') && (request.headers.accept ?? '').includes('text/html');
    const path = request.url.split('?')[0] ?? '';
    if (bookPage && wantsPage && BOOKING_PAGE_PATH.test(path)) return reply.code(200).sendFile('book.html');
    // index.html with the runtime configuration, brotli or gzip (a fifth of its size: the static
    // shell's markup and the preload lists are most of it), the first request of every page load.
    if (sendIndex && wantsPage) return sendIndex(request, reply, isPage(path) ? 200 : 404);
    return sendProblem(request, reply, 404, `No route ${request.method} ${request.url.split('?')[0]}.`);
  });
});
