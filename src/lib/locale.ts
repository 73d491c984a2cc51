// Locale rules of SPEC §2 and §9: en-US unprefixed (the default), es-ES under /es-ES,
// the browser language detected, the choice kept in the `locale` cookie for 365 days.

export const LOCALES = ['en-US', 'es-ES'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'en-US';
export const PREFIXED_LOCALES: readonly AppLocale[] = ['es-ES'];

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first supported locale among the browser's languages; Spanish in any region means es-ES. */
export function detectLocale(languages: readonly string[]): AppLocale {
  for (const language of languages) {
    const lower = language.toLowerCase();
    if (lower === 'es' || lower.startsWith('es-')) return 'es-ES';
    if (lower === 'en' || lower.startsWith('en-')) return 'en-US';
  }
  return DEFAULT_LOCALE;
}

/** The Set-Cookie / document.cookie string that keeps the choice. */
export function localeCookie(locale: AppLocale): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

/** Reads one cookie from a `document.cookie`-style string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Splits '/es-ES/customers' into { locale: 'es-ES', path: '/customers' }; unprefixed paths are en-US. */
export function splitLocalePath(pathname: string): { locale: AppLocale; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isAppLocale(first) && PREFIXED_LOCALES.includes(first)) {
    return { locale: first, path: match?.[2] ?? '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** The same page in another locale: ('/customers', 'es-ES') → '/es-ES/customers'. */
export function localizedPath(path: string, locale: AppLocale): string {
  const bare = splitLocalePath(path).path;
  if (!PREFIXED_LOCALES.includes(locale)) return bare;
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
}

/** The value of the optional `{-$locale}` route segment for a locale. */
export function localeParam(locale: AppLocale): AppLocale | undefined {
  return PREFIXED_LOCALES.includes(locale) ? locale : undefined;
}

/** Each language named in itself, as the locale dropdown shows it (SPEC §1). */
export const LOCALE_NAMES: Record<AppLocale, string> = { 'en-US': 'English (US)', 'es-ES': 'Español' };
