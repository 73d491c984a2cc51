import { detectLocale, isAppLocale, localeCookie, localizedPath, readCookie, type AppLocale } from '~/lib/locale';

let handled = false;

/**
 * On the first navigation of a page load: an unprefixed (en-US) URL follows the kept choice (the
 * `locale` cookie) or, with no cookie, the browser language; the cookie is written when missing.
 * An explicit /es-ES URL is respected. Returns the path to redirect to, or null.
 */
export function entryRedirect(pathname: string, urlLocale: AppLocale): string | null {
  if (handled) return null;
  handled = true;
  const kept = readCookie(document.cookie, 'locale');
  if (isAppLocale(kept)) {
    return urlLocale === 'en-US' && kept !== urlLocale ? localizedPath(pathname, kept) : null;
  }
  const preferred = urlLocale === 'en-US' ? detectLocale(navigator.languages) : urlLocale;
  document.cookie = localeCookie(preferred);
  return preferred !== urlLocale ? localizedPath(pathname, preferred) : null;
}
