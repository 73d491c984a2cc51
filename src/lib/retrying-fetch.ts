// Retries of API calls (ARCHITECTURE "One contract"): which requests are safe to send again, and
// when. Used by the generated client's configuration (./api.ts) and by the booking page's own calls.

export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];
export const IDEMPOTENT_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];
export const MAX_RETRIES = 3;
const BASE_DELAY_MS = 300;
const MAX_DELAY_MS = 10_000;

/** Exponential backoff (300 ms, 600 ms, 1.2 s …), or the server's Retry-After when it names one. */
export function retryDelayMs(attempt: number, retryAfter: string | null): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_DELAY_MS);
  return Math.min(BASE_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POSTs that only read (the calendar range, reports, statistics, expense lists): as safe to retry
 * as a GET, so that one 503 does not show an empty calendar.
 */
export const READ_ONLY_POSTS: readonly RegExp[] = [
  /\/appointments\/by$/,
  /\/appointments\/series-preview$/,
  /\/statistics\/fetch$/,
  /\/reports\/sales-(summary|detailed)$/,
  /\/expenses\/list$/,
];

/** The header that makes a create safe to retry (the server answers the first response again). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A fresh Idempotency-Key for one create (one per submission, reused by its retries). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** True when sending `request` twice has the effect of sending it once. */
export function isRetrySafe(request: Request): boolean {
  const method = request.method.toUpperCase();
  if (IDEMPOTENT_METHODS.includes(method)) return true;
  if (method !== 'POST') return false;
  if (request.headers.has(IDEMPOTENCY_HEADER)) return true;
  const path = new URL(request.url, 'http://localhost').pathname;
  return READ_ONLY_POSTS.some((pattern) => pattern.test(path));
}

/**
 * Whether a failed answer is worth sending again. A 409 is retried only when the problem says it
 * is transient (`retryable: true`): a stale version, a double booking or an object in use is shown
 * to the user, never retried.
 */
async function worthRetrying(response: Response): Promise<boolean> {
  if (!RETRY_STATUSES.includes(response.status)) return false;
  if (response.status !== 409) return true;
  try {
    const body = (await response.clone().json()) as { retryable?: unknown };
    return body.retryable === true;
  } catch {
    return false;
  }
}

/**
 * A fetch that retries retry-safe requests (idempotent methods, read-only POSTs, creates with an
 * Idempotency-Key) on 408/409 (transient only)/425/429/500/502/503/504 and network errors.
 */
export function createRetryingFetch(baseFetch: typeof fetch = (...args) => fetch(...args), sleep = wait): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (!isRetrySafe(request)) return baseFetch(request);
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt >= MAX_RETRIES;
      let response: Response;
      try {
        response = await baseFetch(request.clone());
      } catch (error) {
        if (last || request.signal.aborted) throw error;
        await sleep(retryDelayMs(attempt, null));
        continue;
      }
      if (last || !(await worthRetrying(response))) return response;
      await sleep(retryDelayMs(attempt, response.headers.get('Retry-After')));
    }
  };
}
