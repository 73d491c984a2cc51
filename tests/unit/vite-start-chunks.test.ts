import { describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { noChunkCycles, startChunks } from '../../scripts/vite-start-chunks';

/** A module graph as rolldown's chunking sees it: each module's code and its resolved imports. */
const graph: Record<string, { code: string; imports?: string[]; dynamic?: string[] }> = {
  '/r/src/main.tsx': {
    code: "import { a } from './lib/a';\nimport { format } from './lib/format';\nimport { store } from './lib/store';\nconst app = import('./app/app');\nconst later = import('./later');",
    imports: ['/r/src/lib/a.ts', '/r/src/lib/format.ts', '/r/src/lib/store.ts'],
    dynamic: ['/r/src/app/app.tsx', '/r/src/later.ts'],
  },
  '/r/src/lib/a.ts': { code: 'export const a = 1;' },
  '/r/src/lib/format.ts': { code: 'export const format = 1;' },
  '/r/src/lib/store.ts': { code: 'export const store = 1;' },
  '/r/src/lib/iso.ts': { code: 'export const iso = 1;' },
  '/r/src/later.ts': { code: "import { iso } from './lib/iso';", imports: ['/r/src/lib/iso.ts'] },
  '/r/src/app/app.tsx': {
    code: "import { Button } from 'ui';\nimport { routes } from './routes';\nimport { iso } from '../lib/iso';",
    imports: ['/r/node_modules/ui/index.mjs', '/r/src/app/routes.ts', '/r/src/lib/iso.ts'],
  },
  '/r/src/app/routes.ts': {
    code: 'export const routes = [];',
    dynamic: ['/r/src/routes/{-$locale}/_dashboard/route.tsx?tsr-split=component', '/r/src/routes/{-$locale}/_dashboard/index.tsx?tsr-split=component---loader', '/r/src/routes/{-$locale}/login/index.tsx?tsr-split=component'],
  },
  // A package's index names every part; a module takes some of them.
  '/r/node_modules/ui/index.mjs': {
    code: "'use client';\nimport { Button } from './Button.mjs';\nimport { Shell } from './Shell.mjs';\nimport { Badge } from './Badge.mjs';\nimport { Slider } from './Slider.mjs';\nimport { Card } from './Card.mjs';\nimport { Input } from './Input.mjs';\nexport { Button, Shell, Badge, Slider, Card, Input };",
    imports: ['/r/node_modules/ui/Button.mjs', '/r/node_modules/ui/Shell.mjs', '/r/node_modules/ui/Badge.mjs', '/r/node_modules/ui/Slider.mjs', '/r/node_modules/ui/Card.mjs', '/r/node_modules/ui/Input.mjs'],
  },
  '/r/node_modules/ui/Button.mjs': { code: 'export const Button = 1;' },
  '/r/node_modules/ui/Shell.mjs': { code: 'export const Shell = 1;' },
  '/r/node_modules/ui/Badge.mjs': { code: 'export const Badge = 1;' },
  '/r/node_modules/ui/Slider.mjs': { code: 'export const Slider = 1;' },
  '/r/node_modules/ui/Card.mjs': { code: 'export const Card = 1;' },
  '/r/node_modules/ui/Input.mjs': { code: 'export const Input = 1;' },
  '/r/src/routes/{-$locale}/_dashboard/route.tsx?tsr-split=component': { code: "import { Shell, Badge } from 'ui';", imports: ['/r/node_modules/ui/index.mjs'] },
  '/r/src/routes/{-$locale}/_dashboard/index.tsx?tsr-split=component---loader': { code: "import { Card } from 'ui';", imports: ['/r/node_modules/ui/index.mjs'] },
  '/r/src/routes/{-$locale}/login/index.tsx?tsr-split=component': { code: "import { Badge, Input } from 'ui';", imports: ['/r/node_modules/ui/index.mjs'] },
  '/r/index.html': { code: "import './src/main.tsx';", imports: ['/r/src/main.tsx'] },
  '/r/book.html': { code: "import { Slider } from 'ui';\nimport { format } from './src/lib/format';", imports: ['/r/node_modules/ui/index.mjs', '/r/src/lib/format.ts'] },
  '/r/logout.html': { code: "import { store } from './src/lib/store';", imports: ['/r/src/lib/store.ts'] },
};
const context = {
  getModuleInfo: (id: string) => (graph[id] ? { code: graph[id].code, importedIds: graph[id].imports ?? [], dynamicallyImportedIds: graph[id].dynamic ?? [] } : null),
};

describe('startChunks (scripts/vite-start-chunks.ts)', () => {
  const output = startChunks('/r');
  const group = (id: string) => {
    const splitting = output.codeSplitting as { groups: Array<{ name: (id: string, context: unknown) => string | null }> };
    return splitting.groups[0]!.name(id, context);
  };

  it("gathers what the app's frame, the dashboard layout and the home take, and only the parts of an index they name", () => {
    // The starts go with their groups: a request less each.
    expect(group('/r/src/app/app.tsx')).toBe('app');
    expect(group('/r/src/app/routes.ts')).toBe('app');
    expect(group('/r/node_modules/ui/Button.mjs')).toBe('app');
    expect(group('/r/src/routes/{-$locale}/_dashboard/route.tsx?tsr-split=component')).toBe('dashboard');
    expect(group('/r/src/routes/{-$locale}/_dashboard/index.tsx?tsr-split=component---loader')).toBe('dashboard');
    expect(group('/r/node_modules/ui/Shell.mjs')).toBe('dashboard');
    expect(group('/r/node_modules/ui/Card.mjs')).toBe('dashboard');
    // Both first screens (/login and the signed-in home) take Badge: with the frame, which both load.
    expect(group('/r/node_modules/ui/Badge.mjs')).toBe('app');
  });

  it("gathers the rest of the signed-in first load by the other pages that import it", () => {
    // The booking page's entry imports it too: with what that page loads anyway.
    expect(group('/r/src/lib/format.ts')).toBe('shared');
    // /logout.html imports it, or the entry's other dynamic imports take it beside the frame.
    expect(group('/r/src/lib/store.ts')).toBe('session');
    expect(group('/r/src/lib/iso.ts')).toBe('session');
    // Only the entry imports it: in the entry's chunk.
    expect(group('/r/src/lib/a.ts')).toBeNull();
    expect(group('/r/src/main.tsx')).toBeNull();
    expect(group('/r/index.html')).toBeNull();
  });

  it('leaves out what pages loaded without the frame or the layout take', () => {
    // Only /login takes Input: in the frame's or the dashboard's chunk, every page or /login would load more.
    expect(group('/r/node_modules/ui/Input.mjs')).toBeNull();
    // The booking page (an entry of its own) would load the app's frame.
    expect(group('/r/node_modules/ui/Slider.mjs')).toBeNull();
    expect(group('/r/src/routes/{-$locale}/login/index.tsx?tsr-split=component')).toBeNull();
  });
});

describe('noChunkCycles (scripts/vite-start-chunks.ts)', () => {
  const bundle = (imports: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(imports).map(([fileName, chunkImports]) => [fileName, { type: 'chunk', fileName, imports: chunkImports }])) as unknown as OutputBundle;
  const check = (imports: Record<string, string[]>) => (noChunkCycles().generateBundle as (options: unknown, bundle: OutputBundle) => void)({}, bundle(imports));

  it('fails the build on chunks that import each other', () => {
    expect(() => check({ 'a.js': ['b.js'], 'b.js': ['c.js'], 'c.js': ['a.js'] })).toThrow(/a\.js → b\.js → c\.js → a\.js/);
  });

  it('lets a build without cycles through', () => {
    expect(() => check({ 'a.js': ['b.js', 'c.js'], 'b.js': ['c.js'], 'c.js': [] })).not.toThrow();
  });
});
