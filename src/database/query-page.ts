import { pageOffset, toPage } from '../common/http/pagination';
import { Page, PaginationQueryDto } from '../common/http/pagination.dto';

/** Runs a list query's page and its count together and answers the list envelope. */
export async function queryPage<T>(
  query: Pick<PaginationQueryDto, 'page' | 'limit'>,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<{ total: number }[]>,
): Promise<Page<T>> {
  const [items, [{ total: count }]] = await Promise.all([rows(query.limit, pageOffset(query)), total()]);
  return toPage(items, count, query);
}
