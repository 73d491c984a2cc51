import { useNavigate, useRouterState } from '@tanstack/react-router';
import { localeCookie, localizedPath, type AppLocale } from '~/lib/locale';

/** Switching language keeps the current page (path, search and hash) and remembers the choice. */
export function useSwitchLocale(): (locale: AppLocale) => void {
  const navigate = useNavigate();
  const location = useRouterState({ select: (state) => state.location });
  return (locale) => {
    document.cookie = localeCookie(locale);
    const hash = location.hash ? `#${location.hash}` : '';
    void navigate({ href: localizedPath(location.pathname, locale) + location.searchStr + hash });
  };
}
