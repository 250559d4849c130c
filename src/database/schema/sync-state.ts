import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { mpAccounts } from './accounts';

export type SyncState = 'idle' | 'running' | 'error';

/**
 * Where one kind of synchronisation of an account stands (catalog now; inbox, imports and ads alike): the state its
 * last job left, when each of its parts last finished, and where the next job goes on (the kind's own shape).
 */
export const accountSyncStates = pgTable(
  'account_sync_states',
  {
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    state: text('state').$type<SyncState>().notNull().default('idle'),
    jobId: text('job_id'),
    message: text('message'),
    errorMessage: text('error_message'),
    /** Part of the sync (e.g. cards, prices) → when it last finished, ISO time. */
    lastSyncedAt: jsonb('last_synced_at').$type<Record<string, string>>().notNull().default({}),
    /** Where the next job goes on, in the kind's own shape; null: from the start. */
    resume: jsonb('resume'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.mpAccountId, table.kind] })],
);
