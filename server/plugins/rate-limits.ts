import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import type { ServerConfig } from '../config.ts';
import { HttpProblem } from '../problem.ts';

/**
 * The rate-limit classes an operation declares in the contract (`x-cita-rate-limit`, beside
 * `x-cita-authorization`); an operation that declares none is `general`. Enforced here only.
 * - identity: proves an identity (login, registration…): per client address, before authentication;
 * - public-token: public, its credential a token in the path: per client address, against guessing;
 * - booking: the public booking page: per client address, a counter of its own;
 * - booking-create: a public booking: as `booking`, then per e-mail, per phone and per address an hour;
 * - sensitive: creates businesses or sends invitations: a tighter limit per signed-in user;
 * - import: long writes (a customer import): per signed-in user and hour;
 * - general: every other call, per signed-in user or, anonymous (public reads), per client address.
 */
export const RATE_LIMIT_CLASSES = ['identity', 'public-token', 'booking', 'booking-create', 'sensitive', 'import', 'general'] as const;
export type RateLimitClass = (typeof RATE_LIMIT_CLASSES)[number];
/** The classes a public operation (no security scheme) may declare: none of them needs a user (`general` counts per address). */
export const PUBLIC_RATE_LIMIT_CLASSES: ReadonlySet<RateLimitClass> = new Set(['identity', 'public-token', 'booking', 'booking-create', 'general']);

export function isRateLimitClass(value: unknown): value is RateLimitClass {
  return typeof value === 'string' && (RATE_LIMIT_CLASSES as readonly string[]).includes(value);
}

export interface OperationHooks {
  onRequest: onRequestHookHandler[];
  preHandler?: preHandlerHookHandler[];
}

/**
 * Registers @fastify/rate-limit and answers the hooks of an operation of a class, around its
 * authentication. Signed-in calls are limited per user, anonymous ones per client address (see
 * TRUST_PROXY_HOPS), counted in Redis when REDIS_URL is set so that every instance shares one count.
 * Each limiter names its group in its keys: the plugin's own per-route key prefix is empty for
 * limiters made with app.rateLimit(), so without the group every limiter would share one counter.
 */
export async function createRateLimits(app: FastifyInstance, config: ServerConfig['rateLimit']) {
  const redis = config.redisUrl ? await rateLimitRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: config.namespace, skipOnError: true } : {}),
  });
  const caller = (request: FastifyRequest) => (request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`);
  const limiter = (max: number, group: string, timeWindow = '1 minute') =>
    app.rateLimit({ max, timeWindow, keyGenerator: (request) => `${group}:${caller(request)}` });
  const limits = {
    identity: limiter(config.identityPerMinute, 'identity'),
    sensitive: limiter(config.sensitiveWritesPerMinute, 'sensitive'),
    general: limiter(config.perMinute, 'general'),
    public: limiter(config.publicPerMinute, 'public'),
    booking: limiter(config.publicPerMinute, 'booking'),
    import: limiter(config.importsPerHour, 'import', '1 hour'),
  };
  const bookingContactLimit = bookingContactLimits(app, config);

  return (rateClass: RateLimitClass, authenticate: onRequestHookHandler): OperationHooks => {
    switch (rateClass) {
      case 'identity':
        return { onRequest: [limits.identity, authenticate] };
      case 'public-token':
        return { onRequest: [limits.public] };
      case 'booking':
        return { onRequest: [limits.booking] };
      case 'booking-create':
        return { onRequest: [limits.booking], preHandler: [bookingContactLimit] };
      case 'sensitive':
        return { onRequest: [authenticate, limits.sensitive] };
      case 'import':
        return { onRequest: [authenticate, limits.import] };
      case 'general':
        return { onRequest: [authenticate, limits.general] };
    }
  };
}

/**
 * A public booking, once its body is read and valid (preHandler): per e-mail (lower-cased), per phone
 * (digits) and per client address an hour. Checked by hand: the plugin's own hooks run once per
 * request, and the booking limit already ran.
 */
function bookingContactLimits(app: FastifyInstance, config: ServerConfig['rateLimit']) {
  type Contact = { email: string; phoneCountryCode: string; phoneNumber: string };
  const contactLimit = (group: string, key: (customer: Contact, request: FastifyRequest) => string, max = config.bookingsPerContactPerHour) =>
    app.createRateLimit({
      max,
      timeWindow: '1 hour',
      keyGenerator: (request) => {
        const customer = (request.body as { customer?: Contact } | undefined)?.customer;
        return `${group}:${customer ? key(customer, request) : `ip:${request.ip}`}`;
      },
    });
  const checks = [
    { check: contactLimit('booking-email', (c) => c.email.trim().toLowerCase()), what: 'with this e-mail address or phone number' },
    { check: contactLimit('booking-phone', (c) => `${c.phoneCountryCode}${c.phoneNumber}`.replace(/\D/g, '')), what: 'with this e-mail address or phone number' },
    // One address inventing a new contact for every booking would fill a calendar: bookings per address an hour too.
    { check: contactLimit('booking-address', (_, request) => `ip:${request.ip}`, config.bookingsPerAddressPerHour), what: 'from this connection' },
  ];
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { check, what } of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new HttpProblem(429, `Too many bookings ${what}; try again later.`, 'rate_limited');
      }
    }
  };
}

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
