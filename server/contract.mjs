// The contract as one document. openapi/tenant-api.yaml is the entry point every tool reads (codegen,
// Prism, Redocly resolve its $refs themselves); the code that reads the contract as data (the server's
// routes, the security suites, the example tests) reads it through this loader, which puts the pieces
// the entry refers to (openapi/paths/*.yaml, openapi/components/*.yaml) in place of their $refs. The
// result is the same document as a single file: every other $ref is local (#/components/...).
//
// The layout it accepts (what scripts/split-contract.mjs writes): the entry refers to pieces
// (`{ $ref: './paths/customers.yaml#/~1v1~1customers' }`, a $ref with no sibling keys), and a piece refers
// only to the entry's components (`../tenant-api.yaml#/components/schemas/Money`). Anything else is
// refused with the file and the $ref, rather than joined in a way the other tools would not.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import YAML from 'yaml';

/** The entry point of the contract. */
export const CONTRACT = join(import.meta.dirname, '..', 'openapi', 'tenant-api.yaml');

/**
 * The keys a JSON pointer (a $ref's fragment, e.g. `/~1v1~1customers`) names, unescaped.
 * @param {string} pointer
 * @returns {string[]}
 */
export function pointerKeys(pointer) {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((key) => decodeURIComponent(key).replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * A JSON pointer's segment for a key (`/v1/customers` → `~1v1~1customers`).
 * @param {string} key
 */
export function pointerSegment(key) {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * The contract as one YAML document (nodes, with their styles), the pieces joined in.
 * @param {string} [entry]
 * @returns {YAML.Document.Parsed}
 */
export function joinContract(entry = CONTRACT) {
  /** @type {Map<string, YAML.Document.Parsed>} */
  const documents = new Map();
  const name = (/** @type {string} */ file) => relative(process.cwd(), file) || file;
  const open = (/** @type {string} */ file) => {
    let document = documents.get(file);
    if (!document) {
      document = YAML.parseDocument(readFileSync(file, 'utf8'));
      if (document.errors.length > 0) throw new Error(`${name(file)}: ${document.errors[0]?.message}`);
      documents.set(file, document);
    }
    return document;
  };
  /** Piece nodes already joined (a piece referred to twice is resolved once). */
  const joined = new Set();

  /**
   * Makes the $refs under `node` (read from `file`) local to the joined document.
   * @param {unknown} node
   * @param {string} file
   */
  const resolveRefs = (node, file) => {
    YAML.visit(/** @type {YAML.Node} */ (node), {
      Map(_, map) {
        if (joined.has(map)) return YAML.visit.SKIP;
        const pair = map.items.find((item) => YAML.isScalar(item.key) && item.key.value === '$ref');
        if (!pair || !YAML.isScalar(pair.value) || typeof pair.value.value !== 'string') return undefined;
        const ref = pair.value.value;
        const hash = ref.indexOf('#');
        const target = hash === -1 ? ref : ref.slice(0, hash);
        const pointer = hash === -1 ? '' : ref.slice(hash + 1);
        if (file === entry && target === '') return undefined; // already local
        const targetFile = resolve(dirname(file), target);
        if (file !== entry) {
          if (targetFile !== entry) {
            throw new Error(`${name(file)}: $ref ${ref}: a piece of the contract refers only to the entry's components (../tenant-api.yaml#/components/...)`);
          }
          pair.value.value = `#${pointer}`;
          return undefined;
        }
        if (map.items.length !== 1) throw new Error(`${name(file)}: $ref ${ref} has sibling keys, which joining the piece would drop`);
        const found = open(targetFile).getIn(pointerKeys(pointer), true);
        if (!YAML.isNode(found)) throw new Error(`${name(file)}: $ref ${ref}: nothing at that place of ${name(targetFile)}`);
        resolveRefs(found, targetFile);
        joined.add(found);
        return found;
      },
    });
  };

  const document = open(entry);
  resolveRefs(document.contents, entry);
  return document;
}

/** Where the joined contract is kept as JSON between processes (see loadContract). */
const CACHE_DIR = join(import.meta.dirname, '..', 'node_modules', '.cache', 'cita-contract');

/**
 * A digest of the entry's folder: every YAML file under it, by path and content (the pieces an entry
 * can refer to live there: openapi/paths, openapi/components).
 * @param {string} entry
 */
function contractDigest(entry) {
  const hash = createHash('sha256').update(entry);
  const root = dirname(entry);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml'))
    .sort();
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(root, file)));
  return hash.digest('hex').slice(0, 32);
}

/** The joined contract's JSON text, by digest, in this process. */
const joinedText = new Map();

/**
 * The contract as plain data (what `YAML.parse` of the single file gave), a fresh object at each call.
 * Joining parses every YAML file (about 0.7 s, on every server start and in every test file that reads
 * it), so the result is kept as JSON under node_modules/.cache/cita-contract, named by a digest of the
 * files: a changed piece is a new name, never a stale answer. A cache that cannot be written (a
 * read-only install) only costs the parse.
 * @param {string} [entry]
 * @returns {any}
 */
export function loadContract(entry = CONTRACT) {
  const digest = contractDigest(entry);
  let text = joinedText.get(digest);
  if (text === undefined) {
    const cached = join(CACHE_DIR, `${digest}.json`);
    try {
      text = readFileSync(cached, 'utf8');
    } catch {
      text = JSON.stringify(joinContract(entry).toJS());
      try {
        mkdirSync(CACHE_DIR, { recursive: true });
        // Written whole or not at all: another process may be reading the same name.
        const partial = `${cached}.${process.pid}.tmp`;
        writeFileSync(partial, text);
        renameSync(partial, cached);
      } catch {
        // read-only: parsed each time
      }
    }
    joinedText.set(digest, text);
  }
  return JSON.parse(text);
}
