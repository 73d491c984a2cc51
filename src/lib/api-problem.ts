/**
 * Reading what a failed API call threw. The generated client throws the parsed problem+json body
 * (RFC 9457) for an error status, a TypeError for a network failure, and a ZodError when a response
 * does not match the contract.
 */

export interface ProblemFieldError {
  field: string;
  code: string;
  message?: string;
}

export interface ProblemLike {
  status: number;
  title?: string;
  detail?: string;
  code?: string;
  errors?: ProblemFieldError[];
}

export function asProblem(error: unknown): ProblemLike | null {
  if (typeof error !== 'object' || error === null) return null;
  const status = (error as { status?: unknown }).status;
  if (typeof status !== 'number' || status < 400 || status > 599) return null;
  const problem = error as ProblemLike;
  const errors = Array.isArray(problem.errors)
    ? problem.errors.filter((item): item is ProblemFieldError => typeof item?.field === 'string' && typeof item?.code === 'string')
    : undefined;
  return { ...problem, errors };
}

/** True when a save was refused because someone else changed the object since it was read (409 stale_version). */
export function isStaleVersion(error: unknown): boolean {
  const problem = asProblem(error);
  return problem?.status === 409 && problem.code === 'stale_version';
}

/** The HTTP status of a failed call, or null for a network failure or an unreadable answer. */
export function problemStatus(error: unknown): number | null {
  return asProblem(error)?.status ?? null;
}

/** True when the call never reached the server (offline, DNS, CORS, aborted connection). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * The field errors of a 400/422 problem with their JSON pointers turned into form paths: the
 * request's wrapper object ('tenant', 'user', 'customer' …) is dropped when `wrapper` names it, and
 * array indexes stay as they are: '/tenant/address/city' → 'address.city'.
 */
export function problemFieldErrors(error: unknown, wrapper?: string): { path: string; code: string; message?: string }[] {
  const problem = asProblem(error);
  if (!problem?.errors) return [];
  return problem.errors.map((item) => {
    let segments = item.field
      .replace(/^#?\/?/, '')
      .split('/')
      .filter(Boolean)
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
    if (wrapper && segments[0] === wrapper) segments = segments.slice(1);
    return { path: segments.join('.'), code: item.code, message: item.message };
  });
}

export type ProblemKind = 'network' | 'validation' | 'conflict' | 'forbidden' | 'unauthorized' | 'not-found' | 'rate-limited' | 'server';

/** A coarse kind, enough to pick a translated message. */
export function problemKind(error: unknown): ProblemKind {
  if (isNetworkError(error)) return 'network';
  const status = problemStatus(error);
  if (status === 400 || status === 422) return 'validation';
  if (status === 409) return 'conflict';
  if (status === 403) return 'forbidden';
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  return 'server';
}

/**
 * The field errors of a problem as form field names: `fieldMap` renames API paths ('phoneNumber' →
 * 'phone.number'; a prefix maps everything under it: 'opening_hours' → 'schedule'); fields not in
 * `known` are left out (they are reported by the form-level message).
 */
export function problemFormErrors(
  error: unknown,
  options: { wrapper?: string; fieldMap?: Record<string, string>; known: readonly string[] },
): { field: string; code: string }[] {
  const result: { field: string; code: string }[] = [];
  for (const item of problemFieldErrors(error, options.wrapper)) {
    let field = item.path;
    for (const [from, to] of Object.entries(options.fieldMap ?? {})) {
      if (field === from || field.startsWith(`${from}.`)) {
        field = to;
        break;
      }
    }
    if (options.known.includes(field) && !result.some((entry) => entry.field === field)) result.push({ field, code: item.code });
  }
  return result;
}
