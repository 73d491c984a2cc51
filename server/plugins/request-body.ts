import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { HttpProblem } from '../problem.ts';
import { globalPlugin } from './global.ts';

// What a request may carry and how it is logged: JSON only, small bodies, no U+0000 anywhere, a
// body wherever the operation takes one, our own request id, one log line without URLs or bodies.

/** Largest JSON body of an ordinary request. Small, so that no anonymous request can cost much. */
export const BODY_LIMIT_BYTES = 128 * 1024;

/** The path template, never the path itself: e-mails, ids and tokens in paths stay out of the logs. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    route: request.routeOptions?.url ?? '(no route)',
    id: request.id,
  };
}

/** Fastify's logger options: no request URL (it carries e-mails and ids), no headers (tokens), no bodies. */
export function loggerOptions(logger: boolean | object): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  return {
    ...(typeof logger === 'object' ? logger : {}),
    serializers: {
      req: (request) => loggedRequest(request as unknown as FastifyRequest),
      res: (reply) => ({ statusCode: reply.statusCode }),
    },
    redact: { paths: ['req.headers.authorization', '*.authorization', '*.firebase_id_token', '*.token'], censor: '[redacted]' },
  };
}

const nulProblem = (field: string) =>
  new HttpProblem(400, 'Text may not contain the NUL character (U+0000).', 'validation', [
    { field, code: 'nul_character', message: 'Text may not contain the NUL character (U+0000).' },
  ]);

export const requestBodyPlugin = globalPlugin(async (app) => {
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
    if (field !== undefined) return done(nulProblem(field || '/'), undefined);
    done(null, parsed);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // One log line per request (the server turns Fastify's two off); a health check that answers
  // (polled several times a second by `npm start` and by load balancers) only at debug level.
  app.addHook('onResponse', async (request, reply) => {
    const level = request.routeOptions.url === '/healthz' && reply.statusCode < 500 ? 'debug' : 'info';
    request.log[level]({ req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
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
      if (field !== undefined) throw nulProblem(field);
    }
  });
});

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
