import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Who did what, on which account, from where. No foreign keys: the log outlives users and accounts. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    mpAccountId: uuid('mp_account_id'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_logs_created_at_idx').on(table.createdAt),
    index('audit_logs_account_created_idx').on(table.mpAccountId, table.createdAt),
    index('audit_logs_user_created_idx').on(table.userId, table.createdAt),
    index('audit_logs_action_created_idx').on(table.action, table.createdAt),
  ],
);
