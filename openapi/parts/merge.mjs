// One-off tool while the contract is written in parts by several people at once:
// merges openapi/parts/*.yaml (00-common.yaml first) into one document.
// Usage: node openapi/parts/merge.mjs [out.yaml] [part.yaml ...]   (default: all parts into openapi/tenant-api.yaml)
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? join(here, '..', 'tenant-api.yaml');
const only = process.argv.slice(3);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.yaml'))
  .filter((f) => f.startsWith('00-') || only.length === 0 || only.includes(f))
  .sort();
const doc = YAML.parse(readFileSync(join(here, files[0]), 'utf8'));
for (const file of files.slice(1)) {
  const part = YAML.parse(readFileSync(join(here, file), 'utf8')) ?? {};
  for (const tag of part.tags ?? []) {
    if (doc.tags.some((t) => t.name === tag.name)) throw new Error(`${file}: duplicate tag ${tag.name}`);
    doc.tags.push(tag);
  }
  for (const [path, item] of Object.entries(part.paths ?? {})) {
    doc.paths[path] ??= {};
    for (const [key, op] of Object.entries(item)) {
      if (doc.paths[path][key]) throw new Error(`${file}: duplicate ${key} ${path}`);
      doc.paths[path][key] = op;
    }
  }
  for (const [section, entries] of Object.entries(part.components ?? {})) {
    doc.components[section] ??= {};
    for (const [name, value] of Object.entries(entries)) {
      if (doc.components[section][name]) throw new Error(`${file}: duplicate components.${section}.${name}`);
      doc.components[section][name] = value;
    }
  }
}
writeFileSync(out, YAML.stringify(doc, { lineWidth: 0 }));
console.log(`merged ${files.length} parts into ${out}: ${Object.keys(doc.paths).length} paths`);
