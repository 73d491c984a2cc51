import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const root = path.dirname(new URL(import.meta.url).pathname);
const srcDir = path.join(root, 'src');
const featuresDir = path.join(srcDir, 'features');
const commonDir = path.join(root, 'common');

/** The file an import names, or undefined for a package. */
function importTarget(file, source) {
  if (source.startsWith('~/')) return path.join(srcDir, source.slice(2));
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  return undefined;
}

/** Calls `check(sourceNode, target)` for every import, re-export and dynamic import of a local file. */
function eachImport(context, check) {
  const file = context.filename;
  const visit = (node) => {
    const source = node.source?.value;
    if (typeof source !== 'string') return;
    const target = importTarget(file, source);
    if (target) check(node.source, target);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

/** A feature folder never imports another feature (ARCHITECTURE "Layout"). */
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: { crossFeature: 'Feature "{{from}}" must not import feature "{{to}}"; move shared code to src/entities (vocabulary), src/components or src/lib.' },
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(featuresDir + path.sep)) return {};
    const from = path.relative(featuresDir, file).split(path.sep)[0];
    return eachImport(context, (node, target) => {
      if (!target.startsWith(featuresDir + path.sep)) return;
      const to = path.relative(featuresDir, target).split(path.sep)[0];
      if (to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
    });
  },
};

/**
 * The SPA's layers, lowest first (README "Architecture"): src/lib (pure rules and hooks), src/components
 * (shared UI), src/entities (the vocabulary several features share: statuses, their labels, colours
 * and badges), src/features (one domain's screens), and on top src/routes and src/app (the app's
 * frame). A file imports its own layer and those below it, never one above.
 */
const LAYER_RANK = { lib: 0, components: 1, entities: 2, features: 3, routes: 4, app: 4 };
const layerOf = (file) => {
  const relative = path.relative(srcDir, file);
  if (relative.startsWith('..')) return undefined;
  const top = relative.split(path.sep)[0];
  return Object.hasOwn(LAYER_RANK, top) ? top : undefined;
};

const layerBoundaries = {
  meta: {
    type: 'problem',
    messages: { upward: 'src/{{from}} must not import src/{{to}}, a layer above it (lib < components < entities < features < routes and app).' },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (from === undefined) return {};
    return eachImport(context, (node, target) => {
      const to = layerOf(target);
      if (to !== undefined && LAYER_RANK[to] > LAYER_RANK[from]) context.report({ node, messageId: 'upward', data: { from, to } });
    });
  },
};

/**
 * common/ holds the code that both the SPA and the server import (the money module, limits): pure
 * TypeScript that imports nothing but common/ itself (tests may also import their runner and
 * fast-check), so that it runs unchanged in the browser and in Node.
 */
