import { SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import type { KpiWindow } from './kpi-window';

/** The condition of a summary's SQL that a timestamp falls in the window [from, to). */
export function inWindow(column: AnyPgColumn, window: KpiWindow): SQL {
  return sql`${column} >= ${window.from.toISOString()} AND ${column} < ${window.to.toISOString()}`;
}
