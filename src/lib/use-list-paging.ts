import { useState } from 'react';

/**
 * The page of a paginated list: `offset` for the query, `pages` of a total, and `reset` for a
 * changed search, filter or sort (back to the first page).
 */
export function useListPaging(pageSize: number) {
  const [page, setPage] = useState(1);
  return {
    page,
    setPage,
    offset: (page - 1) * pageSize,
    pages: (total: number | undefined) => Math.max(1, Math.ceil((total ?? 0) / pageSize)),
    reset: () => setPage(1),
  };
}
