import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { FLAG_ICONS_VERSION, FLAGS_PATH } from '../src/components/flag-icons.ts';

/**
 * Country flags as static files (src/components/flag-icons.ts): the build emits every
 * node_modules/country-flag-icons/3x2/XX.svg as /flags/<version>/XX.svg; the dev server (and the
 * preview server, for a dist built before) answers the same path from node_modules. Nothing enters
 * the JavaScript bundle.
 */
export function countryFlags(): Plugin {
  let source = '';
  const flags = () => readdirSync(source).filter((name) => /^[A-Z]{2}\.svg$/.test(name));
  const prefix = `/${FLAGS_PATH}/`;
  return {
    name: 'cita-country-flags',
    configResolved(config) {
      const pkg = join(config.root, 'node_modules', 'country-flag-icons');
      const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
      if (version !== FLAG_ICONS_VERSION) {
        throw new Error(`country-flag-icons is ${version}, but src/components/flag-icons.ts says ${FLAG_ICONS_VERSION}: update FLAG_ICONS_VERSION.`);
      }
      source = join(pkg, '3x2');
    },
    generateBundle() {
      for (const name of flags()) {
        this.emitFile({ type: 'asset', fileName: `${FLAGS_PATH}/${name}`, source: readFileSync(join(source, name)) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = request.url?.startsWith(prefix) ? request.url.slice(prefix.length).split('?')[0]! : '';
        if (!/^[A-Z]{2}\.svg$/.test(name)) return next();
        try {
          const svg = readFileSync(join(source, name));
          response.setHeader('content-type', 'image/svg+xml');
          response.setHeader('cache-control', 'no-cache');
          response.end(svg);
        } catch {
          next();
        }
      });
    },
  };
}
