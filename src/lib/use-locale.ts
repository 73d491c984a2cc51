import { useRouterState } from '@tanstack/react-router';
import { splitLocalePath, type AppLocale } from '~/lib/locale';

/** The locale of the current page, read from its path (en-US unprefixed, es-ES under /es-ES). */
export function useLocale(): AppLocale {
  return useRouterState({ select: (state) => splitLocalePath(state.location.pathname).locale });
}
