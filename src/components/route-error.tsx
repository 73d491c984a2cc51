import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isChunkLoadError } from '~/lib/version';
import { LoadError } from './load-error';

/**
 * A route's errorComponent: the page's data did not load. "Try again" resets the failed queries and
 * re-runs the route's loader, inside the layout (sidebar and header stay usable). A failed chunk load
 * goes on to the root error page, which reloads the app.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
    console.error(error);
  }, [error, queryErrorResetBoundary]);
  if (isChunkLoadError(error)) throw error;
  return (
    <LoadError
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
