import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security-headers.ts';

const SHELL = "(function(){document.documentElement.dataset.shell='home'})();";
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the CSP of the built SPA', () => {
  const dirs: string[] = [];
  const spa = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'cita-csp-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("allows exactly the build's inline scripts, by their SHA-256, and not the files it loads", () => {
    const dir = spa({
      'index.html': `<!doctype html><head><meta charset="UTF-8" />\n<script data-shell-script data-entry="/assets/main.js">${SHELL}</script><script type="module" src="/assets/x.js"></script></head>`,
      'book.html': '<script type="module" crossorigin src="/assets/book.js"></script>',
      'notes.txt': '<script>not a page</script>',
    });
    expect(inlineScriptHashes(dir)).toEqual([sha256(SHELL)]);
    expect(inlineScriptHashes(undefined)).toEqual([]);
    expect(inlineScriptHashes(join(dir, 'missing'))).toEqual([]);
  });
});
