import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../database/database.tokens';
import { accountSyncStates } from '../database/schema';

export type AccountSyncStateRow = typeof accountSyncStates.$inferSelect;

/** Every query of the per-account sync states; `kind` names the synchronisation (catalog, inbox, imports, ads). */
@Injectable()
export class AccountSyncStatesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  private of(kind: string, accountId: string) {
    return and(eq(accountSyncStates.kind, kind), eq(accountSyncStates.mpAccountId, accountId));
  }

  async find(kind: string, accountId: string): Promise<AccountSyncStateRow | undefined> {
    const [row] = await this.db.select().from(accountSyncStates).where(this.of(kind, accountId));
    return row;
  }

  /** Where the next job goes on, as the kind saved it; null: from the start. */
  async resume<T>(kind: string, accountId: string): Promise<T | null> {
    const [row] = await this.db.select({ resume: accountSyncStates.resume }).from(accountSyncStates).where(this.of(kind, accountId));
    return (row?.resume as T | undefined) ?? null;
  }

  async saveResume(kind: string, accountId: string, resume: unknown): Promise<void> {
    await this.db.update(accountSyncStates).set({ resume }).where(this.of(kind, accountId));
  }

  /** The account's sync is now this job (queued or working). */
  async markRunning(kind: string, accountId: string, jobId: string, message: string): Promise<void> {
    const values = { state: 'running' as const, jobId, message, errorMessage: null, updatedAt: new Date() };
    await this.db
      .insert(accountSyncStates)
      .values({ mpAccountId: accountId, kind, ...values })
      .onConflictDoUpdate({ target: [accountSyncStates.mpAccountId, accountSyncStates.kind], set: values });
  }

  /**
   * A job finished these parts: their times always move on; the state turns idle only when the status still shows
   * this job (a user sync queued meanwhile keeps it running).
   */
  async markFinished(kind: string, accountId: string, jobId: string, parts: string[], message: string): Promise<void> {
    const now = new Date();
    const times = Object.fromEntries(parts.map((part) => [part, now.toISOString()]));
    const shown = sql`${accountSyncStates.jobId} = ${jobId}`;
    await this.db
      .insert(accountSyncStates)
      .values({ mpAccountId: accountId, kind, state: 'idle', jobId, message, lastSyncedAt: times, updatedAt: now })
      .onConflictDoUpdate({
        target: [accountSyncStates.mpAccountId, accountSyncStates.kind],
        set: {
          lastSyncedAt: sql`${accountSyncStates.lastSyncedAt} || ${JSON.stringify(times)}::jsonb`,
          updatedAt: now,
          state: sql`CASE WHEN ${shown} THEN 'idle' ELSE ${accountSyncStates.state} END`,
          message: sql`CASE WHEN ${shown} THEN ${message} ELSE ${accountSyncStates.message} END`,
          errorMessage: sql`CASE WHEN ${shown} THEN NULL ELSE ${accountSyncStates.errorMessage} END`,
        },
      });
  }

  /** A job failed for good: the status shows the error if it still shows this job. */
  async markFailed(kind: string, accountId: string, jobId: string, errorMessage: string): Promise<void> {
    await this.db
      .update(accountSyncStates)
      .set({ state: 'error', errorMessage, message: null, updatedAt: new Date() })
      .where(and(this.of(kind, accountId), eq(accountSyncStates.jobId, jobId)));
  }
}
