import { Page, PaginationQueryDto } from './pagination.dto';

export function pageOffset(query: Pick<PaginationQueryDto, 'page' | 'limit'>): number {
  return (query.page - 1) * query.limit;
}

/** The one builder of the list envelope {items, meta}. */
export function toPage<T>(items: T[], total: number, query: Pick<PaginationQueryDto, 'page' | 'limit'>): Page<T> {
  const totalPages = Math.ceil(total / query.limit);
  return {
    items,
    meta: { total, page: query.page, limit: query.limit, totalPages, hasNext: query.page < totalPages, hasPrev: query.page > 1 },
  };
}
