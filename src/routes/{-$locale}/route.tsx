import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { runRedirectRuleGuard, runRouteGuards } from '~/app/guards/run-guards';
import { loadMessages } from '~/app/intl';
import { entryRedirect } from '~/app/locale-entry';
import { localizedPath, PREFIXED_LOCALES, type AppLocale } from '~/lib/locale';

// The optional locale segment of SPEC §2: absent for en-US, 'es-ES' for Spanish. '/en-US/…' is sent
// to the unprefixed path; any other first segment that no route claims is a 404.
// Then the route guards of SPEC §2 (token, status, licence, sidebar, redirect rules) run in order.
// An unknown path still shows the 404 page, signed in or not: only the redirect rules apply to it.
export const Route = createFileRoute('/{-$locale}')({
  beforeLoad: async ({ params, location, matches, preload, context }) => {
    const suffix = location.searchStr + (location.hash ? `#${location.hash}` : '');
    const guardLocation = { pathname: location.pathname, href: location.pathname + suffix };
    if (params.locale === 'en-US') throw redirect({ href: localizedPath(location.pathname, 'en-US') + suffix, replace: true });
    if (params.locale !== undefined && !PREFIXED_LOCALES.includes(params.locale as AppLocale)) {
      await runRedirectRuleGuard(guardLocation);
      throw notFound();
    }
    const target = entryRedirect(location.pathname, (params.locale as AppLocale | undefined) ?? 'en-US');
    if (target) throw redirect({ href: target + suffix, replace: true });
    // The page's language is shown only once its messages have arrived (a chunk per language).
    await loadMessages((params.locale as AppLocale | undefined) ?? 'en-US');

    if (matches.some((match) => match._notFound)) {
      await runRedirectRuleGuard(guardLocation);
      return;
    }
    await runRouteGuards({ location: guardLocation, queryClient: context.queryClient, preload });
  },
});
