import { detectLocale, isAppLocale, localeCookie, LOCALE_COOKIE, readCookie, type AppLocale } from '~/lib/locale';

/**
 * The booking page's language: the one its address names (/es-ES/book/…), else the one the person
 * chose before (the `locale` cookie the whole app keeps), else their browser's when it is English or
 * Spanish, else the business's.
 */
export function chooseBookingLocale(input: {
  fromPath?: AppLocale;
  cookie: string;
  languages: readonly string[];
  business?: string;
}): AppLocale {
  if (input.fromPath) return input.fromPath;
  const kept = readCookie(input.cookie, LOCALE_COOKIE);
  if (isAppLocale(kept)) return kept;
  const known = input.languages.some((language) => /^(en|es)(-|$)/i.test(language));
  if (known) return detectLocale(input.languages);
  return isAppLocale(input.business) ? input.business : detectLocale(input.languages);
}

type Catalog = Record<string, string>;
const loaded = new Map<AppLocale, Catalog>();

/**
 * A language's messages. English is the source language: its texts are the defaultMessages compiled
 * into the page, so it needs no catalogue. Spanish is the app's catalogue chunk (the same file the
 * dashboard loads).
 */
export async function loadBookingMessages(locale: AppLocale): Promise<Catalog> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const catalog: Catalog = locale === 'es-ES' ? (await import('../../../messages/es-ES.json')).default : {};
  loaded.set(locale, catalog);
  return catalog;
}

/** Keeps the person's choice of language (365 days, as the rest of the app). */
export function rememberLocale(locale: AppLocale): void {
  document.cookie = localeCookie(locale);
}
