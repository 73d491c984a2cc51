// Splits the contract into one file per domain, with openapi/tenant-api.yaml the entry point:
//   openapi/paths/<domain>.yaml       the paths whose operations carry that first tag (Customers → customers.yaml)
//   openapi/components/<domain>.yaml  the schemas, parameters and responses only that domain's paths use
//                                     (directly or through other components), or that several domains use
//                                     and are named after it (TenantStatus → tenants); common.yaml holds the
//                                     rest (Problem, Money, Id, the shared parameters and error responses)
//   openapi/tenant-api.yaml           info, servers, security, tags, the security schemes, and one $ref line
//                                     per path and per component, in the contract's order (so every tool
//                                     sees the same document, and the generated code does not change)
// A piece refers to a component through the entry (`../tenant-api.yaml#/components/schemas/Money`), never to
// another piece, so each component keeps its one name.
//
//   node scripts/split-contract.mjs          split (from the single file, or again from a split one)
//   node scripts/split-contract.mjs --join   write the single file back (and remove the pieces)
//
// Deterministic and idempotent: it reads the contract through the loader (server/contract.mjs), which
// joins an already split contract, so running it twice writes the same bytes; before it exits it loads
// what it wrote and checks it is the same document as what it read.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import YAML from 'yaml';
import { CONTRACT, joinContract, loadContract, pointerSegment } from '../server/contract.mjs';

const { values: options } = parseArgs({ options: { join: { type: 'boolean', default: false } } });
const ROOT = join(import.meta.dirname, '..', 'openapi');
const PIECE_DIRS = ['paths', 'components'];
const COMMON = 'common';
const SECTIONS = ['schemas', 'parameters', 'responses'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const TO_STRING = { lineWidth: 0, doubleQuotedAsJSON: true };

const document = joinContract();
const before = document.toJS();

/** CustomerTags → customer-tags */
const fileName = (/** @type {string} */ tag) => tag.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Every `#/components/<section>/<name>` a value refers to, as `<section>/<name>`. */
function refsOf(/** @type {unknown} */ value, /** @type {Set<string>} */ found = new Set()) {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/')) found.add(item.slice('#/components/'.length));
      else refsOf(item, found);
    }
  }
  return found;
}

/** The domain of a path: the first tag of its first tagged operation. */
function domainOf(/** @type {string} */ path, /** @type {Record<string, any>} */ item) {
  const tag = METHODS.map((method) => item[method]?.tags?.[0]).find((t) => typeof t === 'string');
  if (!tag) throw new Error(`${path}: no operation carries a tag, so it belongs to no domain`);
  return fileName(tag);
}

function pieceDocument(/** @type {string} */ comment, /** @type {YAML.YAMLMap} */ contents) {
  const piece = new YAML.Document(contents);
  piece.commentBefore = comment;
  // A piece's refs go through the entry: ../tenant-api.yaml#/components/...
  YAML.visit(piece, {
    Pair(_, pair) {
      if (YAML.isScalar(pair.key) && pair.key.value === '$ref' && YAML.isScalar(pair.value) && String(pair.value.value).startsWith('#/')) {
        pair.value.value = `../tenant-api.yaml${pair.value.value}`;
      }
    },
  });
  return piece;
}

const flowRef = (/** @type {string} */ ref) => {
  const node = new YAML.YAMLMap();
  node.flow = true;
  node.set('$ref', ref);
  return node;
};

/** The text of a document, without the stray blank lines the source had (so that a second run writes the same). */
const text = (/** @type {YAML.Document} */ doc) => {
  YAML.visit(doc, {
    Node(_, node) {
      node.spaceBefore = false;
    },
    Pair(_, pair) {
      if (YAML.isNode(pair.key)) pair.key.spaceBefore = false;
    },
  });
  return doc.toString(TO_STRING);
};

/** @type {Map<string, string>} relative file → text */
const files = new Map();

