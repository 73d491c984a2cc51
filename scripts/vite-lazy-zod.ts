import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const HELPER = '~/lib/lazy-schema';

/**
 * generated/zod.gen.ts builds all of the contract's schemas (about 640 `export const zX = …;`) as it
 * is evaluated, and the generated SDK imports every one of them: the first page of every session paid
 * for all. In the SPA's build and dev server each becomes `lazySchema(() => …)` (src/lib/lazy-schema.ts),
 * built when first used. generated/ itself is untouched; the server and the unit tests use it as is.
 * Throws when a statement does not have the shape it expects, rather than leaving schemas eager.
 */
export function transformZodGen(code: string): { code: string; map: ReturnType<MagicString['generateMap']>; count: number } {
  const s = new MagicString(code);
  const lines = code.split('\n');
  let offset = 0;
  let open: { start: number } | undefined;
  let count = 0;
  const statements = (code.match(/^export const z\w+ = /gm) ?? []).length;
  lines.forEach((line, index) => {
    const head = /^export const z\w+ = /.exec(line);
    if (head) {
      if (open) throw new Error(`lazy zod: statement at line ${index + 1} starts before the previous one ended`);
      open = { start: offset + head[0].length };
    }
    const next = lines[index + 1];
    const ends = open && line.endsWith(';') && (next === undefined || next === '' || next.startsWith('/**') || next.startsWith('export '));
    if (open && ends) {
      const end = offset + line.length - 1; // the `;`
      s.appendLeft(open.start, '/* @__PURE__ */ __lazySchema(() => (');
      s.appendRight(end, '))');
      count += 1;
      open = undefined;
    }
    offset += line.length + 1;
  });
  if (open || count !== statements || count === 0) throw new Error(`lazy zod: wrapped ${count} of ${statements} schemas`);
  s.prepend(`import { lazySchema as __lazySchema } from '${HELPER}';\n`);
  return { code: s.toString(), map: s.generateMap({ hires: 'boundary' }), count };
}

export function lazyZodGen(): Plugin {
  return {
    name: 'cita-lazy-zod-gen',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').split('?')[0]!.endsWith('/generated/zod.gen.ts')) return undefined;
      const { code: out, map } = transformZodGen(code);
      return { code: out, map };
    },
  };
}
