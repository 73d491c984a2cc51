import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coreNames, reachedParts, stylesheet } from '../../scripts/vite-mantine-styles';

// A @mantine/core as the package is laid out: an index importing each part and exporting a list, the
// components importing each other and their class maps (X.module.mjs), styles/X.css and styles.css.
const core = mkdtempSync(join(tmpdir(), 'cita-mantine-core-'));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(core, path)), { recursive: true });
  writeFileSync(join(core, path), text);
};
write(
  'esm/index.mjs',
  [
    'import { Button } from "./components/Button/Button.mjs";',
    'import { Loader } from "./components/Loader/Loader.mjs";',
    'import { Slider } from "./components/Slider/Slider.mjs";',
    'import { RemoveScroll } from "react-remove-scroll";',
    'export { Button, Loader, RemoveScroll, Slider };',
  ].join('\n'),
);
write('esm/components/Button/Button.mjs', 'import { Loader } from "../Loader/Loader.mjs";\nimport classes from "./Button.module.mjs";\nexport const Button = 1;');
write('esm/components/Button/Button.module.mjs', 'export default { root: "m_00000001" };');
write('esm/components/Loader/Loader.mjs', 'import classes from "./Loader.module.mjs";\nexport const Loader = 1;');
write('esm/components/Loader/Loader.module.mjs', 'export default { root: "m_00000002" };');
write('esm/components/Slider/Slider.mjs', 'import classes from "./Slider.module.mjs";\nexport const Slider = 1;');
write('esm/components/Slider/Slider.module.mjs', 'export default { root: "m_00000003" };');
const parts: Record<string, string> = {
  baseline: '*{box-sizing:border-box}',
  'default-css-variables': ':root{--x:1}',
  global: 'body{margin:0}',
  Slider: '.m_00000003{width:1px}',
  Loader: '.m_00000002{width:2px}',
  Button: '.m_00000001{width:3px}',
};
for (const [name, css] of Object.entries(parts)) write(`styles/${name}.css`, css);
write('styles.css', Object.values(parts).join('\n'));
afterAll(() => rmSync(core, { recursive: true, force: true }));

describe('mantineStyles (scripts/vite-mantine-styles.ts)', () => {
  it("reads the names a module takes from @mantine/core, not its types nor other packages' names", () => {
    const source = "import { Button, type ButtonProps, Loader as Spinner } from '@mantine/core';\nimport { useDisclosure } from '@mantine/hooks';\nimport {\n  Slider,\n} from \"@mantine/core\";";
    expect(coreNames(source)).toEqual(['Button', 'Loader', 'Slider']);
  });

  it("follows a component's imports to the class maps of those it is made of", () => {
    expect(reachedParts(core, ['Button'])).toEqual(new Set(['Button', 'Loader']));
    // What another package exports through the index has no styles of Mantine's.
    expect(reachedParts(core, ['RemoveScroll'])).toEqual(new Set());
    expect(() => reachedParts(core, ['Nothing'])).toThrow(/exports no Nothing/);
  });

  it("writes the base and the reached parts in styles.css's order, and leaves the others out", () => {
    const css = stylesheet(core, new Set(['Button', 'Loader']));
    expect(css.split('\n')).toEqual([parts.baseline, parts['default-css-variables'], parts.global, parts.Loader, parts.Button]);
  });
});
