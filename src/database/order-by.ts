import { asc, desc, SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import type { SortDirection } from '../common/http/pagination.dto';

/** ORDER BY the requested column, then a unique tiebreaker so that pages never overlap. */
export function orderBy<F extends string>(
  columns: Record<F, AnyPgColumn>,
  sortBy: F,
  direction: SortDirection,
  tiebreaker: AnyPgColumn,
): SQL[] {
  const order = direction === 'asc' ? asc : desc;
  return [order(columns[sortBy]), order(tiebreaker)];
}
