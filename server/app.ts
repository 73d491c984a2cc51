import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { IdentityProviderUnavailableError, type IdTokenVerifier } from './auth/firebase.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { createHandlers } from './handlers/index.ts';
import { HttpProblem, sendProblem, type FieldError } from './problem.ts';
import { createSecurityHandlers } from './security.ts';

const CONTRACT = join(import.meta.dirname, '..', 'openapi', 'tenant-api.yaml');
/** Operations that prove an identity; rate-limited per client (issue: identity rate limits). */
const IDENTITY_OPERATIONS = new Set(['loginUser', 'registerUser', 'checkUserExists', 'autoRegisterBusiness']);
/** Largest JSON body: a 5 MB upload is ~6.7 MB as base64. */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export interface AppDeps {
  config: ServerConfig;
  db: Database;
  verifier: IdTokenVerifier;
  logger?: boolean | object;
}

function fieldErrors(error: FastifyError): FieldError[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const params = issue.params as Record<string, unknown>;
    const extra = (params.missingProperty ?? params.additionalProperty) as string | undefined;
    const pointer = issue.instancePath + (extra ? `/${extra}` : '');
    const field = context === 'body' ? pointer || '/' : pointer.replace(/^\//, '') || context;
    return { field, code: issue.keyword, message: issue.message ?? 'is invalid' };
  });
}

export async function buildApp({ config, db, verifier, logger = true }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });

  // The contract is OpenAPI 3.1 (JSON Schema 2020-12): compile it with Ajv 2020, report every
  // failing field, never coerce bodies nor drop unknown fields silently.
  const ajv = new Ajv2020({ allErrors: true, removeAdditional: false, coerceTypes: false, strict: false, useDefaults: true });
  addFormats.default(ajv);
  const coercing = new Ajv2020({ allErrors: true, removeAdditional: false, coerceTypes: 'array', strict: false, useDefaults: true });
  addFormats.default(coercing);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? ajv : coercing).compile(schema as object) as never,
  );

  // An empty body with a JSON content type (e.g. a bodiless POST) is no body, not an error.
  // JSON only: any other content type answers 415 before a handler runs.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 }), undefined);
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, request, reply) => {
    if (error.validation) {
      return sendProblem(request, reply, 400, 'One or more fields are invalid.', { errors: fieldErrors(error) });
    }
    // fastify-openapi-glue wraps the security handlers' errors in `errors`.
    const cause = Array.isArray(error.errors) ? (error.errors.find((e) => e instanceof HttpProblem) ?? error) : error;
    if (cause instanceof HttpProblem) {
      return sendProblem(request, reply, cause.status, cause.message, {
        ...(cause.code ? { code: cause.code } : {}),
        ...(cause.errors ? { errors: cause.errors } : {}),
      });
    }
    if (cause instanceof IdentityProviderUnavailableError) {
      request.log.error({ err: cause }, 'identity provider unavailable');
      return sendProblem(request, reply, 503, 'The sign-in service is unavailable; try again in a moment.');
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendProblem(request, reply, 413, `The body is larger than ${BODY_LIMIT_BYTES / 1024 / 1024} MB.`);
    if (status === 429) return sendProblem(request, reply, 429, 'Too many requests; try again in a minute.');
    if (status === 415) return sendProblem(request, reply, 415, 'Send JSON (application/json).');
    if (status === 401) return sendProblem(request, reply, 401, 'A valid session token is required.');
    if (status >= 400 && status < 500) return sendProblem(request, reply, status, error.message);
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(request, reply, 500, 'Something went wrong on our side.');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...(config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [])],
        frameSrc: ["'self'", `https://${config.firebase.authDomain}`, ...(config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [])],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    // The Google sign-in popup must be able to talk back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
    exposedHeaders: ['x-request-id', 'retry-after'],
  });
  await app.register(rateLimit, { global: false });

  const specification = YAML.parse(readFileSync(CONTRACT, 'utf8')) as object;
  const handlers = createHandlers({ config, db, verifier });
  await app.register(openapiGlue, {
    specification,
    securityHandlers: createSecurityHandlers({ db, verifier }),
    operationResolver: (operationId: string) => {
      const handler = handlers[operationId as keyof typeof handlers];
      if (!handler) throw new Error(`No handler for operation ${operationId}`);
      if (!IDENTITY_OPERATIONS.has(operationId)) return handler as never;
      return {
        handler,
        config: { rateLimit: { max: config.rateLimit.identityPerMinute, timeWindow: '1 minute' } },
      } as never;
    },
  });

  app.get('/healthz', async () => {
    await db.ping();
    return { status: 'ok' };
  });

  app.get('/runtime-config.json', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({
      apiBaseUrl: '',
      firebase: {
        apiKey: config.firebase.apiKey,
        authDomain: config.firebase.authDomain,
        projectId: config.firebase.projectId,
        storageBucket: config.firebase.storageBucket,
        appId: config.firebase.appId,
      },
      authEmulatorUrl: config.firebase.emulatorHost ? `http://${config.firebase.emulatorHost}` : null,
      ssoRedirectOrigins: config.ssoRedirectOrigins,
    }),
  );

  const spa = config.spaDist && existsSync(join(config.spaDist, 'index.html')) ? config.spaDist : undefined;
  if (spa) {
    await app.register(fastifyStatic, { root: spa, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  const indexHtml = spa ? readFileSync(join(spa, 'index.html'), 'utf8') : undefined;
  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/v1/') && (request.headers.accept ?? '').includes('text/html');
    if (indexHtml && wantsPage) return reply.code(200).type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    return sendProblem(request, reply, 404, `No route ${request.method} ${request.url.split('?')[0]}.`);
  });

  return app;
}
