import { client } from '@generated/client.gen';
import { localizedPath, splitLocalePath } from './locale';
import { withEarlyResponses } from './early-requests';
import { createRetryingFetch } from './retrying-fetch';

// The one place the generated API client is configured (ARCHITECTURE "One contract"): base URL,
// the Bearer token from the `token` cookie, retries of idempotent requests, and 401 → /login.

// The retries live in ./retrying-fetch (no client import, so that the booking page can use them alone).
export {
  createRetryingFetch,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_METHODS,
  isRetrySafe,
  MAX_RETRIES,
  newIdempotencyKey,
  READ_ONLY_POSTS,
  RETRY_STATUSES,
  retryDelayMs,
} from './retrying-fetch';

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
    // A GET the static shell's script already sent (the home's figures) takes its answer (./early-requests).
    fetch: createRetryingFetch(withEarlyResponses(options.fetch)),
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
