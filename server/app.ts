import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IdTokenVerifier } from './auth/firebase.ts';
import { assetStorageFor, type AssetStorage } from './assets/storage.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { lazyServerSecret } from './notifications/cancel-token.ts';
import { apiPlugin } from './plugins/api.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { healthPlugin } from './plugins/health.ts';
import { BODY_LIMIT_BYTES, loggerOptions, requestBodyPlugin } from './plugins/request-body.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';
import { sitemapsPlugin } from './plugins/sitemaps.ts';
import { qrRedirectPlugin } from './plugins/qr-redirect.ts';

export interface AppDeps {
  config: ServerConfig;
  db: Database;
  verifier: IdTokenVerifier;
  logger?: boolean | object;
  /** Where image bytes are kept; default: what config.assets says (server/assets/storage.ts). */
  assetStorage?: AssetStorage;
  /** The link-signing secret, shared with the outbox worker; default: loaded lazily (lazyServerSecret). */
  secret?: () => Promise<string>;
}

/**
 * The server: Fastify with Cita's options and validator, then its plugins (server/plugins/), in
 * order: errors, request bodies and logging, security headers, the API of the contract (with its
 * authentication and rate limits), health, and the SPA with the 404 of everything else.
 */
export async function buildApp({ config, db, verifier, logger = true, assetStorage, secret = lazyServerSecret(db, config.secret) }: AppDeps): Promise<FastifyInstance> {
  // Each response schema's serializer (Fastify's own, fast-json-stringify) is built on the first
  // answer that uses it, as the request validators are compiled on the first request (below).
  const serializers: Array<LazyCompiled<(doc: unknown) => string>> = [];
  const buildSerializer = SerializerSelector();
  const app = Fastify({
    schemaController: {
      compilersFactory: {
        buildSerializer: (externalSchemas, options) => {
          const compilerFor = buildSerializer(externalSchemas, options as never);
          return (route) => {
            const serializer = lazySerializer(() => compilerFor(route as never));
            serializers.push(serializer);
            return serializer;
          };
        },
      },
    },
    clientErrorHandler,
    frameworkErrors,
    logger: loggerOptions(logger),
    bodyLimit: BODY_LIMIT_BYTES,
    // One log line per request (plugins/request-body.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A client's x-request-id is not trusted: every request gets our own id (sent back in x-request-id).
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // The address `hops` proxies in front of us saw is the client's (proxy-addr: trust the first hops).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
  });

  // The contract is OpenAPI 3.1 (JSON Schema 2020-12): compile it with Ajv 2020, report every
  // failing field, never coerce bodies nor drop unknown fields silently.
  const ajv = new Ajv2020({ allErrors: true, removeAdditional: false, coerceTypes: false, strict: false, useDefaults: true, multipleOfPrecision: 9 });
  addFormats.default(ajv);
  const coercing = new Ajv2020({ allErrors: true, removeAdditional: false, coerceTypes: 'array', strict: false, useDefaults: true, multipleOfPrecision: 9 });
  addFormats.default(coercing);
  const validators: Array<LazyCompiled<ValidateFunction>> = [];
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validator = lazyValidator(httpPart === 'body' ? ajv : coercing, schema as object);
    validators.push(validator);
    return validator as never;
  });
  // Compiles every route's validators and response serializers now, as start-up used to: a test that
  // they all compile.
  app.decorate('compileSchemas', () => {
    for (const compiled of [...validators, ...serializers]) compiled.compile();
    return { validators: validators.length, serializers: serializers.length };
  });

  await app.register(errorsPlugin);
  await app.register(requestBodyPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(apiPlugin, { config, db, verifier, secret, assetStorage: assetStorage ?? assetStorageFor(config.assets, app.log) });
  await app.register(healthPlugin, { db, verifier });
  await app.register(sitemapsPlugin, { config, db });
  await app.register(qrRedirectPlugin, { config, db });
  await app.register(spaPlugin, { config });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every route's request validators and response serializers (built on first use); answers how many. */
    compileSchemas(): { validators: number; serializers: number };
  }
}

/** A function built on first use; `compile` builds it now. */
type LazyCompiled<T> = { compile(): T };
type LazyValidator = ((data: unknown) => boolean) & { errors: ValidateFunction['errors'] } & LazyCompiled<ValidateFunction>;

/**
 * A route's validator, compiled on its first request rather than at start-up (compiling every
 * operation's schemas was about 0.65 s of each server start, of 4.1 s). Fastify reads `errors` off the
 * function it was given, so the wrapper carries the compiled one's.
 */
export function lazyValidator(engine: Ajv2020, schema: object): LazyValidator {
  let compiled: ValidateFunction | undefined;
  const compile = () => (compiled ??= engine.compile(schema));
  const validate = Object.assign(
    (data: unknown) => {
      const run = compile();
      const valid = run(data) as boolean;
      validate.errors = run.errors;
      return valid;
    },
    { errors: null as ValidateFunction['errors'], compile },
  );
  return validate;
}

/**
 * A response serializer built on its first use (fast-json-stringify writes and compiles a function per
 * response schema: about 0.5 s of each server start for the whole contract).
 */
export function lazySerializer(build: () => (doc: unknown) => string): ((doc: unknown) => string) & LazyCompiled<(doc: unknown) => string> {
  let built: ((doc: unknown) => string) | undefined;
  const compile = () => (built ??= build());
  return Object.assign((doc: unknown) => compile()(doc), { compile });
}
