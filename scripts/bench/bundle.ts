// Bundle rows of `npm run bench`: the JavaScript and CSS (gzip) a first load of /login and of the
// signed-in home fetches, against the floor measured in the same run: a minimal Vite app that imports
// and uses the libraries the page needs (React, TanStack Router and Query, Mantine core with the
// notifications and modals every page's shell holds, react-intl, react-hook-form, zod, temporal-polyfill
// (the route guards check the licence with it on every page, ARCHITECTURE: dates only through it);
// Firebase Auth only for /login: the signed-in home never loads it). Target ≤ 1.3× the floor.
// A first load also fetches the page's language's messages (a chunk of their own) where the language
// has a catalogue (en-US shows the defaultMessages in the code, as the floor does): they are counted.
// A page also loads code after its start without being left: its deferred modules (the subscription
// popup a beta-tester business sees on the signed-in home, the notification bell of every business; the language and account menus were
// deferred too until they became the shell's own small MenuButton). Those are counted too, in rows of their own (what loads after start, and first load
// plus after start against the same floor): following static imports only left them out.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { BenchRow } from './rows.ts';

/** A chunk of the build's output, as Vite's build() returns it. */
type Chunk = { type: 'chunk'; fileName: string; imports: string[]; dynamicImports: string[]; moduleIds: string[]; viteMetadata?: { importedCss: Set<string> } };
type Output = { output: Array<Chunk | { type: 'asset'; fileName: string }> };

const ROOT = resolve(import.meta.dirname, '..', '..');
const gz = (path: string) => gzipSync(readFileSync(path)).length;

/**
 * The build's chunks, and the files of those holding a module whose id contains one of `modules` (a
 * route's file: each of its parts, which the router plugin splits apart; the chunk groups of
 * scripts/vite-start-chunks.ts put a page's start in a chunk with others).
 */
function chunksOf(output: Output) {
  const chunks = output.output.filter((item): item is Chunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const holding = (...modules: string[]) =>
    modules.flatMap((module) => {
      const found = chunks.filter((chunk) => chunk.moduleIds.some((id) => id.replaceAll('\\', '/').includes(module)));
      if (found.length === 0) throw new Error(`bench: no chunk of the build holds ${module}`);
      return found.map((chunk) => chunk.fileName);
    });
  return { byFile, holding };
}

/** The files chunks load at once: each chunk, its static imports (transitively), their CSS. */
function closure(byFile: Map<string, Chunk>, files: string[]): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    const chunk = byFile.get(file);
    if (loaded.has(file) || !chunk) return;
    loaded.add(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) loaded.add(css);
    chunk.imports.forEach(visit);
  };
  files.forEach(visit);
  return loaded;
}

/**
 * What a page loads after start without being left: the chunks of its deferred modules (`files`,
 * which the first load must import dynamically) with their static imports, less what the first load has.
 */
function afterStart(byFile: Map<string, Chunk>, firstLoad: Set<string>, files: string[]): Set<string> {
  const dynamic = new Set([...firstLoad].flatMap((file) => byFile.get(file)?.dynamicImports ?? []));
  for (const file of files) {
    if (firstLoad.has(file) || !dynamic.has(file)) throw new Error(`bench: ${file} is not imported dynamically by the page's first load`);
  }
  return new Set([...closure(byFile, files)].filter((file) => !firstLoad.has(file)));
}

/** The deferred modules a page loads after start (see the header). */
const DEFERRED = {
  login: [] as string[],
  home: ['/src/features/license/components/subscription-popup.tsx', '/src/features/staff-notifications/components/notification-bell.tsx'],
};

function sizes(dir: string, files: Iterable<string>) {
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.js')) js += gz(join(dir, file));
    if (file.endsWith('.css')) css += gz(join(dir, file));
  }
  return { js, css };
}

