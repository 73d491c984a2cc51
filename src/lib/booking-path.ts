import { isAppLocale, PREFIXED_LOCALES, type AppLocale } from './locale';

/**
 * The public booking page's address: /book/{slug}, or /es-ES/book/{slug} (the SPA's locale segment:
 * absent for en-US, 'es-ES' for Spanish). `locale` is set only when the address names one.
 */
export function parseBookingPath(pathname: string): { slug: string; locale?: AppLocale } | null {
  const match = /^\/(?:([^/]+)\/)?book\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  const [, prefix, rawSlug] = match;
  let locale: AppLocale | undefined;
  if (prefix !== undefined) {
    if (!isAppLocale(prefix) || !PREFIXED_LOCALES.includes(prefix)) return null;
    locale = prefix;
  }
  let slug: string;
  try {
    slug = decodeURIComponent(rawSlug ?? '');
  } catch {
    return null;
  }
  return { slug, ...(locale ? { locale } : {}) };
}

/** The booking page's address in a language: ('peluqueria-ana', 'es-ES') → '/es-ES/book/peluqueria-ana'. */
export function bookingPath(slug: string, locale: AppLocale): string {
  const path = `/book/${encodeURIComponent(slug)}`;
  return PREFIXED_LOCALES.includes(locale) ? `/${locale}${path}` : path;
}

/** True for an address the server answers with book.html (server/app.ts, scripts/dev-mock.mjs); the page itself is src/features/booking. */
export function isBookingPath(pathname: string): boolean {
  return parseBookingPath(pathname) !== null;
}
