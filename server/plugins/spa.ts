import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../config.ts';
import { sendProblem } from '../problem.ts';
import { spaPathMatcher, type SpaRouteManifest } from '../public-surface/spa-routes.ts';
import { globalPlugin } from './global.ts';

/** The booking page's addresses (src/features/booking/booking-path.ts): /book/{slug}, /es-ES/book/{slug}. */
export const BOOKING_PAGE_PATH = /^\/(?:es-ES\/)?book\/[^/]+\/?$/;

/**
 * The SPA on the API's origin: its runtime configuration, the built files (when SPA_DIST holds a
 * build), index.html for every page address, book.html for the public booking page, and
 * problem+json 404 for everything else. A browser asking for an address no route of the SPA has
 * (builds/routes.json, written by the build: scripts/vite-spa-routes.ts) gets 404 with index.html,
 * whose app draws its translated not-found page; a build without that file gets 200 for any address.
 */
export const spaPlugin = globalPlugin<{ config: ServerConfig }>(async (app, { config }) => {
  app.get('/runtime-config.json', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({
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
    }),
  );

  const spa = config.spaDist && existsSync(join(config.spaDist, 'index.html')) ? config.spaDist : undefined;
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
    // index.html as the build's other files are sent: its .br or .gz (a fifth of its size: the static
    // shell's markup and the preload lists are most of it), the first request of every page load.
    if (spa && wantsPage) return reply.code(isPage(path) ? 200 : 404).sendFile('index.html');
    return sendProblem(request, reply, 404, `No route ${request.method} ${request.url.split('?')[0]}.`);
  });
});
