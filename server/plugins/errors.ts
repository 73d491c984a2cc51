import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { IdentityProviderUnavailableError } from '../auth/firebase.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { HttpProblem, problem, sendProblem, type FieldError } from '../problem.ts';
import { globalPlugin } from './global.ts';
import { BODY_LIMIT_BYTES } from './request-body.ts';

// Every failure answers application/problem+json (RFC 9457) with the baseline security headers,
// whether Node, the router, validation, a handler or a dependency raised it. A 5xx is logged.

/** At most this many field errors are reported (and computed into a response) for one request. */
export const MAX_REPORTED_ERRORS = 20;
const MAX_POINTER_LENGTH = 200;

/** The headers every answer carries, also those sent before Fastify and helmet see the request. */
const BASELINE_HEADERS: Array<[string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
];

/**
 * Requests Node refuses before Fastify sees them (headers or URL over 16 kB, malformed HTTP): still
 * problem+json with the baseline security headers (a Fastify server option).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(problem(status, status === 431 ? 'The request headers or address are too large.' : 'The request is malformed.'));
  if (socket.writable) {
    const headers = BASELINE_HEADERS.map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `${headers}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Errors the router raises before any hook (a path parameter over maxParamLength, a malformed URL):
 * problem+json with the baseline security headers (a Fastify server option).
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  for (const [name, value] of BASELINE_HEADERS) reply.header(name, value);
  reply.header('x-request-id', request.id);
  return sendProblem(request as FastifyRequest, reply as FastifyReply, status, status === 414 ? 'The address is too long.' : 'The address is malformed.');
};

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

/** The error handler of every route: validation, our HttpProblems, dependencies down, the rest. */
export const errorsPlugin = globalPlugin(async (app) => {
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
});
