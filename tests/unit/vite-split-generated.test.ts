import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { transformZodGen } from '../../scripts/vite-lazy-zod';
import { partId, splitModule } from '../../scripts/vite-split-generated';

const FILE = '/x/generated/sdk.gen.ts';

describe('splitModule (scripts/vite-split-generated.ts)', () => {
  it('makes each declaration a module importing only what it names', () => {
    const source = [
      "import * as z from 'zod';",
      "import { client } from './client.gen';",
      'const helper = (x) => x;',
      'export const zA = z.string();',
      'export const zB = z.object({ a: zA });',
      'export const getB = () => client.get({ validate: helper(zB) });',
    ].join('\n');
    const { parts, exported } = splitModule(source, FILE);
    expect(exported).toEqual(['zA', 'zB', 'getB']);
    expect([...parts.keys()]).toEqual([partId(FILE, 'helper'), partId(FILE, 'zA'), partId(FILE, 'zB'), partId(FILE, 'getB')]);
    expect(parts.get(partId(FILE, 'helper'))).toBe('export const helper = (x) => x;');
    expect(parts.get(partId(FILE, 'zA'))).toBe("import * as z from \"zod\";\nexport const zA = z.string();");
    expect(parts.get(partId(FILE, 'zB'))).toBe(
      `import * as z from "zod";\nimport { zA } from ${JSON.stringify(partId(FILE, 'zA'))};\nexport const zB = z.object({ a: zA });`,
    );
    // No import of zod or zA: a part tied to what it does not use would drag it into its chunk.
    expect(parts.get(partId(FILE, 'getB'))).toBe(
      [
        'import { client } from "./client.gen";',
        `import { helper } from ${JSON.stringify(partId(FILE, 'helper'))};`,
        `import { zB } from ${JSON.stringify(partId(FILE, 'zB'))};`,
        'export const getB = () => client.get({ validate: helper(zB) });',
      ].join('\n'),
    );
  });

  it('refuses a statement it does not know instead of leaving the file whole', () => {
    expect(() => splitModule("const a = 1;\nexport { a };", FILE)).toThrow(/export list/);
    expect(() => splitModule("console.log('side effect');", FILE)).toThrow(/ExpressionStatement/);
    expect(() => splitModule('export const { a } = { a: 1 };', FILE)).toThrow(/destructuring/);
  });

  it.each(['generated/zod.gen.ts', 'generated/sdk.gen.ts', 'generated/@tanstack/react-query.gen.ts'])('splits %s whole: every export a part', async (path) => {
    const file = fileURLToPath(new URL(`../../${path}`, import.meta.url));
    let { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
    if (path.endsWith('zod.gen.ts')) code = transformZodGen(code).code;
    const { parts, exported } = splitModule(code, file);
    const exports = (readFileSync(file, 'utf8').match(/^export const \w+/gm) ?? []).map((line) => line.slice('export const '.length));
    expect(exported.sort()).toEqual(exports.sort());
    for (const name of exported) expect(parts.get(partId(file, name))).toMatch(new RegExp(`^export const ${name} = `, 'm'));
  });
});
