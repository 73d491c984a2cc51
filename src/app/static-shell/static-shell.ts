// The static shell's script (a classic script in <head>, before the first paint; bundled by
// scripts/static-shell.ts): the screen index.html paints before the app's JavaScript has arrived, in
// the language the app will show. It decides as the app will: the URL's locale segment, else the kept
// choice (the `locale` cookie), else the browser's language (entryRedirect); /login, or the home when
// the `token` cookie is there (the token guard). Mantine's colour scheme is set as its own script would.
import { detectLocale, isAppLocale, LOCALE_COOKIE, readCookie, splitLocalePath } from '~/lib/locale';

const TOKEN_COOKIE = 'token';
const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

const html = document.documentElement;
const { locale: urlLocale, path } = splitLocalePath(window.location.pathname);
const kept = readCookie(document.cookie, LOCALE_COOKIE);
const locale = urlLocale !== 'en-US' ? urlLocale : isAppLocale(kept) ? kept : detectLocale(navigator.languages);
const signedIn = Boolean(readCookie(document.cookie, TOKEN_COOKIE));
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

// The built page's module script and its preloads (scripts/static-shell.ts moved them here): at once
// when there is no shell to paint, else once it has been painted.
const tag = document.currentScript;
const entry = tag?.dataset.entry;
if (entry) {
  // Besides the entry's own imports: the app's frame, this screen's page and this language's messages,
  // which the entry imports later (scripts/static-shell.ts lists them): fetched now, in parallel.
  const attribute = (name: string) => (tag.getAttribute(`data-preload${name}`) ?? '').split(' ').filter(Boolean);
  const later = [...new Set(['-app', `-${screen}`, `-${locale.toLowerCase()}`].flatMap(attribute))];
  const preload = (hrefs: string[]) => {
    const tags = document.createDocumentFragment();
    for (const href of hrefs) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      tags.append(link);
    }
    return tags;
  };
  // Each preload costs the main thread a little (a request started): a few per task, so that starting
  // some fifty of them is not one long task.
  const preloadLater = (from: number) => {
    if (from >= later.length) return;
    document.head.append(preload(later.slice(from, from + 8)));
    setTimeout(() => preloadLater(from + 8), 0);
  };
  const loadApp = () => {
    const tags = preload(attribute(''));
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    tags.append(script);
    document.head.append(tags);
    setTimeout(() => preloadLater(0), 0);
  };
  if (screen === 'none') loadApp();
  else document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => setTimeout(loadApp, 0)));
}
