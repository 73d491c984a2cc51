import { dirname, join, posix } from 'node:path';
import type { OutputOptions } from 'rolldown';
import { parseAst, type Plugin } from 'vite';

type ModuleInfo = { code: string | null; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] };
type ChunkingContext = { getModuleInfo(id: string): ModuleInfo | null };

/** What a module imports, by source: the names it takes ('*': all of it), and what it re-exports. */
interface Parsed {
  /** Only imports and export lists: a package's index, whose parts are followed by the names asked of it. */
  barrel: boolean;
  imports: Array<{ source: string; names: string[] | '*' }>;
  /** A barrel's exported name → the source and name it comes from. */
  exported: Map<string, { source: string; name: string }>;
  stars: string[];
}

type Node = { type: string; [key: string]: unknown };
type Specifier = { type: string; local: { name: string }; imported?: { name?: string; value?: string }; exported?: { name?: string; value?: string } };
const nameOf = (node: { name?: string; value?: string } | undefined) => node?.name ?? node?.value ?? 'default';

function parse(code: string): Parsed {
  const parsed: Parsed = { barrel: true, imports: [], exported: new Map(), stars: [] };
  const local = new Map<string, { source: string; name: string }>();
  const lists: Specifier[] = [];
  for (const node of (parseAst(code) as unknown as { body: Node[] }).body) {
    const source = (node.source as { value?: string } | null | undefined)?.value;
    if (node.type === 'ImportDeclaration' && source) {
      const specifiers = node.specifiers as Specifier[];
      const names = specifiers.some((specifier) => specifier.type === 'ImportNamespaceSpecifier')
        ? '*'
        : specifiers.map((specifier) => (specifier.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(specifier.imported)));
      // A side-effect import (a stylesheet) is all of it.
      parsed.imports.push({ source, names: specifiers.length === 0 ? '*' : names });
      for (const specifier of specifiers) local.set(specifier.local.name, { source, name: specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.type === 'ImportNamespaceSpecifier' ? '*' : nameOf(specifier.imported) });
    } else if (node.type === 'ExportNamedDeclaration' && !node.declaration) {
      const specifiers = node.specifiers as Specifier[];
      if (source) {
        parsed.imports.push({ source, names: specifiers.map((specifier) => nameOf(specifier.local as never)) });
        for (const specifier of specifiers) parsed.exported.set(nameOf(specifier.exported), { source, name: nameOf(specifier.local as never) });
      } else lists.push(...specifiers);
    } else if (node.type === 'ExportAllDeclaration' && source) {
      parsed.imports.push({ source, names: '*' });
      if (node.exported) parsed.barrel = false;
      else parsed.stars.push(source);
    } else if (!(node.type === 'ExpressionStatement' && typeof node.directive === 'string')) parsed.barrel = false;
  }
  for (const specifier of lists) {
    const from = local.get(nameOf(specifier.local as never));
    if (from) parsed.exported.set(nameOf(specifier.exported), from);
    else parsed.barrel = false;
  }
  return parsed;
}

