// `npm run dev:mock`: Prism mode, the SPA with no server and no database. Three processes:
// - Prism serving openapi/tenant-api.yaml's examples (static mode: always the documented example, never
//   invented data; it restarts by itself when the contract changes: Prism watches the entry point, and
//   a change in one of its pieces, openapi/paths/* or openapi/components/*, touches the entry);
// - the Firebase Auth emulator (offline, project demo-cita, users kept in memory);
// - the SPA: Vite's dev server (or, with --preview, the built dist/ as the browser tests use it),
//   proxying /v1 to Prism and serving /runtime-config.json with `mockApi: true`. With it, signing in
//   with any e-mail and password works: the SPA creates the emulator identity on first use, and Prism
//   answers as the contract's example user of the example business (Peluquería Ana). Images asked
//   for by id are placeholder pictures drawn here (the contract's examples carry no bytes).
//
// node scripts/dev-mock.mjs [--preview] [--spa-port 5173] [--prism-port 4010] [--auth-port 9099]
// The SPA's port answers only once Prism and the emulator are ready. Ctrl-C (or SIGTERM) stops all three.
import { spawn } from 'node:child_process';
import { utimesSync, watch } from 'node:fs';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createServer, preview } from 'vite';
import { EMULATOR_API_KEY, startAuthEmulator } from './emulator.mjs';

const { values } = parseArgs({
  options: {
    preview: { type: 'boolean', default: false },
    'spa-port': { type: 'string' },
    'prism-port': { type: 'string', default: '4010' },
    'auth-port': { type: 'string', default: '9099' },
  },
});
const HOST = '127.0.0.1';
const spaPort = Number(values['spa-port'] ?? (values.preview ? 4173 : 5173));
const prismPort = Number(values['prism-port']);
const authPort = Number(values['auth-port']);
const prismUrl = `http://${HOST}:${prismPort}`;
const CONTRACT = 'openapi/tenant-api.yaml';
const CONTRACT_PIECES = ['openapi/paths', 'openapi/components'];

/** What the API server serves as /runtime-config.json, for Prism mode (see src/lib/runtime-config.ts). */
const mockRuntimeConfig = (emulatorPort) => ({
  apiBaseUrl: '',
  firebase: { apiKey: EMULATOR_API_KEY, authDomain: HOST, projectId: 'demo-cita', storageBucket: '', appId: '' },
  authEmulatorUrl: `http://${HOST}:${emulatorPort}`,
  ssoRedirectUris: [],
  mockApi: true,
});

/** Vite plugin: /runtime-config.json in both the dev server and the preview server. */
function runtimeConfigPlugin(config) {
  const body = JSON.stringify(config);
  // Returns nothing: a function returned from these hooks would run as a post-middleware hook.
  const serve = (server) => {
    server.middlewares.use('/runtime-config.json', (_request, response) => {
      response.setHeader('Content-Type', 'application/json');
      response.setHeader('Cache-Control', 'no-store');
      response.end(body);
    });
  };
  return { name: 'cita-mock-runtime-config', configureServer: serve, configurePreviewServer: serve };
}

/** An image's bytes (getAssetContent): the contract documents no bytes, so Prism answers an empty body. */
const ASSET_CONTENT_PATH = /^\/v1\/tenants\/[^/]+\/assets\/([^/?]+)$/;

/**
 * Vite plugin: in Prism mode an image asked for by id is a placeholder WebP drawn here (a soft
 * gradient whose hue follows the id, with a picture frame), so that logos, portfolio photos and
 * service-object photos show as pictures. Made once per id and kept in memory.
 */
