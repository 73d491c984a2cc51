import { zodResolver } from '@hookform/resolvers/zod';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { transformZodGen } from '../../scripts/vite-lazy-zod';
import { lazySchema } from './lazy-schema';

describe('lazySchema', () => {
  it('builds the schema once, on first use', () => {
    const build = vi.fn(() => z.string().min(2));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.safeParse('ab').success).toBe(true);
    expect(schema.safeParse('a').success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('stands for the schema: nested, derived, instanceof, in, async parse, form resolver', async () => {
    const zName = lazySchema(() => z.string().min(1));
    const zKind = lazySchema(() => z.enum(['a', 'b']));
    const zThing = lazySchema(() => z.object({ name: zName, kind: zKind.optional(), tags: z.array(zName).optional() }));
    const zEither = lazySchema(() => z.discriminatedUnion('type', [z.object({ type: z.literal('x'), thing: zThing }), z.object({ type: z.literal('y') })]));
    expect(zThing instanceof z.ZodType).toBe(true);
    expect(zThing instanceof z.ZodObject).toBe(true);
    expect('_zod' in zThing).toBe(true);
    expect(Object.keys(zThing.shape)).toEqual(['name', 'kind', 'tags']);
    expect(zThing.parse({ name: 'n', kind: 'a', tags: ['t'], extra: 1 })).toEqual({ name: 'n', kind: 'a', tags: ['t'] });
    expect(zThing.safeParse({ name: '' }).error?.issues[0]?.path).toEqual(['name']);
    expect(await zEither.parseAsync({ type: 'x', thing: { name: 'n' } })).toEqual({ type: 'x', thing: { name: 'n' } });
    expect(zEither.safeParse({ type: 'x', thing: {} }).success).toBe(false);
    const extended = zThing.extend({ age: z.number() }).omit({ tags: true });
    expect(extended.parse({ name: 'n', age: 3 })).toEqual({ name: 'n', age: 3 });
    expect(zThing.partial().parse({})).toEqual({});
    const resolved = await zodResolver(zThing)({ name: '' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.keys(resolved.errors)).toEqual(['name']);
  });
});

/** A schema's definition as plain data, nested schemas and checks replaced by theirs (8 levels deep). */
function definition(value: unknown, depth = 0): unknown {
  if (depth > 8) return '…';
  if (value instanceof RegExp) return value.toString();
  if (typeof value === 'function') return 'function';
  if (Array.isArray(value)) return value.map((item) => definition(item, depth + 1));
  if (value && typeof value === 'object') {
    if ('_zod' in value) return definition((value as { _zod: { def: unknown } })._zod.def, depth + 1);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, definition(item, depth + 1)]));
  }
  return value;
}

describe('transformZodGen', () => {
  // The contract's schemas, eager (as generated) and lazy (as the SPA's build makes them), evaluated
  // side by side: every one has the same definition, nested schemas and checks included.
  const source = readFileSync(fileURLToPath(new URL('../../generated/zod.gen.ts', import.meta.url)), 'utf8');
  const evaluate = (code: string) => {
    const names = [...code.matchAll(/^export const (z\w+) = /gm)].map((match) => match[1]!);
    const body = code.replace(/^import .*$/gm, '').replace(/^export const /gm, 'const ');
    return new Function('z', '__lazySchema', `${body}\nreturn { ${names.join(', ')} };`)(z, lazySchema) as Record<string, z.ZodType>;
  };

  it('wraps every schema and keeps each one the same', () => {
    const { code, count } = transformZodGen(source);
    const eager = evaluate(source);
    const lazy = evaluate(code);
    expect(count).toBe(Object.keys(eager).length);
    expect(Object.keys(lazy)).toEqual(Object.keys(eager));
    for (const name of Object.keys(eager)) expect(definition(lazy[name]), name).toEqual(definition(eager[name]));
  });

  it('refuses a statement of a shape it does not know', () => {
    expect(() => transformZodGen("export const zA = z.string()\nexport const zB = z.string();\n")).toThrow(/lazy zod/);
  });
});
