import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { countryFlags } from './scripts/vite-flags.ts';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { staticShell } from './scripts/static-shell.ts';
import { lazyZodGen } from './scripts/vite-lazy-zod.ts';
import { mantineStyles } from './scripts/vite-mantine-styles.ts';
import { spaRoutes } from './scripts/vite-spa-routes.ts';
import { splitGenerated } from './scripts/vite-split-generated.ts';
import { noChunkCycles, startChunks } from './scripts/vite-start-chunks.ts';

// The build id identifies one build of the SPA. The build writes builds/latest.json (the id the
// running app polls for the new-version banner) and builds/meta/{buildId}.json (SPEC §7: the build
// manifest with redirect rules).
const buildId = process.env.CITA_BUILD_ID ?? randomUUID();

function buildManifest(): Plugin {
  return {
    name: 'cita-build-manifest',
    apply: 'build',
    generateBundle() {
      const manifest = { id: buildId, builtAt: new Date().toISOString(), rules: [] };
      this.emitFile({ type: 'asset', fileName: `builds/meta/${buildId}.json`, source: JSON.stringify(manifest) });
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: JSON.stringify({ id: buildId }) });
    },
  };
}

/**
 * Writes a .br and a .gz beside every compressible file of the build, so that the server sends
 * them as they are (@fastify/static preCompressed) instead of compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cita-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Mantine's ScrollArea (in every first load: the modal host and the navbar use it) takes one helper,
 * useMergeRefs, from @floating-ui/react. A module is never split between chunks, so the whole
 * positioning library (about 12 kB gzip, needed only by menus and popovers) would come with it: in
 * the build, ScrollArea gets the same helper from @mantine/hooks instead.
 */
function scrollAreaMergeRefs(): Plugin {
  const id = '\0cita-scroll-area-merge-refs';
  return {
    name: 'cita-scroll-area-merge-refs',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer?.replaceAll('\\', '/').endsWith('@mantine/core/esm/components/ScrollArea/ScrollArea.mjs')) return id;
    },
    load(loadId) {
      if (loadId === id) return "import { useMergedRef } from '@mantine/hooks';\nexport const useMergeRefs = (refs) => useMergedRef(...refs);\n";
    },
  };
}

/**
 * The built pages carry their icon (public/favicon.svg as a data: address, which the CSP's img-src
 * allows): one request less on every first load, where over HTTP/1.1 it held one of the six
 * connections the first screen's scripts wait for (Lighthouse's simulation of a phone on slow 4G).
 */
function inlineFavicon(): Plugin {
  const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim();
  const href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  return { name: 'cita-inline-favicon', apply: 'build', transformIndexHtml: (html) => html.replaceAll('href="/favicon.svg"', `href="${href}"`) };
}

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const proxy = { '/v1': { target: apiTarget, changeOrigin: true } };

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
      // A route's loader goes in a chunk of its own as its component does (the plugin's default keeps
      // loaders in the route tree, so every page's first load held every route's loader and the
      // generated queries, SDK calls and schemas they name). It is fetched beside the component when
      // the route is entered, or on a link's hover (defaultPreload 'intent'). The pending component
      // stays in the route tree: it shows while the chunks load.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
    }),
    react(),
    buildManifest(),
    countryFlags(),
    precompress(),
    inlineFavicon(),
    mantineStyles(fileURLToPath(new URL('.', import.meta.url))),
    scrollAreaMergeRefs(),
    lazyZodGen(),
    splitGenerated(),
    noChunkCycles(),
    spaRoutes(fileURLToPath(new URL('.', import.meta.url))),
    staticShell(fileURLToPath(new URL('.', import.meta.url)), buildId),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./src', import.meta.url)),
      '@generated': fileURLToPath(new URL('./generated', import.meta.url)),
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
    },
  },
  server: { host: '127.0.0.1', port: 5173, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
  build: {
    sourcemap: true,
    // Two pages: the SPA, and /logout.html (a full-page load that performs the logout, SPEC §2).
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        logout: fileURLToPath(new URL('./logout.html', import.meta.url)),
        book: fileURLToPath(new URL('./book.html', import.meta.url)),
      },
      output: startChunks(fileURLToPath(new URL('.', import.meta.url))),
    },
  },
});