function assetImagePlugin() {
  const images = new Map();
  const draw = (id) => {
    let hue = 0;
    for (const char of id) hue = (hue * 31 + char.charCodeAt(0)) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,78%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},50%,58%)"/></linearGradient></defs>
      <rect width="480" height="360" fill="url(#g)"/>
      <g fill="none" stroke="white" stroke-width="10" stroke-linejoin="round" opacity="0.85">
        <rect x="170" y="120" width="140" height="110" rx="14"/><path d="M180 215 l40 -45 l30 30 l20 -20 l30 35"/>
      </g><circle cx="275" cy="150" r="12" fill="white" opacity="0.85"/></svg>`;
    return sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
  };
  const serve = (server) => {
    server.middlewares.use((request, response, next) => {
      const match = request.method === 'GET' ? ASSET_CONTENT_PATH.exec(request.url ?? '') : null;
      if (!match) return next();
      const id = decodeURIComponent(match[1]);
      if (!images.has(id)) images.set(id, draw(id));
      images.get(id).then(
        (bytes) => {
          response.setHeader('Content-Type', 'image/webp');
          response.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
          response.end(bytes);
        },
        (error) => next(error),
      );
    });
  };
  return { name: 'cita-mock-asset-images', configureServer: serve, configurePreviewServer: serve };
}

/** The booking page's addresses, as the API server answers them with book.html (server/app.ts). */
const BOOKING_PAGE_PATH = /^\/(?:es-ES\/)?book\/[^/]+\/?$/;

/** Vite plugin: /book/{slug} and /es-ES/book/{slug} open book.html (the booking page's own entry), not the SPA. */
function bookingPagePlugin() {
  const serve = (server) => {
    server.middlewares.use((request, _response, next) => {
      const [path, query] = (request.url ?? '').split('?');
      if (request.method === 'GET' && BOOKING_PAGE_PATH.test(path ?? '')) request.url = `/book.html${query ? `?${query}` : ''}`;
      next();
    });
  };
  return { name: 'cita-booking-page', configureServer: serve, configurePreviewServer: serve };
}

async function waitFor(url, label, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  throw new Error(`${label} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

let prism = null;
let emulator = null;
let spa = null;
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await spa?.close().catch(() => undefined);
  if (prism && prism.exitCode === null) prism.kill('SIGINT');
  await emulator?.stop().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  prism = spawn('node_modules/.bin/prism', ['mock', '--host', HOST, '--port', String(prismPort), CONTRACT], { stdio: 'inherit' });
  for (const dir of CONTRACT_PIECES) {
    watch(dir, () => {
      const now = new Date();
      utimesSync(CONTRACT, now, now);
    }).unref();
  }
  prism.on('exit', (code, signal) => {
    if (!stopping) console.error(`Prism exited (${signal ?? `code ${code}`}): stopping Prism mode.`);
    void stop(code || 1);
  });
  // Detached: a terminal's Ctrl-C reaches only this script, which then stops the emulator in order.
  [emulator] = await Promise.all([
    startAuthEmulator({ port: authPort, quiet: true, detached: true, timeoutMs: 180_000 }),
    waitFor(`${prismUrl}/v1/configuration`, 'Prism'),
  ]);
  emulator.exited.then((code) => {
    if (!stopping) console.error(`The Auth emulator exited (code ${code}):\n${emulator.output()}`);
    void stop(1);
  });

  // vite.config.ts proxies /v1 to API_TARGET.
  process.env.API_TARGET = prismUrl;
  const inline = { plugins: [runtimeConfigPlugin(mockRuntimeConfig(authPort)), bookingPagePlugin(), assetImagePlugin()], logLevel: 'warn' };
  if (values.preview) {
    spa = await preview({ ...inline, preview: { host: HOST, port: spaPort, strictPort: true } });
  } else {
    spa = await createServer({ ...inline, server: { host: HOST, port: spaPort, strictPort: true } });
    await spa.listen();
  }
  console.log(
    `Prism mode: the SPA at http://${HOST}:${spaPort} (sign in with any e-mail and password), ` +
      `Prism at ${prismUrl}, the Auth emulator at http://${emulator.host}. Ctrl-C stops everything.`,
  );
} catch (error) {
  console.error(error);
  await stop(1);
}