async function citaPages() {
  const outDir = mkdtempSync(join(tmpdir(), 'cita-bench-spa-'));
  try {
    const built = (await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'silent', build: { outDir, sourcemap: false, emptyOutDir: true } })) as Output | Output[];
    const { byFile, holding } = chunksOf(Array.isArray(built) ? { output: built.flatMap((one) => one.output) } : built);
    // The page's entry, and src/app/app.tsx: the app's frame, imported by the entry at once.
    const common = holding('/index.html', '/src/app/app.tsx', '/src/routes/__root.tsx', '/src/routes/{-$locale}/route.tsx');
    const login = closure(byFile, [...common, ...holding('/src/routes/{-$locale}/login/index.tsx')]);
    const home = closure(byFile, [...common, ...holding('/src/routes/{-$locale}/_dashboard/route.tsx', '/src/routes/{-$locale}/_dashboard/index.tsx')]);
    return {
      login: sizes(outDir, login),
      home: sizes(outDir, home),
      loginLater: sizes(outDir, afterStart(byFile, login, holding(...DEFERRED.login))),
      homeLater: sizes(outDir, afterStart(byFile, home, holding(...DEFERRED.home))),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The floor app; `signIn` adds Firebase Auth and the sign-in call (what /login needs and the home does not). */
const floorEntry = (signIn: boolean) => `
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Button, MantineProvider, TextInput } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
${signIn ? `import { initializeApp } from 'firebase/app';\nimport { getAuth, signInWithEmailAndPassword } from 'firebase/auth';` : ''}
import { createRoot } from 'react-dom/client';
import { Temporal } from 'temporal-polyfill';
import { useForm } from 'react-hook-form';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { z } from 'zod';

${signIn ? `const auth = getAuth(initializeApp({ apiKey: 'k', projectId: 'demo-floor' }));` : ''}
const signIn = ${signIn ? `(v: { email: string; password: string }) => signInWithEmailAndPassword(auth, v.email, v.password)` : `(v: { email: string; password: string }) => console.log(v)`};
const schema = z.object({ email: z.string().email(), password: z.string().min(6) });
function Page() {
  const form = useForm<{ email: string; password: string }>();
  const query = useQuery({ queryKey: ['x'], queryFn: async () => 1 });
  return (
    <form onSubmit={form.handleSubmit((v) => schema.parse(v) && signIn(v))}>
      <TextInput label={<FormattedMessage id="e" defaultMessage="E-mail" />} {...form.register('email')} />
      <Button type="submit">{String(query.data) + Temporal.Now.instant().toString()}</Button>
    </form>
  );
}
const router = createRouter({ routeTree: createRootRoute({ component: Page }) });
createRoot(document.getElementById('root')!).render(
  <IntlProvider locale="en">
    <MantineProvider>
      <ModalsProvider>
        <Notifications />
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>
  </IntlProvider>,
);
`;

/**
 * Builds the floor app (see floorEntry) into `outDir` and returns the files it wrote (relative to it).
 * The Lighthouse rows load the same floor in Chromium (scripts/bench/lighthouse.ts).
 */
export async function buildFloor(signIn: boolean, outDir: string): Promise<string[]> {
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.cita-bench-floor-'));
  try {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>');
    writeFileSync(join(dir, 'main.tsx'), floorEntry(signIn));
    const react = (await import('@vitejs/plugin-react')).default;
    mkdirSync(outDir, { recursive: true });
    await build({ root: dir, configFile: false, logLevel: 'silent', plugins: [react()], build: { outDir, emptyOutDir: true } });
    const files: string[] = [];
    const walk = (at: string) => {
      for (const entry of readdirSync(at, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(at, entry.name));
        else files.push(join(at, entry.name).slice(outDir.length + 1));
      }
    };
    walk(outDir);
    return files;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function floor(signIn: boolean) {
  const outDir = mkdtempSync(join(tmpdir(), 'cita-bench-floor-dist-'));
  try {
    return sizes(outDir, await buildFloor(signIn, outDir));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export async function bundleRows(): Promise<BenchRow[]> {
  const pages = await citaPages();
  const floors = { login: await floor(true), home: await floor(false) };
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  const rows: BenchRow[] = [];
  for (const [page, size, later, deferred, base, floorName] of [
    ['/login', pages.login, pages.loginLater, DEFERRED.login, floors.login, 'with Firebase Auth'],
    ['signed-in home', pages.home, pages.homeLater, DEFERRED.home, floors.home, 'no Firebase Auth'],
  ] as const) {
    const floorTotal = base.js + base.css;
    const total = size.js + size.css;
    const all = total + later.js + later.css;
    const names = deferred.map((source) => source.split('/').pop()!.replace(/\.tsx?$/, '')).join(', ') || 'nothing';
    rows.push(
      { name: `bundle floor for ${page}: same libraries, minimal app, ${floorName} (JS+CSS gzip)`, value: kb(floorTotal), unit: 'kB', target: 'floor', met: null },
      {
        name: `bundle ${page}: first-load JS+CSS gzip (JS ${kb(size.js)} kB, CSS ${kb(size.css)} kB)`,
        value: kb(total),
        unit: 'kB',
        target: `≤ 1.3 × floor (${kb(1.3 * floorTotal)} kB)`,
        met: total <= 1.3 * floorTotal,
      },
      { name: `bundle ${page}: ratio to its floor`, value: Math.round((total / floorTotal) * 100) / 100, unit: '×', target: '≤ 1.3', met: total <= 1.3 * floorTotal },
      { name: `bundle ${page}: loaded after start (${names}) JS+CSS gzip`, value: kb(later.js + later.css), unit: 'kB', target: 'report', met: null },
      {
        name: `bundle ${page}: first load + after start, ratio to its floor`,
        value: Math.round((all / floorTotal) * 100) / 100,
        unit: '×',
        target: '≤ 1.3',
        met: all <= 1.3 * floorTotal,
      },
    );
  }
  return rows;
}
