import { readFileSync } from 'node:fs';
import MagicString from 'magic-string';
import { parseAst, transformWithOxc, type Plugin } from 'vite';
import { transformZodGen } from './vite-lazy-zod.ts';

/**
 * The generated client (generated/sdk.gen.ts, generated/@tanstack/react-query.gen.ts,
 * generated/zod.gen.ts) is three modules of a few hundred declarations each, and a module is never
 * split between chunks: whatever any page used of them went into one shared chunk that every page's
 * first load fetched (about 21 kB gzip of schemas and operations, of which a page uses a handful). In
 * the SPA's build each top-level declaration of these files becomes a module of its own (a virtual
 * module importing the declarations it names), and every import of one of the files names those
 * modules instead: the chunks then hold what their pages use. The same code runs (zod schemas still
 * built on first use, scripts/vite-lazy-zod.ts); generated/ itself is untouched. The file itself is
 * left re-exporting the parts, for an import this does not rewrite (a namespace import).
 * Throws on a top-level statement it does not know, rather than leaving a file whole.
 */

const PREFIX = '\0cita-split:';
const TARGETS = ['/generated/zod.gen.ts', '/generated/sdk.gen.ts', '/generated/@tanstack/react-query.gen.ts'];
const isTarget = (file: string) => TARGETS.some((target) => file.endsWith(target));
const clean = (id: string) => id.replaceAll('\\', '/').split('?')[0]!;
export const partId = (file: string, name: string) => `${PREFIX}${file}:${name}`;

type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Specifier = { type: string; local: { name: string }; imported?: { name?: string; value?: string } };

/** The names a top-level statement declares (`const a = …`, `function a() {}`). */
function declared(node: Node): string[] {
  if (node.type === 'VariableDeclaration') {
    return (node.declarations as Array<{ id: Node & { name?: string } }>).map((declaration) => {
      if (declaration.id.type !== 'Identifier' || !declaration.id.name) throw new Error('split generated: a destructuring declaration');
      return declaration.id.name;
    });
  }
  if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') {
    const id = node.id as { name?: string } | null;
    if (!id?.name) throw new Error('split generated: an anonymous declaration');
    return [id.name];
  }
  throw new Error(`split generated: a top-level ${node.type}`);
}

