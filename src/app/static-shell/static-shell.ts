// The static shell's script (a classic script in <head>, before the first paint; bundled by
// scripts/static-shell.ts): the screen index.html paints before the app's JavaScript has arrived, in
// the language the app will show. It decides as the app will: the URL's locale segment, else the kept
// choice (the `locale` cookie), else the browser's language (entryRedirect); /login, or the home when
// the `token` cookie is there (the token guard). Mantine's colour scheme is set as its own script would.
import { startEarlyRequest } from '~/lib/early-requests';
import { detectLocale, isAppLocale, LOCALE_COOKIE, readCookie, splitLocalePath } from '~/lib/locale';
import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_URL, SESSION_STORAGE_KEY, TOKEN_COOKIE_NAME } from '~/lib/start-names';

const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

const html = document.documentElement;
const { locale: urlLocale, path } = splitLocalePath(window.location.pathname);
const kept = readCookie(document.cookie, LOCALE_COOKIE);
const locale = urlLocale !== 'en-US' ? urlLocale : isAppLocale(kept) ? kept : detectLocale(navigator.languages);
const token = readCookie(document.cookie, TOKEN_COOKIE_NAME);
const signedIn = Boolean(token);
const bare = path.replace(/\/+$/, '') || '/';
// The token guard sends a signed-in visitor of /login home, and a signed-out one of the home to /login.
const screen = bare === '/login' || bare === '/' ? (signedIn ? 'home' : 'login') : 'none';

let stored: string | null = null;
try {
  stored = window.localStorage.getItem(COLOR_SCHEME_KEY);
} catch {
  // Storage blocked: the system's scheme.
}
const scheme = stored === 'light' || stored === 'dark' ? stored : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

html.lang = locale;
html.setAttribute('data-mantine-color-scheme', scheme);
html.setAttribute('data-shell', screen);

/** The API base URL of the runtime configuration the server wrote into the page (undefined: none). */
function pageApiBaseUrl(): string | undefined {
  try {
    const { apiBaseUrl } = JSON.parse(document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent ?? 'null') as { apiBaseUrl?: unknown };
    return typeof apiBaseUrl === 'string' ? apiBaseUrl : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signed-in home's first render waits for the build manifest (the redirect rules the guards
 * apply), the home's figures and the runtime configuration (in the page as the server sends it, else
 * fetched): sent now, while the app's code is on its way, rather than a round trip each after it
 * (src/lib/early-requests.ts: the app takes the answers). The figures' address needs the
 * configuration's API base URL, and the session's business.
 */
function startHomeRequests(manifest: string) {
  let tenantId: unknown;
  try {
    tenantId = (JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as { tenant?: { id?: unknown } } | null)?.tenant?.id;
  } catch {
    // An unreadable session: the app decides.
  }
  void startEarlyRequest(manifest, Promise.resolve(manifest));
  const inPage = pageApiBaseUrl();
  const apiBaseUrl =
    inPage !== undefined
      ? Promise.resolve(inPage)
      : startEarlyRequest(RUNTIME_CONFIG_URL, Promise.resolve(RUNTIME_CONFIG_URL)).then(async (response) => {
          if (!response?.ok || !(response.headers.get('Content-Type') ?? '').includes('json')) return null;
          const { apiBaseUrl: served } = (await response.clone().json()) as { apiBaseUrl?: unknown };
          return typeof served === 'string' ? served : null;
        });
  if (typeof tenantId !== 'string' || !token) return;
  const path = `/v1/dashboard?tenantId=${encodeURIComponent(tenantId)}`;
  void startEarlyRequest(path, apiBaseUrl.then((base) => (base === null ? null : `${base}${path}`)), `Bearer ${token}`);
}

// The built page's module script and its preloads (scripts/static-shell.ts moved them here): at once
// when there is no shell to paint, else once it has been painted.
const tag = document.currentScript;
const entry = tag?.dataset.entry;
if (entry && screen === 'home' && tag.dataset.manifest) startHomeRequests(tag.dataset.manifest);
if (entry) {
  // Besides the entry's own imports: the app's frame, this screen's page and this language's messages,
  // which the entry imports later (scripts/static-shell.ts lists them): fetched now, in parallel.
  const attribute = (name: string) => (tag.getAttribute(`data-preload${name}`) ?? '').split(' ').filter(Boolean);
  const preloads = [...new Set(['', `-${locale.toLowerCase()}`, '-app', `-${screen}`].flatMap(attribute))];
  // Each preload costs the main thread a little (a request started, some 15 ms on a slow phone): the
  // entry alone first, then the preloads a few per task, so that starting some fifty of them is not a
  // long task.
  const preloadFrom = (from: number) => {
    if (from >= preloads.length) return;
    const links = document.createDocumentFragment();
    for (const href of preloads.slice(from, from + 3)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    setTimeout(() => preloadFrom(from + 3), 0);
  };
  const loadApp = () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
    setTimeout(() => preloadFrom(0), 0);
  };
  if (screen === 'none') loadApp();
  else document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => setTimeout(loadApp, 0)));
}
