import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { PageLoader } from './page-loader';

/**
 * The states of a page's (or a panel's: `loaderHeight`) query: loading, failed (with a retry), or its
 * data rendered by `children`.
 */
export function QueryState<T>({
  query,
  loaderHeight,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  loaderHeight?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader minHeight={loaderHeight} />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <>{children(query.data)}</>;
}
