import { and, asc, eq } from 'drizzle-orm';

import type { Database } from '../../src/database/database.tokens';
import { auditLogs } from '../../src/database/schema';

/** The audit records of an account, oldest first. */
export function auditRecordsOf(db: Database, mpAccountId: string): Promise<(typeof auditLogs.$inferSelect)[]> {
  return db.select().from(auditLogs).where(eq(auditLogs.mpAccountId, mpAccountId)).orderBy(auditLogs.createdAt);
}

/** The audit records of one action about one entity (a draft, a complaint), oldest first. */
export function auditRecordsOfEntity(db: Database, action: string, entityId: string): Promise<(typeof auditLogs.$inferSelect)[]> {
  return db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId)))
    .orderBy(asc(auditLogs.createdAt));
}
