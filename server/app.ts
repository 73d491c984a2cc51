import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { IdentityProviderUnavailableError, type IdTokenVerifier } from './auth/firebase.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { assetStorageFor, type AssetStorage } from './assets/storage.ts';
import { ASSET_UPLOAD_BODY_LIMIT } from './handlers/assets.ts';
import { IMPORT_BODY_LIMIT } from './handlers/customers-csv.ts';
import { createHandlers } from './handlers/index.ts';
import { HttpProblem, problem, sendProblem, type FieldError } from './problem.ts';
import { parseAdminEmails } from './auth/admins.ts';
import { createSecurityHandlers } from './security.ts';
import { lazyServerSecret } from './notifications/cancel-token.ts';

const CONTRACT = join(import.meta.dirname, '..', 'openapi', 'tenant-api.yaml');
/** Operations that prove an identity; rate-limited per client address, before anything else runs. */
const IDENTITY_OPERATIONS = new Set(['loginUser', 'registerUser', 'checkUserExists', 'autoRegisterBusiness', 'exchangeSsoCode']);
/** Operations that create businesses or send invitations: a tighter limit per signed-in user. */
const SENSITIVE_WRITES = new Set(['createTenant', 'inviteTeamMembers']);
/** Public operations whose credential is a token in the path: a tight limit per client address against guessing. */
const PUBLIC_TOKEN_OPERATIONS = new Set(['getAppointmentCancellation', 'cancelAppointmentByToken', 'getCalendarFeedIcs']);
/** The public booking page's operations: limited per client address (a counter of their own), bookings also per e-mail and phone. */
const PUBLIC_BOOKING_OPERATIONS = new Set(['getBookingPage', 'getBookingAvailability', 'createOnlineBooking']);
/** Largest JSON body of an ordinary request. Small, so that no anonymous request can cost much. */
export const BODY_LIMIT_BYTES = 128 * 1024;
/** Operations that carry files (base64 in JSON, or a CSV's rows), with their own limit; they are authenticated first. */
const UPLOAD_BODY_LIMITS: Record<string, number> = { uploadAsset: ASSET_UPLOAD_BODY_LIMIT, importCustomers: IMPORT_BODY_LIMIT };
/** At most this many field errors are reported (and computed into a response) for one request. */
export const MAX_REPORTED_ERRORS = 20;
const MAX_POINTER_LENGTH = 200;

type SecurityScheme = 'bearerAuth' | 'firebaseIdToken';
type Operation = { operationId?: string; security?: Array<Record<string, unknown>> };

/** Each operation's security schemes, as the contract declares them (an empty list: public). */
function securityByOperation(specification: { paths?: Record<string, Record<string, Operation>>; security?: Array<Record<string, unknown>> }) {
  const schemes = new Map<string, SecurityScheme[]>();
  for (const item of Object.values(specification.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (!operation?.operationId) continue;
      const requirements = operation.security ?? specification.security ?? [];
      schemes.set(operation.operationId, requirements.flatMap((requirement) => Object.keys(requirement) as SecurityScheme[]));
    }
  }
  return schemes;
}

