import { client } from '@generated/client.gen';
import { localizedPath, splitLocalePath } from './locale';

// The one place the generated API client is configured (ARCHITECTURE "One contract"): base URL,
// the Bearer token from the `token` cookie, retries of idempotent requests, and 401 → /login.

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

/** A fetch that retries idempotent requests on 408/409/425/429/500/502/503/504 and network errors. */
export function createRetryingFetch(baseFetch: typeof fetch = (...args) => fetch(...args), sleep = wait): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (!IDEMPOTENT_METHODS.includes(request.method.toUpperCase())) return baseFetch(request);
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
      if (last || !RETRY_STATUSES.includes(response.status)) return response;
      await sleep(retryDelayMs(attempt, response.headers.get('Retry-After')));
    }
  };
}

/** Where a 401 sends the user: the login page of the current locale, remembering the current page. */
export function loginRedirectUrl(currentPath: string): string {
  const { locale, path } = splitLocalePath(currentPath.split('?')[0] ?? '/');
  const login = localizedPath('/login', locale);
  if (path.startsWith('/login') || path === '/register') return login;
  return `${login}?redirectedFrom=${encodeURIComponent(currentPath)}`;
}

export interface ApiOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The session token (the app's session store reads it from the `token` cookie). */
  getToken: () => string | undefined;
  onUnauthorized?: (request: Request) => void;
}

export function configureApi(options: ApiOptions): void {
  const { getToken } = options;
  const onUnauthorized =
    options.onUnauthorized ??
    (() => {
      const here = window.location.pathname + window.location.search;
      window.location.assign(loginRedirectUrl(here));
    });
  client.setConfig({
    baseUrl: options.baseUrl ?? import.meta.env.VITE_API_BASE_URL ?? '',
    fetch: createRetryingFetch(options.fetch),
  });
  client.interceptors.request.use((request) => {
    const token = getToken();
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  });
  client.interceptors.response.use((response, request) => {
    // A 401 on a call made with a session token means the session is gone. Calls made without one
    // (login, register, the e-mail check) report their own 401 to the form instead.
    if (response.status === 401 && getToken()) onUnauthorized(request);
    return response;
  });
}
