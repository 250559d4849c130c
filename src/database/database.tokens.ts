import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

import * as schema from './schema';

export const DATABASE = Symbol('DATABASE');
export const PG_POOL = Symbol('PG_POOL');

export type Database = NodePgDatabase<typeof schema>;
