import type { FastifyReply, FastifyRequest } from 'fastify';

/** RFC 9457 problem details, as the contract's Problem schema. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code?: string;
  requestId?: string;
  /** True when the same request may succeed later (transient): clients may retry it. */
  retryable?: boolean;
  errors?: FieldError[];
  /** With 409 double_booking: the appointments that hold the slot asked for. */
  conflicts?: unknown[];
  /** With 409 slot_taken (online booking): the next free times. */
  availableSlots?: unknown[];
}

const TITLES: Record<number, [string, string]> = {
  400: ['Invalid request', 'validation'],
  401: ['Unauthorized', 'unauthorized'],
  408: ['Request Timeout', 'request_timeout'],
  403: ['Forbidden', 'forbidden'],
  404: ['Not Found', 'not_found'],
  409: ['Conflict', 'conflict'],
  413: ['Payload Too Large', 'payload_too_large'],
  414: ['URI Too Long', 'uri_too_long'],
  415: ['Unsupported Media Type', 'unsupported_media_type'],
  422: ['Unprocessable Entity', 'business_rule'],
  429: ['Too Many Requests', 'rate_limited'],
  431: ['Request Header Fields Too Large', 'headers_too_large'],
  500: ['Internal Server Error', 'internal'],
  501: ['Not Implemented', 'not_implemented'],
  503: ['Service Unavailable', 'unavailable'],
};

/** An error a handler throws to answer with a problem; anything else becomes a logged 500. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly code?: string,
    readonly errors?: FieldError[],
    /** More members of the problem (retryable, conflicts, availableSlots). */
    readonly extra: Pick<Problem, 'retryable' | 'conflicts' | 'availableSlots'> = {},
  ) {
    super(detail);
  }

  /** fastify-openapi-glue's security layer reads the status from here. */
  get statusCode(): number {
    return this.status;
  }
}

export const notFound = (detail = 'The requested object was not found.') => new HttpProblem(404, detail);
export const forbidden = (detail = 'This operation needs another role.') => new HttpProblem(403, detail);
export const unauthorized = (detail = 'A valid session token is required.') => new HttpProblem(401, detail);
export const conflict = (detail: string, code = 'conflict') => new HttpProblem(409, detail, code);
export const unprocessable = (field: string, code: string, message: string) =>
  new HttpProblem(422, message, 'business_rule', [{ field, code, message }]);

export function problem(status: number, detail?: string, extra: Partial<Problem> = {}): Problem {
  const [title, code] = TITLES[status] ?? ['Error', 'error'];
  const slug = title.toLowerCase().replace(/[^a-z]+/g, '-');
  return { type: `https://cita.example/problems/${slug}`, title, status, ...(detail ? { detail } : {}), code, ...extra };
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, status: number, detail?: string, extra: Partial<Problem> = {}) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(problem(status, detail, { requestId: request.id, ...extra }));
}
