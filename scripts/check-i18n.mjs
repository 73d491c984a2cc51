// Fails when a message used in src/ is missing from a catalog, when the en-US catalog is stale,
// or when a translation is empty, invalid ICU, or uses other placeholders than the English text.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const extracted = join(mkdtempSync(join(tmpdir(), 'cita-i18n-')), 'en-US.json');
execFileSync(
  'node_modules/.bin/formatjs',
  ['extract', 'src/**/*.{ts,tsx}', '--ignore', 'src/**/*.d.ts', 'src/**/*.test.{ts,tsx}', '--format', 'simple', '--out-file', extracted],
  { stdio: 'inherit' },
);
const source = JSON.parse(readFileSync(extracted, 'utf8'));
const catalogs = {
  'en-US': JSON.parse(readFileSync('messages/en-US.json', 'utf8')),
  'es-ES': JSON.parse(readFileSync('messages/es-ES.json', 'utf8')),
};

function placeholders(message) {
  const names = new Set();
  const walk = (elements) => {
    for (const element of elements) {
      if ('value' in element && element.type !== TYPE.literal && element.type !== TYPE.pound) names.add(element.value);
      if (element.options) for (const option of Object.values(element.options)) walk(option.value);
      if (element.children) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort().join(',');
}

const problems = [];
for (const [locale, catalog] of Object.entries(catalogs)) {
  for (const id of Object.keys(source)) {
    const message = catalog[id];
    if (typeof message !== 'string' || message.trim() === '') {
      problems.push(`${locale}: missing "${id}"`);
      continue;
    }
    try {
      if (placeholders(message) !== placeholders(source[id])) problems.push(`${locale}: "${id}" has other placeholders than the source`);
    } catch (error) {
      problems.push(`${locale}: "${id}" is not valid ICU: ${error.message}`);
    }
  }
  for (const id of Object.keys(catalog)) if (!(id in source)) problems.push(`${locale}: "${id}" is no longer used in src/`);
}
for (const [id, message] of Object.entries(source)) {
  if (catalogs['en-US'][id] !== undefined && catalogs['en-US'][id] !== message) problems.push(`en-US: "${id}" differs from its defaultMessage; run npm run i18n:extract`);
}
// A descriptor the extractor cannot see (a plain object, not in defineMessages or a component) is
// never translated: es-ES would show its English defaultMessage. Every literal descriptor in src/ must
// be in the extracted catalog.
for (const name of readdirSync('src', { recursive: true })) {
  const file = join('src', name);
  if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|\.d\.ts$/.test(file)) continue;
  for (const [, id] of readFileSync(file, 'utf8').matchAll(/\bid:\s*'([\w.-]+)',\s*defaultMessage\b/g)) {
    if (!(id in source)) problems.push(`${file}: "${id}" is outside defineMessages, so it is never extracted nor translated`);
  }
}
if (problems.length) {
  console.error(`i18n: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`i18n: ${Object.keys(source).length} messages, complete in ${Object.keys(catalogs).join(' and ')}`);