const TEST_PACKAGES = new Set(['vitest', 'fast-check']);
const commonBoundary = {
  meta: { type: 'problem', messages: { outside: 'common/ imports only from common/ (no packages, node:, ~/, @generated, src or server): "{{source}}".' } },
  create(context) {
    const file = context.filename;
    const isTest = /\.test\.ts$/.test(file);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      if (isTest && TEST_PACKAGES.has(source)) return;
      const inside = source.startsWith('.') && (path.resolve(path.dirname(file), source) + path.sep).startsWith(commonDir + path.sep);
      if (!inside) context.report({ node: node.source, messageId: 'outside', data: { source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** Runtime-specific globals that common/ must not use (it runs in the browser and in Node). */
const RUNTIME_GLOBALS = ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'fetch', 'XMLHttpRequest', 'process', 'Buffer', 'require', 'global', 'setTimeout', 'setInterval', 'Date'];

/**
 * The server's dependencies point one way (README "Architecture"): handlers → domain (repository,
 * rules, mappers) → db, kit and common. Only handlers import handlers, and only those of their own
 * folder (one domain's handlers never call another's; they share through its domain module); the
 * composition roots (server/handlers/index.ts, server/plugins/api.ts) gather them all.
 */
const serverDir = path.join(root, 'server');
const SERVER_ROOTS = new Set([path.join(serverDir, 'handlers', 'index.ts'), path.join(serverDir, 'plugins', 'api.ts')]);
/** server/handlers/*.ts (one file per domain not yet in its folder), server/<domain>/handlers.ts or handlers/*.ts. */
const isHandlerFile = (file) => path.basename(file) === 'handlers.ts' || path.relative(serverDir, file).split(path.sep).slice(0, -1).includes('handlers');
const flatHandlersDir = path.join(serverDir, 'handlers');
const serverLayers = {
  meta: {
    type: 'problem',
    messages: {
      intoHandlers: '{{from}} must not import handlers ({{to}}): handlers → domain → db; move what is shared into the domain module.',
      acrossHandlers: 'Handlers import only the handlers of their own folder ({{to}}); share through the domain module instead.',
    },
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(serverDir + path.sep) || SERVER_ROOTS.has(file) || /\.test\.ts$/.test(file)) return {};
    const from = path.relative(root, file);
    return eachImport(context, (node, target) => {
      if (!isHandlerFile(target)) return;
      const to = path.relative(root, target);
      if (!isHandlerFile(file)) context.report({ node, messageId: 'intoHandlers', data: { from, to } });
      // In server/handlers/ every file is a domain of its own; a domain's handlers/ folder is one domain.
      else if (path.dirname(file) === flatHandlersDir || path.dirname(target) !== path.dirname(file)) context.report({ node, messageId: 'acrossHandlers', data: { to } });
    });
  },
};

/** The project's own rules. */
const cita = { rules: { 'feature-boundaries': featureBoundaries, 'layer-boundaries': layerBoundaries, 'common-boundary': commonBoundary, 'server-layers': serverLayers } };

export default tseslint.config(
  { ignores: ['dist', 'generated', 'src/routeTree.gen.ts', 'node_modules', 'data', 'test-results', 'playwright-report', 'openapi/parts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['common/**/*.ts'],
    plugins: { cita },
    rules: {
      'cita/common-boundary': 'error',
      'no-restricted-globals': ['error', ...RUNTIME_GLOBALS.map((name) => ({ name, message: 'common/ runs in the browser and in Node: no runtime-specific globals (and no clock: pass dates in).' }))],
    },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { cita },
    rules: { 'cita/server-layers': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, formatjs, cita },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'cita/feature-boundaries': 'error',
      'cita/layer-boundaries': 'error',
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-invalid-icu': 'error',
      'formatjs/no-multiple-whitespaces': 'error',
      // Dates and times only through src/lib/temporal.ts.
      'no-restricted-globals': ['error', { name: 'Date', message: 'Use src/lib/temporal.ts (temporal-polyfill).' }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '(aria-label|aria-description|alt|title|placeholder|label|description|error)']] } },
      ],
    },
  },
  {
    // Features and routes reach the API only through the generated option factories.
    files: ['src/features/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the generated *Options()/*Mutation() factories with TanStack Query.' },
        { name: 'XMLHttpRequest', message: 'Use the generated *Options()/*Mutation() factories with TanStack Query.' },
        { name: 'Date', message: 'Use src/lib/temporal.ts (temporal-polyfill).' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@generated/(sdk|client)', message: 'No raw SDK or client calls: use @generated/@tanstack/react-query.gen.' },
            { regex: '(^|/)generated/(sdk|client)', message: 'No raw SDK or client calls: use @generated/@tanstack/react-query.gen.' },
            { regex: '^~/lib/api$', message: 'The API client is configured once at start-up; use the generated factories.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='queryFn']", message: 'Spread a generated *Options() factory instead of writing queryFn.' },
        { selector: "Property[key.name='mutationFn']", message: 'Spread a generated *Mutation() factory instead of writing mutationFn.' },
        { selector: "Property[key.name='queryKey'] > ArrayExpression", message: 'Use a generated *QueryKey() instead of a hand-typed key.' },
      ],
    },
  },
  {
    // The public booking page (book.html) is a small entry of its own: no TanStack Query, and not the
    // generated SDK either (it validates with zod, which would weigh more than the whole page). It calls
    // its three public operations with ~/lib/retrying-fetch (src/features/booking/booking-api.ts).
    files: ['src/features/booking/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@generated/(sdk|client|zod|@tanstack)', message: 'The booking page uses the contract types only (@generated/types.gen).' },
            { regex: '(^|/)generated/(sdk|client|zod)', message: 'The booking page uses the contract types only (@generated/types.gen).' },
            {
              regex: '^@mantine/|^@tanstack/|^firebase|^~/app/|^~/entities/session/|^~/lib/(api|use-locale|use-switch-locale|use-asset-image|use-image-upload|runtime-config|version)$',
              message: 'The booking page does not load the dashboard code (nor the configured API client).',
            },
          ],
        },
      ],
    },
  },
);
