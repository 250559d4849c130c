import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { Page } from '../../../common/http/pagination.dto';
import type { BulkItem } from '../../../database/schema/pricing';
import type { RepricerTrigger } from '../../../database/schema/repricer';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { SKIPPED_ACCOUNT_BUSY } from '../../../queue/account-jobs';
import { AuditService } from '../../audit/audit.service';
import { CatalogReader } from '../../catalog/products/catalog.reader';
import { PriceChanges } from '../../pricing/price-changes';
import { UPLOAD_MAX_ITEMS } from '../../pricing/price-upload';
import type { PriceDecision } from './repricer-engine';
import { RepricerRuleIndex } from './repricer-rule-index';
import { changeChunks, RunTally } from './repricer-run-changes';
import { RepricerRunLock } from './repricer-run-lock';
import {
  RepricerRunCreateDto,
  RepricerRunItemDto,
  RepricerRunItemResponseDto,
  RepricerRunListQueryDto,
  RepricerRunResultDto,
} from './repricer-runs.dto';
import { RepricerRunsRepository, RunFinish } from './repricer-runs.repository';

/** Relative change of each price, percent: summed per run, averaged over what was applied. */
function changePct(change: PriceDecision): number {
  return ((change.newPrice - change.oldPrice) * 100) / change.oldPrice;
}

/** The decided changes as uploads of prices; each upload's summed percent change is kept by its index. */
async function* uploadsOf(decided: AsyncIterable<PriceDecision[]>, pctSums: number[]): AsyncGenerator<BulkItem[]> {
  for await (const chunk of decided) {
    pctSums.push(chunk.reduce((sum, change) => sum + changePct(change), 0));
    yield chunk.map(({ nmId, newPrice }) => ({ nmID: nmId, price: newPrice }));
  }
}

/** A run a user started: audited as `repricer.run` when it ends. */
interface RunActor {
  userId: string;
  meta: RequestMeta;
}

/** What a run has applied so far: the accepted uploads. */
interface Applied {
  changed: number;
  changePctSum: number;
  taskIds: number[];
}

@Injectable()
export class RepricerRunsService {
  constructor(
    private readonly repository: RepricerRunsRepository,
    private readonly ruleIndex: RepricerRuleIndex,
    private readonly priceChanges: PriceChanges,
    private readonly lock: RepricerRunLock,
    private readonly catalog: CatalogReader,
    private readonly audit: AuditService,
  ) {}

  /** POST /repricer/run: items make it an API run (brands and metrics known); without them a manual run. Audited. */
  async runNow(user: AuthenticatedUser, body: RepricerRunCreateDto, meta: RequestMeta): Promise<RepricerRunResultDto> {
    const trigger: RepricerTrigger = body.items ? 'api' : 'manual';
    return (await this.lock.withLock(body.mpAccountId, 'user', () =>
      this.run(body.mpAccountId, trigger, { userId: user.id, meta }, body.items),
    )) as RepricerRunResultDto;
  }

  /** A scheduled run: no brands, no metrics; it gives way to a run already going and ends skipped. */
  runScheduled(mpAccountId: string): Promise<RepricerRunResultDto | typeof SKIPPED_ACCOUNT_BUSY> {
    return this.lock.withLock(mpAccountId, 'scheduled', () => this.run(mpAccountId, 'schedule', undefined, undefined));
  }

  async listRuns(query: RepricerRunListQueryDto): Promise<Page<RepricerRunItemResponseDto>> {
    return this.repository.findRunPage(query);
  }

  /**
   * Spec: Engine rule 3, Errors. The changes go out through pricing in uploads of at most 1000, each recorded (history
   * with the source repricer, snapshot, the run's counters) as soon as the marketplace accepts it, so that what was
   * applied stays recorded when a later upload fails or the process dies. The marketplace rejecting an upload ends the
   * run with the error outcome; a rejected key, the marketplace down or a token wait over the ceiling is logged the
   * same way and answered as the error it is (502, 502, 429).
   */
  private async run(
    mpAccountId: string,
    trigger: RepricerTrigger,
    actor: RunActor | undefined,
    items: RepricerRunItemDto[] | undefined,
  ): Promise<RepricerRunResultDto> {
    const userId = actor?.userId;
    const runId = await this.repository.startRun(mpAccountId, trigger, userId);
    const book = await this.ruleIndex.forAccount(mpAccountId);
    const tally: RunTally = { skipped: 0 };
    const applied: Applied = { changed: 0, changePctSum: 0, taskIds: [] };
    // The percent change of each upload, by its index, summed when it is recorded.
    const pctSums: number[] = [];
    const decided = changeChunks(
      (after, limit) => this.catalog.pricedProductsAfter(mpAccountId, after, limit),
      book,
      items,
      UPLOAD_MAX_ITEMS,
      tally,
    );
    // An error ends the run before the catalog is read through: what was not applied counts as skipped.
    const ended = async (errorText?: string): Promise<RunFinish> => ({
      outcome: errorText === undefined ? (applied.changed ? 'success' : 'no_changes') : 'error',
      changed: applied.changed,
      skipped: errorText === undefined ? tally.skipped : (await this.catalog.pricedProductCount(mpAccountId)) - applied.changed,
      taskIds: applied.taskIds,
      errorText,
      avgChangePct: applied.changed ? (applied.changePctSum / applied.changed).toFixed(2) : undefined,
    });
    let results;
    try {
      results = await this.priceChanges.apply(mpAccountId, uploadsOf(decided, pctSums), {
        origin: { source: 'repricer', userId, repricerRunId: runId },
        stopAtRejection: true,
        record: async (tx, { index, items: prices, outcome }) => {
          if (!outcome.accepted) return;
          await this.repository.recordProgress(
            runId,
            { changed: applied.changed + prices.length, taskIds: [...applied.taskIds, outcome.taskId] },
            tx,
          );
          applied.changed += prices.length;
          applied.changePctSum += pctSums[index];
          applied.taskIds.push(outcome.taskId);
        },
      });
    } catch (error) {
      if (error instanceof MarketplaceCallError) await this.finish(runId, await ended(error.message), mpAccountId, trigger, actor);
      throw error;
    }
    const last = results.at(-1)?.outcome;
    return this.finish(runId, await ended(last && !last.accepted ? last.errorText : undefined), mpAccountId, trigger, actor);
  }

  private async finish(
    runId: string,
    finish: RunFinish,
    mpAccountId: string,
    trigger: RepricerTrigger,
    actor: RunActor | undefined,
  ): Promise<RepricerRunResultDto> {
    await this.repository.finishRun(runId, finish);
    const result = {
      runId,
      outcome: finish.outcome,
      changed: finish.changed,
      skipped: finish.skipped,
      taskIds: finish.taskIds,
      errorText: finish.errorText,
    };
    if (actor) {
      const details = { trigger, outcome: result.outcome, changed: result.changed, skipped: result.skipped, errorText: result.errorText };
      await this.audit.record({
        action: 'repricer.run',
        userId: actor.userId,
        mpAccountId,
        entityType: 'repricer-run',
        entityId: runId,
        details,
        meta: actor.meta,
      });
    }
    return result;
  }
}