/** The path template, never the path itself: e-mails, ids and tokens in paths stay out of the logs. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    route: request.routeOptions?.url ?? '(no route)',
    id: request.id,
  };
}

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

function fieldErrors(error: FastifyError): FieldError[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).slice(0, MAX_REPORTED_ERRORS).map((issue) => {
    const params = issue.params as Record<string, unknown>;
    const extra = (params.missingProperty ?? params.additionalProperty) as string | undefined;
    const pointer = issue.instancePath + (extra ? `/${extra}` : '');
    const field = (context === 'body' ? pointer || '/' : pointer.replace(/^\//, '') || context).slice(0, MAX_POINTER_LENGTH);
    return { field, code: issue.keyword, message: (issue.message ?? 'is invalid').slice(0, MAX_POINTER_LENGTH) };
  });
}

function loggerOptions(logger: AppDeps['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  return {
    ...(typeof logger === 'object' ? logger : {}),
    // No request URL (it carries e-mails and ids), no headers (tokens), no bodies.
    serializers: {
      req: (request) => loggedRequest(request as unknown as FastifyRequest),
      res: (reply) => ({ statusCode: reply.statusCode }),
    },
    redact: { paths: ['req.headers.authorization', '*.authorization', '*.firebase_id_token', '*.token'], censor: '[redacted]' },
  };
}

export async function buildApp({ config, db, verifier, logger = true, assetStorage, secret = lazyServerSecret(db, config.secret) }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Requests Node refuses before Fastify sees them (headers or URL over 16 kB, malformed HTTP):
    // still problem+json with the baseline security headers.
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const body = JSON.stringify(problem(status, status === 431 ? 'The request headers or address are too large.' : 'The request is malformed.'));
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
            `X-Content-Type-Options: nosniff\r\nContent-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n` +
            `Strict-Transport-Security: max-age=31536000; includeSubDomains\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },
    // Errors the router raises before any hook (a path parameter over maxParamLength, a malformed
    // URL) still answer problem+json with the baseline security headers.
    frameworkErrors: (error, request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .header('strict-transport-security', 'max-age=31536000; includeSubDomains')
        .header('x-request-id', request.id);
      return sendProblem(request, reply, status, status === 414 ? 'The address is too long.' : 'The address is malformed.');
    },
    logger: loggerOptions(logger),
    bodyLimit: BODY_LIMIT_BYTES,
    // One log line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A client's x-request-id is not trusted: every request gets our own id (sent back in x-request-id).
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // The address `hops` proxies in front of us saw is the client's (proxy-addr: trust the first hops).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
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
    let parsed: unknown;
    try {
      parsed = JSON.parse(body as string);
    } catch {
      return done(Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 }), undefined);
    }
    // PostgreSQL text cannot hold U+0000: refuse it here, naming the field, for every operation,
    // rather than letting the database fail the request.
    const field = nulCharacterAt(parsed, '');
    if (field !== undefined) {
      return done(new HttpProblem(400, 'Text may not contain the NUL character (U+0000).', 'validation', [
        { field: field || '/', code: 'nul_character', message: 'Text may not contain the NUL character (U+0000).' },
      ]), undefined);
    }
    done(null, parsed);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  // Fastify validates a body only when there is one: an operation that takes a body, called
  // without one, must not reach its handler.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) {
      throw new HttpProblem(400, 'This operation needs a JSON body.', 'validation', [{ field: '/', code: 'required', message: 'A JSON body is required.' }]);
    }
    // The same rule as for bodies (see the JSON parser) for the path and the query.
    for (const [part, values] of [['path', request.params], ['query', request.query]] as const) {
      const field = nulCharacterAt(values, `/${part}`);
      if (field !== undefined) {
        throw new HttpProblem(400, 'Text may not contain the NUL character (U+0000).', 'validation', [
          { field, code: 'nul_character', message: 'Text may not contain the NUL character (U+0000).' },
        ]);
      }
    }
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
        ...cause.extra,
      });
    }
    if (isDatabaseUnavailable(cause)) {
      request.log.error({ err: cause }, 'database unavailable');
      return reply
        .header('retry-after', '5')
        .code(503)
        .type('application/problem+json')
        .send(problem(503, 'The database is unavailable; try again in a moment.', { requestId: request.id, retryable: true }));
    }
    if (cause instanceof IdentityProviderUnavailableError) {
      request.log.error({ err: cause }, 'identity provider unavailable');
      return sendProblem(request, reply.header('retry-after', '5'), 503, 'The identity provider (Firebase Authentication) cannot be reached, so signing in is unavailable; try again in a moment.', {
        code: 'identity_provider_unavailable',
        retryable: true,
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      const limit = request.routeOptions?.bodyLimit ?? BODY_LIMIT_BYTES;
      return sendProblem(request, reply, 413, `The body is larger than ${Math.round(limit / 1024)} kB.`);
    }
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
        // apis.google.com: the script the Firebase SDK loads for the Google sign-in popup.
        scriptSrc: ["'self'", 'https://apis.google.com'],
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
  // Signed-in calls are limited per user, anonymous ones per client address (see TRUST_PROXY_HOPS),
  // counted in Redis when REDIS_URL is set so that every instance shares one count. Each limiter
  // names its group in its keys: the plugin's own per-route key prefix is empty for limiters made
  // with app.rateLimit(), so without the group every limiter would share one Redis counter.
  const redis = config.rateLimit.redisUrl ? await rateLimitRedis(config.rateLimit.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: config.rateLimit.namespace, skipOnError: true } : {}),
  });
  const caller = (request: FastifyRequest) => (request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`);
  const limiter = (max: number, group: string) =>
    app.rateLimit({ max, timeWindow: '1 minute', keyGenerator: (request) => `${group}:${caller(request)}` });
  const identityLimit = limiter(config.rateLimit.identityPerMinute, 'identity');
  const sensitiveLimit = limiter(config.rateLimit.sensitiveWritesPerMinute, 'sensitive');
  const generalLimit = limiter(config.rateLimit.perMinute, 'general');
  const publicLimit = limiter(config.rateLimit.publicPerMinute, 'public');
  const bookingLimit = limiter(config.rateLimit.publicPerMinute, 'booking');
  // Per contact, once the body is read and valid (preHandler): e-mail lower-cased, phone as digits.
  // Checked by hand: the plugin's own hooks run once per request, and bookingLimit already ran.
  type Contact = { email: string; phoneCountryCode: string; phoneNumber: string };
  const contactLimit = (group: string, key: (customer: Contact, request: FastifyRequest) => string, max = config.rateLimit.bookingsPerContactPerHour) =>
    app.createRateLimit({
      max,
      timeWindow: '1 hour',
      keyGenerator: (request) => {
        const customer = (request.body as { customer?: Contact } | undefined)?.customer;
        return `${group}:${customer ? key(customer, request) : `ip:${request.ip}`}`;
      },
    });
  const contactChecks = [
    { check: contactLimit('booking-email', (c) => c.email.trim().toLowerCase()), what: 'with this e-mail address or phone number' },
    { check: contactLimit('booking-phone', (c) => `${c.phoneCountryCode}${c.phoneNumber}`.replace(/\D/g, '')), what: 'with this e-mail address or phone number' },
    // One address inventing a new contact for every booking would fill a calendar: bookings per address an hour too.
    { check: contactLimit('booking-address', (_, request) => `ip:${request.ip}`, config.rateLimit.bookingsPerAddressPerHour), what: 'from this connection' },
  ];
  const bookingContactLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { check, what } of contactChecks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new HttpProblem(429, `Too many bookings ${what}; try again later.`, 'rate_limited');
      }
    }
  };

  const specification = YAML.parse(readFileSync(CONTRACT, 'utf8')) as Parameters<typeof securityByOperation>[0];
  const schemesOf = securityByOperation(specification);
  const handlers = createHandlers({ config, db, verifier, secret }, assetStorage ?? assetStorageFor(config.assets, app.log));
  const security = createSecurityHandlers({ db, verifier, admins: parseAdminEmails(config.adminEmails), idleSeconds: config.sessionIdleSeconds });
  const authenticate = (schemes: SecurityScheme[]) => async (request: FastifyRequest) => {
    // Every operation of the contract needs exactly one scheme, or none.
    for (const scheme of schemes) await security[scheme](request);
  };
  await app.register(openapiGlue, {
    specification,
    // Authentication runs in onRequest, before the body is read, parsed or validated (an anonymous
    // request costs a header check), instead of openapi-glue's preHandler after validation.
    operationResolver: (operationId: string) => {
      const handler = handlers[operationId as keyof typeof handlers];
      if (!handler) throw new Error(`No handler for operation ${operationId}`);
      const auth = authenticate(schemesOf.get(operationId) ?? []);
      const onRequest = IDENTITY_OPERATIONS.has(operationId)
        ? [identityLimit, auth]
        : PUBLIC_TOKEN_OPERATIONS.has(operationId)
        ? [publicLimit]
        : PUBLIC_BOOKING_OPERATIONS.has(operationId)
        ? [bookingLimit]
        : [auth, SENSITIVE_WRITES.has(operationId) ? sensitiveLimit : generalLimit];
      return {
        handler,
        onRequest,
        ...(operationId === 'createOnlineBooking' ? { preHandler: [bookingContactLimit] } : {}),
        ...(UPLOAD_BODY_LIMITS[operationId] ? { bodyLimit: UPLOAD_BODY_LIMITS[operationId] } : {}),
      } as never;
    },
  });

  // Liveness and readiness in one, naming each dependency. The database down: 503 (nothing works).
  // The identity provider down: 200 `degraded` (signing in fails with 503, but every signed-in user
  // keeps working, since sessions are our own table: taking the instance out of rotation would only
  // make that worse).
  app.get('/healthz', async (request, reply) => {
    const [database, identity] = await Promise.all([
      db.ping().then(
        () => undefined,
        (error: unknown) => error,
      ),
      verifier.health(),
    ]);
    const identityProvider = identity.up ? 'up' : 'down';
    const reasons = [...(database ? ['The database cannot be reached.'] : []), ...(identity.reason ? [identity.reason] : [])];
    reply.header('cache-control', 'no-store');
    if (database) {
      request.log.error({ err: database }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable', database: 'down', identityProvider, reason: reasons.join(' ') });
    }
    if (!identity.up) {
      request.log.warn({ reason: identity.reason }, 'health check: identity provider unavailable');
      return reply.send({ status: 'degraded', database: 'up', identityProvider, reason: reasons.join(' ') });
    }
    return reply.send({ status: 'ok', database: 'up', identityProvider });
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
      ssoRedirectUris: config.ssoRedirectUris,
    }),
  );

  const spa = config.spaDist && existsSync(join(config.spaDist, 'index.html')) ? config.spaDist : undefined;
  if (spa) {
    await app.register(fastifyStatic, {
      root: spa,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      // Hashed files, and the flags under a versioned path (scripts/vite-flags.ts), never change:
      // cached for a year. The rest (build manifests, icons) revalidate.
      setHeaders: (reply, path) => {
        reply.header('cache-control', /[\\/](assets|flags[\\/][\d.]+)[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = spa ? readFileSync(join(spa, 'index.html'), 'utf8') : undefined;
  // The public booking page is a page of its own (book.html: no dashboard code), for /book/{slug}
  // and its Spanish address /es-ES/book/{slug}.
  // @fastify/static sends it like every file of the build: its .br or .gz by Accept-Encoding.
  const bookPage = spa !== undefined && existsSync(join(spa, 'book.html'));
  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/v1/') && (request.headers.accept ?? '').includes('text/html');
    if (bookPage && wantsPage && BOOKING_PAGE_PATH.test(request.url.split('?')[0] ?? '')) return reply.code(200).sendFile('book.html');
    if (indexHtml && wantsPage) return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    return sendProblem(request, reply, 404, `No route ${request.method} ${request.url.split('?')[0]}.`);
  });

  return app;
}

/** The booking page's addresses (src/features/booking/booking-path.ts): /book/{slug}, /es-ES/book/{slug}. */
export const BOOKING_PAGE_PATH = /^\/(?:es-ES\/)?book\/[^/]+\/?$/;

/**
 * The Redis connection of the shared rate limits. A limiter must not hold requests up: short
 * timeouts and no queue while disconnected, so that (skipOnError above) a Redis that is down lets
 * requests through at once, logged, rather than refusing or delaying every caller. Start-up waits
 * up to a second for the connection, so the first requests are counted too.
 */
async function rateLimitRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, { connectTimeout: 1000, commandTimeout: 250, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  redis.on('error', (error) => log.warn({ err: error }, 'rate-limit store (Redis) unavailable: requests are not limited meanwhile'));
  await redis.connect().catch((error) => log.warn({ err: error }, 'rate-limit store (Redis) unreachable at start; retrying in the background'));
  return redis;
}

/** The JSON pointer of the first string (value or key) holding U+0000, if any. */
export function nulCharacterAt(value: unknown, pointer: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? pointer : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulCharacterAt(value[i], `${pointer}/${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      if (key.includes('\u0000')) return at;
      const found = nulCharacterAt(item, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