if (options.join) {
  document.commentBefore = null;
  files.set('tenant-api.yaml', text(document));
} else {
  const paths = /** @type {YAML.YAMLMap<YAML.Scalar<string>, YAML.YAMLMap>} */ (document.get('paths', true));
  const components = /** @type {YAML.YAMLMap} */ (document.get('components', true));
  const value = /** @type {{ paths: Record<string, any>, components: Record<string, Record<string, unknown>> }} */ (before);

  // Which domains use each component, through their paths and the components those refer to.
  /** @type {Map<string, Set<string>>} */
  const usedBy = new Map();
  for (const [path, item] of Object.entries(value.paths)) {
    const domain = domainOf(path, item);
    const pending = [...refsOf(item)];
    while (pending.length > 0) {
      const key = /** @type {string} */ (pending.pop());
      const users = usedBy.get(key) ?? new Set();
      if (users.has(domain)) continue;
      users.add(domain);
      usedBy.set(key, users);
      const [section, name] = key.split('/');
      pending.push(...refsOf(value.components[/** @type {string} */ (section)]?.[/** @type {string} */ (name)]));
    }
  }
  // One domain uses it: there. Several: the domain its name starts with (TenantStatus → tenants,
  // InvoiceStatus → invoices; the longest such stem), else common.
  const stems = [...new Set(Object.entries(value.paths).map(([path, item]) => domainOf(path, item)))]
    .map((domain) => ({ domain, stem: domain.replace(/s$/, '').replaceAll('-', '') }))
    .sort((a, b) => b.stem.length - a.stem.length || a.domain.localeCompare(b.domain));
  const componentDomain = (/** @type {string} */ key) => {
    const users = usedBy.get(key);
    if (users?.size === 1) return /** @type {string} */ ([...users][0]);
    const name = /** @type {string} */ (key.split('/')[1]);
    const byName = stems.find(({ stem }) => name.toLowerCase().startsWith(stem) && /^[A-Z0-9]?$/.test(name.charAt(stem.length)));
    return byName?.domain ?? COMMON;
  };

  /** @type {Map<string, YAML.YAMLMap>} domain → its paths */
  const pathPieces = new Map();
  const entryPaths = new YAML.YAMLMap();
  for (const pair of paths.items) {
    const path = String(pair.key.value);
    const domain = domainOf(path, value.paths[path]);
    const piece = pathPieces.get(domain) ?? new YAML.YAMLMap();
    pathPieces.set(domain, piece);
    piece.items.push(pair);
    entryPaths.set(path, flowRef(`./paths/${domain}.yaml#/${pointerSegment(path)}`));
  }

  /** @type {Map<string, YAML.YAMLMap>} domain → { schemas, parameters, responses } */
  const componentPieces = new Map();
  const entryComponents = new YAML.YAMLMap();
  for (const sectionPair of components.items) {
    const section = String(/** @type {YAML.Scalar} */ (sectionPair.key).value);
    if (!SECTIONS.includes(section)) {
      entryComponents.items.push(sectionPair); // securitySchemes (and anything else) stay in the entry
      continue;
    }
    const entrySection = new YAML.YAMLMap();
    for (const pair of /** @type {YAML.YAMLMap<YAML.Scalar<string>>} */ (sectionPair.value).items) {
      const name = String(pair.key.value);
      const domain = componentDomain(`${section}/${name}`);
      const piece = componentPieces.get(domain) ?? new YAML.YAMLMap();
      componentPieces.set(domain, piece);
      let pieceSection = /** @type {YAML.YAMLMap | undefined} */ (piece.get(section, true));
      if (!pieceSection) {
        pieceSection = new YAML.YAMLMap();
        piece.set(section, pieceSection);
      }
      pieceSection.items.push(pair);
      entrySection.set(name, flowRef(`./components/${domain}.yaml#/${section}/${pointerSegment(name)}`));
    }
    entryComponents.set(section, entrySection);
  }

  const domains = (/** @type {Map<string, unknown>} */ map) => [...map.keys()].sort();
  for (const domain of domains(pathPieces)) {
    const comment = ` Paths of the ${domain} domain. Part of the contract; the entry point is ../tenant-api.yaml.`;
    files.set(`paths/${domain}.yaml`, text(pieceDocument(comment, /** @type {YAML.YAMLMap} */ (pathPieces.get(domain)))));
  }
  for (const domain of domains(componentPieces)) {
    const what = domain === COMMON ? 'Components several domains use (or none yet)' : `Components of the ${domain} domain (only its paths use them, or several domains do and the name is its)`;
    const comment = ` ${what}. Part of the contract; the entry point is ../tenant-api.yaml, which names each one.`;
    files.set(`components/${domain}.yaml`, text(pieceDocument(comment, /** @type {YAML.YAMLMap} */ (componentPieces.get(domain)))));
  }

  document.set('paths', entryPaths);
  document.set('components', entryComponents);
  document.commentBefore =
    ' The entry point of the contract: every tool reads this file. Each path and component is written in the\n' +
    ' file its $ref names (openapi/paths/<domain>.yaml, openapi/components/<domain>.yaml); a new one is added\n' +
    ' there and named here. scripts/split-contract.mjs wrote this layout (--join writes the single file back).';
  files.set('tenant-api.yaml', text(document));
}

// Write, remove the pieces this run did not write, and check the result is the document that was read.
for (const [file, text] of files) {
  mkdirSync(join(ROOT, file, '..'), { recursive: true });
  writeFileSync(join(ROOT, file), text);
}
for (const dir of PIECE_DIRS) {
  for (const name of (() => {
    try {
      return readdirSync(join(ROOT, dir));
    } catch {
      return [];
    }
  })()) {
    if (name.endsWith('.yaml') && !files.has(`${dir}/${name}`)) rmSync(join(ROOT, dir, name));
  }
  try {
    if (readdirSync(join(ROOT, dir)).length === 0) rmSync(join(ROOT, dir), { recursive: true });
  } catch {
    // no such folder
  }
}
if (!isDeepStrictEqual(loadContract(CONTRACT), before)) {
  console.error('split-contract: the written contract is not the document that was read; see git diff openapi/');
  process.exit(1);
}
console.log(`split-contract: wrote ${[...files.keys()].map((file) => `openapi/${file}`).join(', ')}`);