/** One module's code cut into its declarations: each part's code and the names the file exports. */
export function splitModule(code: string, file: string): { parts: Map<string, string>; exported: string[] } {
  const program = parseAst(code) as unknown as { body: Node[] };
  const imports: Array<{ source: string; specifiers: Specifier[] }> = [];
  const statements: Array<{ names: string[]; text: string }> = [];
  const exported: string[] = [];
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') imports.push({ source: (node.source as { value: string }).value, specifiers: node.specifiers as Specifier[] });
    else if (node.type === 'ExportNamedDeclaration') {
      const declaration = node.declaration as Node | null;
      if (!declaration || node.source) throw new Error(`split generated: an export list in ${file}`);
      const names = declared(declaration);
      exported.push(...names);
      statements.push({ names, text: code.slice(declaration.start, declaration.end) });
    } else if (node.type !== 'EmptyStatement') statements.push({ names: declared(node), text: code.slice(node.start, node.end) });
  }
  const owner = new Map<string, string>();
  for (const statement of statements) for (const name of statement.names) owner.set(name, partId(file, statement.names[0]!));
  if (owner.size === 0) throw new Error(`split generated: nothing to split in ${file}`);
  const parts = new Map<string, string>();
  for (const statement of statements) {
    const own = new Set(statement.names);
    const words = new Set(statement.text.match(/[A-Za-z_$][\w$]*/g) ?? []);
    // Only the bindings the declaration names: an import left unused would still tie the part to
    // what it imports when the chunks are made (tree-shaking drops the code, not the edge).
    const used = imports.flatMap(({ source, specifiers }) => {
      if (specifiers.length === 0) return [`import ${JSON.stringify(source)};`];
      const kept = specifiers.filter((specifier) => words.has(specifier.local.name));
      if (kept.length === 0) return [];
      return kept.map((specifier) => {
        if (specifier.type === 'ImportNamespaceSpecifier') return `import * as ${specifier.local.name} from ${JSON.stringify(source)};`;
        if (specifier.type === 'ImportDefaultSpecifier') return `import ${specifier.local.name} from ${JSON.stringify(source)};`;
        const imported = specifier.imported!.name ?? specifier.imported!.value!;
        return `import { ${imported === specifier.local.name ? imported : `${imported} as ${specifier.local.name}`} } from ${JSON.stringify(source)};`;
      });
    });
    const byPart = new Map<string, string[]>();
    for (const word of words) {
      if (!owner.has(word) || own.has(word)) continue;
      byPart.set(owner.get(word)!, [...(byPart.get(owner.get(word)!) ?? []), word]);
    }
    const siblings = [...byPart].map(([from, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(from)};`);
    const id = partId(file, statement.names[0]!);
    parts.set(id, [...used, ...siblings, `export ${statement.text}`].join('\n'));
    for (const name of statement.names.slice(1)) parts.set(partId(file, name), `export { ${name} } from ${JSON.stringify(id)};`);
  }
  return { parts, exported };
}

export function splitGenerated(): Plugin {
  const files = new Map<string, Promise<ReturnType<typeof splitModule>>>();
  const split = (file: string) => {
    let result = files.get(file);
    if (!result) {
      result = (async () => {
        let { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
        if (file.endsWith('/generated/zod.gen.ts')) code = transformZodGen(code).code;
        return splitModule(code, file);
      })();
      files.set(file, result);
    }
    return result;
  };
  const fileOf = (id: string) => id.slice(PREFIX.length, id.lastIndexOf(':'));
  return {
    name: 'cita-split-generated',
    apply: 'build',
    async resolveId(source, importer) {
      if (source.startsWith(PREFIX)) return source;
      // A part's own imports (zod, ./client.gen, ~/lib/lazy-schema) resolve as from the file it came from.
      if (importer?.startsWith(PREFIX)) return this.resolve(source, fileOf(importer), { skipSelf: true });
      return undefined;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const code = (await split(fileOf(id))).parts.get(id);
      if (code === undefined) throw new Error(`split generated: ${id.slice(PREFIX.length)} is declared nowhere`);
      return code;
    },
    async transform(code, id) {
      const file = clean(id);
      if (!id.startsWith(PREFIX) && isTarget(file)) {
        const { exported } = await split(file);
        return { code: exported.map((name) => `export { ${name} } from ${JSON.stringify(partId(file, name))};`).join('\n'), map: null };
      }
      if (file.includes('/node_modules/') || !code.includes('.gen')) return undefined;
      const importer = id.startsWith(PREFIX) ? fileOf(id) : file;
      const program = this.parse(code) as unknown as { body: Node[] };
      const out = new MagicString(code);
      let edited = false;
      for (const node of program.body) {
        if (node.type !== 'ImportDeclaration' || (node.importKind as string | undefined) === 'type') continue;
        const source = (node.source as { value: string }).value;
        if (!source.includes('.gen')) continue;
        const resolved = await this.resolve(source, importer);
        if (!resolved || !isTarget(clean(resolved.id))) continue;
        const specifiers = node.specifiers as Specifier[];
        if (specifiers.length === 0 || specifiers.some((specifier) => specifier.type !== 'ImportSpecifier')) continue;
        const target = clean(resolved.id);
        const text = specifiers
          .map((specifier) => {
            const imported = specifier.imported!.name ?? specifier.imported!.value!;
            const binding = imported === specifier.local.name ? imported : `${imported} as ${specifier.local.name}`;
            return `import { ${binding} } from ${JSON.stringify(partId(target, imported))};`;
          })
          .join(' ');
        out.overwrite(node.start, node.end, text);
        edited = true;
      }
      if (!edited) return undefined;
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary' }) };
    },
  };
}
