/**
 * Which addresses are pages of the SPA (issue 18: an unknown address answers 404 to browsers too).
 * The build writes builds/routes.json (scripts/vite-spa-routes.ts): the route tree's destinations as
 * TanStack Router writes them ('/{-$locale}/customers/$customerId/$serviceId/edit') and the values
 * the optional locale segment takes. A path is a page when one of them matches it: static segments
 * without regard to case (as the router matches them), a `$param` one non-empty segment, the
 * optional locale segment absent or one of the locales (the SPA sends /en-US/… to the unprefixed
 * address), a trailing slash allowed.
 */

export interface SpaRouteManifest {
  /** The route tree's destinations, e.g. '/{-$locale}/services/$id'. */
  routes: string[];
  /** The values of the optional `{-$locale}` segment, e.g. ['en-US', 'es-ES']. */
  locales: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function segmentPattern(segment: string, locales: string[]): string {
  if (segment === '{-$locale}') return `(?:/(?:${locales.map(escapeRegExp).join('|')}))?`;
  if (/^\{-\$\w+\}$/.test(segment)) return '(?:/[^/]+)?';
  if (segment === '$' || segment === '{$}') return '(?:/.*)?';
  if (/^\$\w+$/.test(segment) || /^\{\$\w+\}$/.test(segment)) return '/[^/]+';
  return `/${escapeRegExp(segment)}`;
}

/** A test of a path (without query) against the manifest's routes. */
export function spaPathMatcher(manifest: SpaRouteManifest): (pathname: string) => boolean {
  const sources = manifest.routes.map((route) => {
    const segments = route.split('/').filter(Boolean);
    return segments.map((segment) => segmentPattern(segment, manifest.locales)).join('');
  });
  const pattern = new RegExp(`^(?:${sources.join('|')})/?$`, 'i');
  return (pathname) => {
    if (!pattern.test(pathname)) return false;
    // The locale segment is written exactly ('ES-es' is no locale: the SPA shows its 404).
    const first = pathname.split('/')[1] ?? '';
    const looksLikeLocale = manifest.locales.some((locale) => locale.toLowerCase() === first.toLowerCase());
    return !looksLikeLocale || manifest.locales.includes(first);
  };
}
