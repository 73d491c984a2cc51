// The static shell of index.html (issue 6, Lighthouse): the first screen's frame and text painted by
// the HTML and the CSS alone, before the app's JavaScript has arrived; the app removes it once it has
// rendered its page (src/main.tsx). Text in index.html is written {{t:message.id}}: each becomes the
// message in every language (messages/*.json, so i18n:check covers it), the one not shown hidden by
// CSS; src/app/static-shell/static-shell.ts (a classic script, inline: the CSP allows it by its hash)
// picks the language and the screen before the first paint.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertCssVariables, DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { IntlMessageFormat } from 'intl-messageformat';
import { build } from 'rolldown';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../src/app/theme.ts';
import { LOCALE_NAMES, LOCALES } from '../src/lib/locale.ts';

/**
 * The CSS variables MantineProvider writes for the app's theme (those that differ from Mantine's
 * defaults), so that the shell has the app's colours and fonts before the app has run.
 */
function themeCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const ours = defaultCssVariablesResolver(merged);
  const extra = cssVariablesResolver(merged);
  const base = defaultCssVariablesResolver(DEFAULT_THEME);
  const pick = (section: 'variables' | 'light' | 'dark') =>
    Object.fromEntries(Object.entries({ ...ours[section], ...extra[section] }).filter(([name, value]) => base[section][name as keyof (typeof base)[typeof section]] !== value));
  // :root:root: before Mantine's stylesheet in the page, yet above its defaults (which it sets on :root).
  return convertCssVariables({ variables: pick('variables'), light: pick('light'), dark: pick('dark') }, ':root').replaceAll(':root', ':root:root');
}
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A message in one language as HTML: rich-text tags (<link>…</link>) become spans with that class. */
function messageHtml(message: string, locale: string): string {
  const open = '\u0001';
  const close = '\u0002';
  const format = new IntlMessageFormat(message, locale, undefined, { ignoreTag: false });
  const names = [...message.matchAll(/<(\w+)>/g)].map((match) => match[1]!);
  const tags = Object.fromEntries(names.map((name) => [name, (chunks: string[]) => `${open}${name}${open}${chunks.join('')}${close}`]));
  const parts = format.format(tags);
  const text = Array.isArray(parts) ? parts.join('') : String(parts);
  return escape(text)
    .replace(new RegExp(`${open}(\\w+)${open}`, 'g'), '<span class="shell-$1">')
    .replace(new RegExp(close, 'g'), '</span>');
}

/** The attribute that marks the shell's inline script, whose tag the build then gives its chunk lists. */
const SHELL_SCRIPT = 'data-shell-script';

/**
 * In the built index.html, the module script and its preloads start once the shell has been painted
 * (the shell script adds them, as data-entry and data-preload of its own tag): fetched beside the
 * stylesheet, they would share the bandwidth the first paint waits for.
 */
function deferEntry(html: string, later: Record<string, string[]>, manifest: string): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) return html;
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let out = html.replace(entry[0], '');
  for (const preload of preloads) out = out.replace(preload[0], '');
  const eager = new Set(preloads.map((preload) => preload[1]!));
  const loaded = new Set([...eager, entry[1]!]);
  const attributes = Object.entries(later)
    .map(([name, files]) => [name, files.filter((file) => !loaded.has(file))] as const)
    .filter(([, files]) => files.length > 0)
    .map(([name, files]) => ` data-preload-${name.toLowerCase()}="${files.join(' ')}"`)
    .join('');
  return out.replace(
    `<script ${SHELL_SCRIPT}>`,
    `<script ${SHELL_SCRIPT} data-entry="${entry[1]}" data-manifest="${manifest}" data-preload="${[...eager].join(' ')}"${attributes}>`,
  );
}

/**
 * The chunks the entry imports later, by a dynamic import, that every first screen waits for: the
 * app's frame (src/app/app.tsx), the pages of the shell's two screens (the home's loader with its page:
 * its figures are fetched before the first render), each language's messages. Each
 * with the chunks it imports, as URLs. The shell script preloads those its page needs beside the entry
 * (else each is fetched only once the module before it has been evaluated: a round trip each, in series).
 */
