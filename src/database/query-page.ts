import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';

import { pageOffset, toPage } from '../common/http/pagination';
import type { Page, SortDirection } from '../common/http/pagination.dto';
import { orderBy } from './order-by';

/** Which page of a list: repositories take this plain shape (with their own filters), not a route's query DTO. */
export interface PageRequest {
  page: number;
  limit: number;
}

export interface SortedPageRequest<F extends string> extends PageRequest {
  sortBy: F;
  sortDirection: SortDirection;
}

/** The columns a list sorts by, by the name the route accepts, and the unique column that breaks ties. */
export interface SortColumns<F extends string> {
  columns: Record<F, AnyPgColumn>;
  tiebreaker: AnyPgColumn;
}

/** Runs a list query's page and its count together and answers the list envelope. */
export async function queryPage<T>(
  query: PageRequest,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<{ total: number }[]>,
): Promise<Page<T>> {
  const [items, [{ total: count }]] = await Promise.all([rows(query.limit, pageOffset(query)), total()]);
  return toPage(items, count, query);
}

/**
 * The requested page of `rows` (a dynamic select with its filters, without order or limit) in the requested order,
 * with the count `total` runs.
 */
export function sortedPage<F extends string, Q extends PgSelect>(
  query: SortedPageRequest<F>,
  sort: SortColumns<F>,
  rows: Q,
  total: Promise<{ total: number }[]>,
): Promise<Page<Awaited<ReturnType<Q['execute']>>[number]>> {
  return queryPage(
    query,
    (limit, offset) =>
      rows
        .orderBy(...orderBy(sort.columns, query.sortBy, query.sortDirection, sort.tiebreaker))
        .limit(limit)
        .offset(offset)
        .execute(),
    () => total,
  );
}
