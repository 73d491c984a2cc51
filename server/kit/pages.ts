import type { Queryable } from '../db/database.ts';
import type { Row } from './rows.ts';

/**
 * The one way a list is paged (ARCHITECTURE: bounded pages, a stable sort): the page of rows and the
 * total of the filter, answered as `{ items, total }`. `limit` and `offset` come from the contract's
 * bounded query parameters and are passed as statement parameters, never interpolated.
 */
export interface PageQuery {
  /** The select list, e.g. 's.*' or a domain's column list. */
  select: string;
  /** FROM … (joins included), e.g. 'services s'. */
  from: string;
  /** The filter, with $1.. placeholders for `params`. */
  where: string;
  /** A total order (ends with the id). */
  orderBy: string;
  params: readonly unknown[];
  limit: number;
  offset: number;
}

export async function listPage<T>(tx: Queryable, query: PageQuery, map: (row: Row) => T): Promise<{ items: T[]; total: number }> {
  const n = query.params.length;
  const { rows } = await tx.query<Row>(
    `SELECT ${query.select} FROM ${query.from} WHERE ${query.where} ORDER BY ${query.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...query.params, query.limit, query.offset],
  );
  // The count is needed only when the page does not already tell it (a short first page is all).
  const total =
    query.offset === 0 && rows.length < query.limit
      ? rows.length
      : (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${query.from} WHERE ${query.where}`, [...query.params])).rows[0]!.n;
  return { items: rows.map((row) => map(row)), total };
}