function laterChunks(bundle: OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (...ends: string[]) => {
    const files = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const imported of chunk.imports) if (byFile.has(imported)) visit(byFile.get(imported)!);
    };
    for (const end of ends) {
      // The chunk the module is the facade of, else the one holding it (a chunk group of
      // scripts/vite-start-chunks.ts gathers modules without a facade of their own).
      const holds = (module: string | null) => module?.replaceAll('\\', '/').endsWith(end) ?? false;
      const chunk = chunks.find((candidate) => holds(candidate.facadeModuleId)) ?? chunks.find((candidate) => candidate.moduleIds.some(holds));
      if (!chunk) throw new Error(`static shell: no chunk for ${end}`);
      visit(chunk);
    }
    return [...files].map((file) => `/${file}`);
  };
  return {
    app: closure('/src/app/app.tsx'),
    login: closure('/src/routes/{-$locale}/login/index.tsx?tsr-split=component'),
    home: closure('/src/routes/{-$locale}/_dashboard/route.tsx?tsr-split=component', '/src/routes/{-$locale}/_dashboard/index.tsx?tsr-split=component---loader'),
    ...Object.fromEntries(LOCALES.filter((locale) => locale !== 'en-US').map((locale) => [locale, closure(`/messages/${locale}.json`)])),
  };
}

/** `buildId`: the build's manifest (builds/meta/{buildId}.json), which the shell script fetches early for the home. */
export function staticShell(root: string, buildId: string): Plugin[] {
  const catalogs = Object.fromEntries(LOCALES.map((locale) => [locale, JSON.parse(readFileSync(join(root, 'messages', `${locale}.json`), 'utf8')) as Record<string, string>]));
  let script: string | undefined;
  const bundle = async () => {
    if (script) return script;
    const output = await build({
      input: join(root, 'src/app/static-shell/static-shell.ts'),
      resolve: { alias: { '~': join(root, 'src'), '@common': join(root, 'common') } },
      write: false,
      output: { format: 'iife', minify: true },
    });
    const code = output.output[0].code.trim();
    if (/<\/script|<!--/i.test(code)) throw new Error('static shell: the script holds text that would end its inline <script>');
    script = code;
    return script;
  };
  const shell: Plugin = {
    name: 'cita-static-shell',
    async transformIndexHtml(html) {
      if (!html.includes('{{t:')) return html;
      const code = await bundle();
      const text = html
        .replace('<!--shell-theme-->', `<style>${themeCss()}</style>`)
        .replace(/\{\{locale-name\}\}/g, LOCALES.map((locale) => `<span lang="${locale}">${escape(LOCALE_NAMES[locale])}</span>`).join(''))
        .replace(/\{\{t:([\w.-]+)\}\}/g, (_match, id: string) =>
        LOCALES.map((locale) => {
          const message = catalogs[locale]![id];
          if (message === undefined) throw new Error(`static shell: no message "${id}" in messages/${locale}.json`);
          return `<span lang="${locale}">${messageHtml(message, locale)}</span>`;
        }).join(''),
      );
      // First in the head after <meta charset>, which must stay within the page's first 1,024 bytes
      // (the shell script's tag grows long once the build adds its chunk lists). Inline (2.6 kB): as a
      // file of its own it was a round trip before anything else could start (Lighthouse's simulated
      // LCP of the home 3.06 s → 2.8 s). The server's CSP allows it by its hash (server/plugins/security-headers.ts).
      const charset = '<meta charset="UTF-8" />';
      if (!text.includes(charset)) throw new Error(`static shell: index.html has no ${charset}`);
      return text.replace(charset, `${charset}\n    <script ${SHELL_SCRIPT}>${code}</script>`);
    },
  };
  const deferred: Plugin = {
    name: 'cita-static-shell-deferred-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!html.includes('data-shell-page')) return html;
        return deferEntry(html, context.bundle ? laterChunks(context.bundle) : {}, `/builds/meta/${encodeURIComponent(buildId)}.json`);
      },
    },
  };
  return [shell, deferred];
}
