import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { LOCALES } from '../src/lib/locale.ts';
import type { SpaRouteManifest } from '../server/public-surface/spa-routes.ts';

/** The file the server reads to tell a page of the SPA from an unknown address (server/plugins/spa.ts). */
export const SPA_ROUTES_FILE = 'builds/routes.json';

/**
 * The destinations of the generated route tree (the keys of its FileRoutesByTo interface, e.g.
 * '/{-$locale}/services/$id'): every address the SPA draws a page for.
 */
export function spaRoutesOf(routeTreeSource: string): string[] {
  const body = /export interface FileRoutesByTo \{\n([\s\S]*?)\n\}/.exec(routeTreeSource)?.[1];
  if (!body) throw new Error('spa routes: no FileRoutesByTo in the route tree');
  const routes = [...body.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]!);
  if (routes.length === 0) throw new Error('spa routes: the route tree lists no route');
  return routes;
}

export function spaRouteManifest(root: string): SpaRouteManifest {
  return { routes: spaRoutesOf(readFileSync(join(root, 'src', 'routeTree.gen.ts'), 'utf8')), locales: [...LOCALES] };
}

/**
 * Writes builds/routes.json: the SPA's routes and the values of its optional locale segment, so that
 * the server answers 404 (with the SPA, which draws its not-found page) for an address no route has.
 * Read when the bundle is written, after the router plugin has generated the tree.
 */
export function spaRoutes(root: string): Plugin {
  return {
    name: 'cita-spa-routes',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SPA_ROUTES_FILE, source: JSON.stringify(spaRouteManifest(root)) });
    },
  };
}
