import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { PageLoader } from './page-loader';

/**
 * The states of a page's (or a panel's: `loaderHeight`) query: loading, failed (with a retry), or its
 * data rendered by `children`. A screen keeps its own empty state inside `children`.
 */
export function QueryState<T>({
  query,
  loaderHeight,
  errorTitle,
  refusal,
  keepData = false,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  loaderHeight?: number;
  /** The failure's title when the generic one says too little ("The plans could not be loaded"). */
  errorTitle?: ReactNode;
  /**
   * What a failure that a retry cannot fix shows instead of the retry (a 404's "does not exist", a
   * refused link); null or undefined for any other failure.
   */
  refusal?: (error: unknown) => ReactNode;
  /** A failed refetch leaves the data it had on screen, under the error (a form being edited is kept). */
  keepData?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader minHeight={loaderHeight} />;
  if (query.isError) {
    const refused = refusal?.(query.error);
    if (refused !== undefined && refused !== null) return <>{refused}</>;
    const failed = <LoadError title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    if (!keepData || query.data === undefined) return failed;
    return (
      <>
        {failed}
        {children(query.data)}
      </>
    );
  }
  return <>{children(query.data)}</>;
}
