import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { entryRedirect } from '~/app/locale-entry';
import { localizedPath, PREFIXED_LOCALES, type AppLocale } from '~/lib/locale';

// The optional locale segment of SPEC §2: absent for en-US, 'es-ES' for Spanish. '/en-US/…' is sent
// to the unprefixed path; any other first segment that no route claims is a 404.
export const Route = createFileRoute('/{-$locale}')({
  beforeLoad: ({ params, location }) => {
    const suffix = location.searchStr + (location.hash ? `#${location.hash}` : '');
    if (params.locale === 'en-US') throw redirect({ href: localizedPath(location.pathname, 'en-US') + suffix, replace: true });
    if (params.locale !== undefined && !PREFIXED_LOCALES.includes(params.locale as AppLocale)) throw notFound();
    const target = entryRedirect(location.pathname, (params.locale as AppLocale | undefined) ?? 'en-US');
    if (target) throw redirect({ href: target + suffix, replace: true });
  },
});
