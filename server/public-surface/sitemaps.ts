/**
 * The public surface for search engines (SPEC §2 sitemaps, issue 19): the sitemap index and its three
 * sitemaps, and robots.txt. Pure builders; server/plugins/sitemaps.ts serves them.
 *
 * - /index-sitemap.xml: the language-neutral entry of each public page (its en-US address, which is
 *   the default one), with its alternates;
 * - /en-US-sitemap.xml and /es-ES-sitemap.xml: each language's addresses of the public pages;
 * every <url> names its en-US, es-ES and x-default alternates (hreflang). Public pages: sign-in,
 * registration and the booking page of each business that takes online bookings. Everything else is
 * the signed-in dashboard, which robots.txt keeps out.
 */
export const SITEMAP_LOCALES = ['en-US', 'es-ES'] as const;
export type SitemapLocale = (typeof SITEMAP_LOCALES)[number];
export type SitemapName = 'index' | SitemapLocale;

/** Public page paths without the language prefix. */
export function publicPaths(bookingSlugs: readonly string[]): string[] {
  return ['/login', '/register', ...bookingSlugs.map((slug) => `/book/${encodeURIComponent(slug)}`)];
}

const localized = (path: string, locale: SitemapLocale) => (locale === 'es-ES' ? `/es-ES${path}` : path);

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function urlEntry(base: string, path: string, locale: SitemapLocale): string {
  const alternates = [
    ...SITEMAP_LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(base + localized(path, l))}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(base + localized(path, 'en-US'))}"/>`,
  ];
  return `<url><loc>${escapeXml(base + localized(path, locale))}</loc>${alternates.join('')}</url>`;
}

/** One of the three sitemaps; `base` is the public address without a trailing slash. */
export function sitemap(name: SitemapName, base: string, bookingSlugs: readonly string[]): string {
  const locale: SitemapLocale = name === 'es-ES' ? 'es-ES' : 'en-US';
  const entries = publicPaths(bookingSlugs).map((path) => urlEntry(base, path, locale));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** /sitemap.xml: the index of the three. */
export function sitemapIndex(base: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...(['index', ...SITEMAP_LOCALES] as const).map((name) => `<sitemap><loc>${escapeXml(`${base}/${name}-sitemap.xml`)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** robots.txt: the public pages open, the dashboard and the API closed. */
export function robotsTxt(base: string): string {
  const open = SITEMAP_LOCALES.flatMap((locale) => ['/login', '/register', '/book/'].map((path) => `Allow: ${localized(path, locale)}`));
  return ['User-agent: *', ...open, 'Allow: /sitemap.xml', 'Allow: /*-sitemap.xml', 'Disallow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
