import { pageOffset, toPage } from '../common/http/pagination';
import type { Page, SortDirection } from '../common/http/pagination.dto';

/** Which page of a list: repositories take this plain shape (with their own filters), not a route's query DTO. */
export interface PageRequest {
  page: number;
  limit: number;
}

export interface SortedPageRequest<F extends string> extends PageRequest {
  sortBy: F;
  sortDirection: SortDirection;
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
