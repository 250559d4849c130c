import { Inject, Injectable } from '@nestjs/common';
import { count, eq } from 'drizzle-orm';

import { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { repricerRuns } from '../../../database/schema';
import type { RepricerOutcome, RepricerTrigger } from '../../../database/schema/repricer';
import type { Executor } from '../../../database/transaction';

export type RepricerRunRow = typeof repricerRuns.$inferSelect;

export interface RunFinish {
  outcome: RepricerOutcome;
  changed: number;
  skipped: number;
  taskIds: number[];
  errorText?: string;
  avgChangePct?: string;
}

const SORT_COLUMNS = { startedAt: repricerRuns.startedAt };

export interface RepricerRunListFilter extends SortedPageRequest<keyof typeof SORT_COLUMNS> {
  mpAccountId: string;
}

const RUN_ITEM = {
  id: repricerRuns.id,
  trigger: repricerRuns.trigger,
  outcome: repricerRuns.outcome,
  changed: repricerRuns.changed,
  skipped: repricerRuns.skipped,
  errorText: repricerRuns.errorText,
  taskIds: repricerRuns.taskIds,
  startedAt: repricerRuns.startedAt,
  finishedAt: repricerRuns.finishedAt,
};

/** The run log. */
@Injectable()
export class RepricerRunsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async startRun(mpAccountId: string, trigger: RepricerTrigger, userId: string | undefined): Promise<string> {
    const [row] = await this.db.insert(repricerRuns).values({ mpAccountId, trigger, userId }).returning({ id: repricerRuns.id });
    return row.id;
  }

  /** Marks the run finished; inside the transaction that writes its history when it changed prices. */
  async finishRun(runId: string, finish: RunFinish, db: Executor = this.db): Promise<void> {
    await db
      .update(repricerRuns)
      .set({ ...finish, errorText: finish.errorText ?? null, avgChangePct: finish.avgChangePct ?? null, finishedAt: new Date() })
      .where(eq(repricerRuns.id, runId));
  }

  /** What the run has applied so far, written with each accepted upload's history: a run cut short keeps it. */
  async recordProgress(runId: string, progress: Pick<RunFinish, 'changed' | 'taskIds'>, db: Executor): Promise<void> {
    await db.update(repricerRuns).set(progress).where(eq(repricerRuns.id, runId));
  }

  findRunPage(query: RepricerRunListFilter): Promise<Page<Omit<RepricerRunRow, 'mpAccountId' | 'avgChangePct' | 'userId'>>> {
    const where = eq(repricerRuns.mpAccountId, query.mpAccountId);
    return sortedPage(
      query,
      { columns: SORT_COLUMNS, tiebreaker: repricerRuns.id },
      this.db.select(RUN_ITEM).from(repricerRuns).where(where).$dynamic(),
      this.db.select({ total: count() }).from(repricerRuns).where(where),
    );
  }
}