/** The module id an import's source names, among the importer's imported ids (undefined: not known). */
function resolveSource(source: string, importer: string, importedIds: readonly string[]): string | undefined {
  const bare = (id: string) => id.split('?')[0]!;
  if (source.startsWith('.')) {
    const path = posix.join(dirname(bare(importer)), source);
    const found = importedIds.filter((id) => {
      const file = bare(id);
      return file === path || file.startsWith(`${path}.`) || file.startsWith(`${path}/index.`);
    });
    return found.length === 1 ? found[0] : undefined;
  }
  const parts = source.split('/');
  const pkg = source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  if (pkg === '~' || pkg.startsWith('@generated') || pkg.startsWith('@common')) return undefined;
  const found = importedIds.filter((id) => id.includes(`/node_modules/${pkg}/`));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The chunks of a signed-in first load (issue 18, Lighthouse): left to the automatic splitting, the
 * modules the app's frame and the dashboard's layout need at once were spread over about a hundred
 * small shared chunks (a module goes where the set of pages that import it says), a request each on
 * the first load, and each compressed apart (over HTTP/1.1 six at a time: Lighthouse's simulation of
 * a phone on slow 4G costs each wave a round trip, and each connection opened its slow start). Four
 * groups gather them:
 * - `app`: src/app/app.tsx (the router, the providers, the route tree) and what it imports statically,
 *   and what both first screens (/login and the signed-in home) import statically, less what the
 *   entry (src/main.tsx) already holds;
 * - `dashboard`: the dashboard layout (the signed-in pages' frame) and the home (its page and loader)
 *   with what they import statically, less the above and what /login takes;
 * - `shared` and `session`: the rest of the signed-in first load (see below).
 * Every page loads the app's frame, and every signed-in page the layout; the parts of the two first
 * screens they gather are small next to a request each (another page may load a few of them it does
 * not use). From a package's index (a barrel: imports and export lists only) only the
 * parts a module asks for are followed: the index of @mantine/core names every component.
 * The groups import no chunk that imports them back (a cycle between chunks is what lets a module run
 * before one it needs): the modules of pages that load without the frame or the layout (/login, the
 * booking and logout pages, the entry's other dynamic imports) stay out of them. strictExecutionOrder
 * is not needed then, and would cost more than the groups save (every module wrapped: about 20 kB gzip
 * on the signed-in home).
 */
export function startChunks(root: string): OutputOptions {
  const id = (path: string) => join(root, path).replaceAll('\\', '/');
  const starts = {
    entry: [id('src/main.tsx')],
    app: [id('src/app/app.tsx')],
    dashboard: [id('src/routes/{-$locale}/_dashboard/route.tsx?tsr-split=component')],
    /** The home's page and loader (one chunk: src/routes/{-$locale}/_dashboard/index.tsx). */
    home: [id('src/routes/{-$locale}/_dashboard/index.tsx?tsr-split=component---loader')],
    login: [id('src/routes/{-$locale}/login/index.tsx?tsr-split=component')],
    /** The other pages' entries (vite.config.ts build.rolldownOptions.input). */
    pages: [id('book.html'), id('logout.html')],
  };
  let groups: Map<string, 'app' | 'dashboard' | 'shared' | 'session'> | undefined;
  const grouped = (context: ChunkingContext) => {
    if (groups) return groups;
    const parsed = new Map<string, Parsed | null>();
    const parsedOf = (module: string, info: ModuleInfo) => {
      if (!parsed.has(module)) {
        try {
          parsed.set(module, info.code === null ? null : parse(info.code));
        } catch {
          parsed.set(module, null);
        }
      }
      return parsed.get(module)!;
    };
    /**
     * The modules `ids` need, less `taken`: statically imported ones (`later`: dynamically imported
     * ones too, and theirs).
     */
    const closure = (ids: string[], taken: ReadonlySet<string>, later = false) => {
      const found = new Set<string>();
      const asked = new Set<string>();
      const visit = (module: string, names: readonly string[] | '*') => {
        const info = context.getModuleInfo(module);
        if (!info) throw new Error(`start chunks: no module ${module} in the build`);
        const parts = parsedOf(module, info);
        // A barrel already taken is still followed, for the names asked of it now.
        if (taken.has(module) && (names === '*' || !parts?.barrel)) return;
        const whole = names === '*' || !parts?.barrel;
        const keys = whole ? ['*'] : names;
        const fresh = keys.filter((name) => !asked.has(`${module}\0${name}`) && !asked.has(`${module}\0*`));
        if (fresh.length === 0) return;
        fresh.forEach((name) => asked.add(`${module}\0${name}`));
        if (!taken.has(module)) found.add(module);
        if (later && whole) info.dynamicallyImportedIds.forEach((imported) => visit(imported, '*'));
        const target = (source: string) => resolveSource(source, module, info.importedIds);
        if (!parts) return info.importedIds.forEach((imported) => visit(imported, '*'));
        if (whole) {
          const claimed = new Set<string>();
          for (const { source, names: asked } of parts.imports) {
            const resolved = target(source);
            if (resolved) {
              claimed.add(resolved);
              visit(resolved, asked);
            }
          }
          // What the sources do not tell (an alias, a plugin's virtual module): all of it.
          for (const imported of info.importedIds) if (!claimed.has(imported)) visit(imported, '*');
          return;
        }
        for (const name of fresh) {
          const from = parts.exported.get(name);
          const resolved = from && target(from.source);
          if (from && resolved) visit(resolved, from.name === '*' ? '*' : [from.name]);
          else if (from) return visit(module, '*');
          else for (const star of parts.stars) {
            const resolvedStar = target(star);
            if (!resolvedStar) return visit(module, '*');
            visit(resolvedStar, [name]);
          }
        }
      };
      ids.forEach((start) => visit(start, '*'));
      return found;
    };
    const none = new Set<string>();
    const entry = closure(starts.entry, none);
    const main = context.getModuleInfo(starts.entry[0]!)!;
    // What may load without the app's frame (the other pages' entries, the entry's other dynamic
    // imports) or without the layout (the pages outside the dashboard) must not wait for either.
    const withoutApp = closure([...starts.pages, ...main.dynamicallyImportedIds.filter((module) => !starts.app.includes(module))], entry, true);
    const beforeApp = new Set([...entry, ...withoutApp]);
    const login = closure(starts.login, beforeApp);
    const signedIn = closure([...starts.dashboard, ...starts.home], beforeApp);
    // What both first screens need (the locale menu, the brand, their Mantine parts) goes with the
    // frame: /login and the home load it anyway, in one request instead of a dozen small ones.
    const app = new Set([...closure(starts.app, beforeApp), ...[...login].filter((module) => signedIn.has(module))]);
    const dashboard = closure([...starts.dashboard, ...starts.home], new Set([...beforeApp, ...app, ...closure(starts.login, new Set([...beforeApp, ...app]), true)]));
    // The rest of the signed-in first load (the entry's imports, and the small modules the pages
    // share with the booking page or /logout.html: formats, money, dates), left to the automatic
    // splitting, was a chunk per set of entries importing a module: nine requests, some of a few
    // hundred bytes. Two groups instead: what the booking page's entry imports too (`shared`: that
    // page loads all of it), and what the entry does not hold alone (`session`: /logout.html's
    // imports, and modules the first load reaches only through the frame or the layout). What only
    // the entry imports stays in its chunk.
    const page = id('index.html');
    const firstLoad = closure([page, ...starts.entry, ...starts.app, ...starts.dashboard, ...starts.home], none);
    const booking = closure([id('book.html')], none);
    const logout = closure([id('logout.html')], none);
    groups = new Map();
    for (const module of firstLoad) {
      if (app.has(module) || dashboard.has(module) || module === page || starts.entry.includes(module)) continue;
      if (booking.has(module)) groups.set(module, 'shared');
      else if (logout.has(module) || !entry.has(module)) groups.set(module, 'session');
    }
    for (const module of app) groups.set(module, 'app');
    for (const module of dashboard) groups.set(module, 'dashboard');
    return groups;
  };
  return {
    codeSplitting: {
      groups: [{ debugName: 'start', name: (module, context) => grouped(context).get(module) ?? null, includeDependenciesRecursively: false }],
    },
  };
}

/**
 * Fails the build on chunks that import each other, directly or not (see startChunks: the groups rely
 * on there being none, without strictExecutionOrder).
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'cita-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item.imports] as const] : [])));
      const state = new Map<string, 'open' | 'done'>();
      const visit = (file: string, path: string[]) => {
        state.set(file, 'open');
        for (const imported of imports.get(file) ?? []) {
          if (state.get(imported) === 'open') throw new Error(`chunks import each other: ${[...path.slice(path.indexOf(imported)), imported].join(' → ')}`);
          if (!state.has(imported)) visit(imported, [...path, imported]);
        }
        state.set(file, 'done');
      };
      for (const file of imports.keys()) if (!state.has(file)) visit(file, [file]);
    },
  };
}
