// The stylesheet of the Mantine components the app uses, in place of @mantine/core/styles.css (issue
// 18, Lighthouse): that file holds every component's styles, some 40 of its 105 parts for components
// the app never shows, and it is the render-blocking stylesheet of every first load. The build writes
// the parts the app can reach instead (the base, the variables, the global classes, then each used
// component's, in the order styles.css has them, so the cascade is the same), found before the build
// from the sources: the names the app (and the Mantine packages it imports) take from @mantine/core,
// followed through Mantine's own imports to each component's class map (X.module.mjs ↔ styles/X.css).
// Reaching more than is rendered is harmless (a few rules too many); reaching less would leave a
// component unstyled, so the build fails if a class of Mantine's that the built pages or scripts name
// is missing from the built stylesheets. Only in the build: the dev server keeps the whole file.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const BASE = ['baseline', 'default-css-variables', 'global'];
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;
const ANY_IMPORT = /(?:import|export)\s*(?:[\w*\s{},]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const MANTINE_CLASS = /\bm_[0-9a-f]{6,8}\b/g;

function files(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path, keep);
    return keep(path) ? [path] : [];
  });
}

/** The names a module's source imports from @mantine/core (`A as B` is A; type-only ones are left out). */
export function coreNames(source: string): string[] {
  return [...source.matchAll(NAMED_IMPORT)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]!.trim()),
  );
}

/** The CSS parts (names of @mantine/core/styles/*.css) that `names` of @mantine/core reach. */
export function reachedParts(coreDir: string, names: Iterable<string>): Set<string> {
  const esm = join(coreDir, 'esm');
  // The index: `import { local } from "./path.mjs"` lines, then one export list.
  const index = readFileSync(join(esm, 'index.mjs'), 'utf8');
  // A name it takes from another package (react-remove-scroll's RemoveScroll) has no styles of Mantine's.
  const localPath = new Map<string, string | null>();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    for (const part of match[1]!.split(',')) {
      const [imported, local] = part.trim().split(/\s+as\s+/);
      if (imported) localPath.set((local ?? imported).trim(), match[2]!.startsWith('.') ? resolve(esm, match[2]!) : null);
    }
  }
  const exported = new Map<string, string | null>();
  for (const match of index.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of match[1]!.split(',')) {
      const [local, name] = part.trim().split(/\s+as\s+/);
      const path = local ? localPath.get(local.trim()) : undefined;
      if (path !== undefined) exported.set((name ?? local!).trim(), path);
    }
  }
  const parts = new Set<string>();
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const name of names) {
    const path = exported.get(name);
    if (path === undefined) throw new Error(`mantine styles: @mantine/core exports no ${name}`);
    if (path) queue.push(path);
  }
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const module = /([^/\\]+)\.module\.mjs$/.exec(file);
    if (module) parts.add(module[1]!);
    for (const match of readFileSync(file, 'utf8').matchAll(ANY_IMPORT)) queue.push(resolve(dirname(file), match[1]!));
  }
  return parts;
}

/** styles.css's parts that `parts` name, with the base ones, in the order styles.css has them. */
export function stylesheet(coreDir: string, parts: ReadonlySet<string>): string {
  const whole = readFileSync(join(coreDir, 'styles.css'), 'utf8');
  const kept = [...BASE, ...parts].map((part) => {
    const css = readFileSync(join(coreDir, 'styles', `${part}.css`), 'utf8').trim();
    const at = whole.indexOf(css);
    if (at < 0) throw new Error(`mantine styles: styles/${part}.css is not part of styles.css`);
    return { at, css };
  });
  return kept.sort((a, b) => a.at - b.at).map((part) => part.css).join('\n');
}

export function mantineStyles(root: string): Plugin[] {
  const coreDir = join(root, 'node_modules', '@mantine', 'core');
  const out = join(root, 'node_modules', '.cita-mantine', 'styles.css');
  let whole: Set<string> | undefined;
  const write: Plugin = {
    name: 'cita-mantine-styles',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      const sources = files(join(root, 'src'), (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file)).map((file) => readFileSync(file, 'utf8'));
      // The other Mantine packages the app imports take components of @mantine/core too.
      const packages = new Set(sources.flatMap((source) => [...source.matchAll(/from\s*'@mantine\/([a-z-]+)'/g)].map((match) => match[1]!)));
      packages.delete('core');
      for (const name of packages) {
        const esm = join(root, 'node_modules', '@mantine', name, 'esm');
        try {
          sources.push(...files(esm, (file) => file.endsWith('.mjs')).map((file) => readFileSync(file, 'utf8')));
        } catch {
          // A package without an esm folder (types only): nothing to follow.
        }
      }
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, stylesheet(coreDir, reachedParts(coreDir, new Set(sources.flatMap(coreNames)))));
      whole = new Set(readFileSync(join(coreDir, 'styles.css'), 'utf8').match(MANTINE_CLASS));
    },
    resolveId(source) {
      if (source === '@mantine/core/styles.css') return out;
    },
  };
  // After Vite has written the stylesheets into the bundle.
  const check: Plugin = {
    name: 'cita-mantine-styles-check',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const css = Object.values(bundle)
        .filter((item) => item.type === 'asset' && item.fileName.endsWith('.css'))
        .map((item) => {
          const { source } = item as { source: string | Uint8Array };
          return typeof source === 'string' ? source : new TextDecoder().decode(source);
        })
        .join('\n');
      const named = [
        ...Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item.code] : [])),
        ...['index.html', 'book.html', 'logout.html'].map((page) => readFileSync(join(root, page), 'utf8')),
      ];
      const missing = new Set(named.flatMap((text) => text.match(MANTINE_CLASS) ?? []).filter((name) => whole?.has(name) && !css.includes(name)));
      if (missing.size > 0) this.error(`mantine styles: the built stylesheets lack Mantine's ${[...missing].slice(0, 10).join(', ')} (named by the build's scripts or pages)`);
    },
  };
  return [write, check];
}
