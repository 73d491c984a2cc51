// Requests started by index.html's static shell script (src/app/static-shell/static-shell.ts), before
// the app's code has arrived, that the app then takes instead of sending them again (issue 18,
// Lighthouse: the signed-in home's runtime configuration, build manifest and figures no longer wait
// for the app's code to be fetched and evaluated, a round trip each in series after it). The shell
// script is a bundle of its own: the two meet on a global. No imports: the shell bundles this file.

interface EarlyRequest {
  /** The address asked for: a promise, when it depends on an earlier answer (null: not sent). */
  url: Promise<string | null>;
  /** The Authorization header it was sent with (null: none). */
  authorization: string | null;
  response: Promise<Response | null>;
}

const GLOBAL_KEY = '__citaEarlyRequests';

function registry(): Map<string, EarlyRequest> {
  const scope = globalThis as unknown as Record<string, Map<string, EarlyRequest> | undefined>;
  return (scope[GLOBAL_KEY] ??= new Map());
}

function absolute(url: string): URL {
  return new URL(url, globalThis.location?.href ?? 'http://localhost/');
}

/** The key an answer is kept under: its path and query. */
const keyOf = (url: string) => {
  const parsed = absolute(url);
  return parsed.pathname + parsed.search;
};

/**
 * Sends a GET now (once `url` is known) for the app to take later. `key` is the path and query the
 * app will ask for. Returns the answer (null when not sent or failed).
 */
export function startEarlyRequest(key: string, url: Promise<string | null>, authorization: string | null = null, accept = 'application/json'): Promise<Response | null> {
  const headers: Record<string, string> = { Accept: accept };
  if (authorization) headers.Authorization = authorization;
  const response = url.then((address) => (address === null ? null : fetch(address, { headers, cache: 'no-store' }))).catch(() => null);
  registry().set(key, { url, authorization, response });
  return response;
}

/**
 * The early answer to a GET of `url` sent with `authorization`, taken once; undefined when there is
 * none (never started, already taken, another address or token, or it failed): send it then.
 */
export async function takeEarlyResponse(url: string, authorization: string | null): Promise<Response | undefined> {
  const requests = registry();
  const key = keyOf(url);
  const early = requests.get(key);
  if (!early) return undefined;
  requests.delete(key);
  const [address, response] = await Promise.all([early.url.catch(() => null), early.response]);
  if (!address || !response || absolute(address).href !== absolute(url).href || early.authorization !== authorization) return undefined;
  return response;
}

/** Forgets the answers not taken (the first render is done: a later request asks anew). */
export function dropEarlyRequests(): void {
  registry().clear();
}

/** `fetch`, answering a GET with its early answer when there is one. */
export function withEarlyResponses(baseFetch: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return async (input, init) => {
    if (registry().size > 0) {
      const request = input instanceof Request ? input : undefined;
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      if (method === 'GET') {
        const url = request ? request.url : input instanceof URL ? input.href : String(input);
        const authorization = new Headers(init?.headers ?? request?.headers).get('Authorization');
        const early = await takeEarlyResponse(url, authorization);
        if (early) return early;
      }
    }
    return baseFetch(input, init);
  };
}
