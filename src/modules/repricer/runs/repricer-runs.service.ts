import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import { Page } from '../../../common/http/pagination.dto';
import type { BulkItem } from '../../../database/schema/pricing';
import type { RepricerTrigger } from '../../../database/schema/repricer';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { PriceChangesRepository } from '../../pricing/price-changes.repository';
import { PriceUploader, UPLOAD_MAX_ITEMS, UploadOutcome } from '../../pricing/price-upload';
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

/** One upload the marketplace accepted, to be recorded. */
interface AcceptedUpload {
  runId: string;
  mpAccountId: string;
  userId: string | undefined;
  chunk: PriceDecision[];
  prices: BulkItem[];
  taskId: number;
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
    private readonly uploader: PriceUploader,
    private readonly priceChanges: PriceChangesRepository,
    private readonly lock: RepricerRunLock,
  ) {}

  /** POST /repricer/run: items make it an API run (brands and metrics known); without them a manual run. */
  async runNow(user: AuthenticatedUser, body: RepricerRunCreateDto): Promise<RepricerRunResultDto> {
    const trigger: RepricerTrigger = body.items ? 'api' : 'manual';
    return (await this.lock.withLock(body.mpAccountId, 'user', () =>
      this.run(body.mpAccountId, trigger, user.id, body.items),
    )) as RepricerRunResultDto;
  }

  /** A scheduled run: no brands, no metrics; it gives way to a run already going and ends skipped. */
  async runScheduled(mpAccountId: string): Promise<RepricerRunResultDto | { skipped: 'account-busy' }> {
    return (
      (await this.lock.withLock(mpAccountId, 'scheduled', () => this.run(mpAccountId, 'schedule', undefined, undefined))) ?? {
        skipped: 'account-busy',
      }
    );
  }

  /** Active accounts that have an active rule: the ones a scheduled tick runs. */
  accountsToRun(): Promise<string[]> {
    return this.repository.accountsWithActiveRules();
  }

  async listRuns(query: RepricerRunListQueryDto): Promise<Page<RepricerRunItemResponseDto>> {
    return this.repository.findRunPage(query);
  }

  /**
   * Spec: Engine rule 3, Errors. The changes go out in uploads of at most 1000, each recorded (history with the source
   * repricer, snapshot, the run's counters) as soon as the marketplace accepts it, so that what was applied stays
   * recorded when a later upload fails or the process dies. The marketplace rejecting an upload ends the run with
   * the error outcome; a rejected key, the marketplace down or a token wait over the ceiling is logged the same way
   * and answered as the error it is (502, 502, 429).
   */
  private async run(
    mpAccountId: string,
    trigger: RepricerTrigger,
    userId: string | undefined,
    items: RepricerRunItemDto[] | undefined,
  ): Promise<RepricerRunResultDto> {
    const runId = await this.repository.startRun(mpAccountId, trigger, userId);
    const book = await this.ruleIndex.forAccount(mpAccountId);
    const tally: RunTally = { skipped: 0 };
    const applied: Applied = { changed: 0, changePctSum: 0, taskIds: [] };
    const chunks = changeChunks(
      (after, limit) => this.repository.pricedProductsAfter(mpAccountId, after, limit),
      book,
      items,
      UPLOAD_MAX_ITEMS,
      tally,
    );
    // An error ends the run before the catalog is read through: what was not applied counts as skipped.
    const ended = async (errorText?: string): Promise<RunFinish> => ({
      outcome: errorText === undefined ? (applied.changed ? 'success' : 'no_changes') : 'error',
      changed: applied.changed,
      skipped: errorText === undefined ? tally.skipped : (await this.repository.pricedProductCount(mpAccountId)) - applied.changed,
      taskIds: applied.taskIds,
      errorText,
      avgChangePct: applied.changed ? (applied.changePctSum / applied.changed).toFixed(2) : undefined,
    });
    // One recording in flight while the next upload goes out, and the next chunk read and decided meanwhile: the
    // writes and reads overlap the uploads and their token waits. Both are awaited before they count; until then a
    // failure of theirs must not count as unhandled.
    let recording: Promise<void> = Promise.resolve();
    let next = chunks.next();
    for (;;) {
      const { value: chunk, done } = await next;
      if (done) break;
      next = chunks.next();
      next.catch(() => undefined);
      const prices = chunk.map(({ nmId, newPrice }) => ({ nmID: nmId, price: newPrice }));
      let outcome: UploadOutcome;
      try {
        outcome = await this.uploader.upload(mpAccountId, prices);
      } catch (error) {
        await recording;
        if (error instanceof MarketplaceCallError) await this.finish(runId, await ended(error.message));
        throw error;
      }
      await recording;
      if (!outcome.accepted) return this.finish(runId, await ended(outcome.errorText));
      recording = this.record({ runId, mpAccountId, userId, chunk, prices, taskId: outcome.taskId }, applied);
      recording.catch(() => undefined);
    }
    await recording;
    return this.finish(runId, await ended());
  }

  /** An accepted upload: its history and snapshot, and the run's counters, in one transaction. */
  private async record(upload: AcceptedUpload, applied: Applied): Promise<void> {
    const { runId, mpAccountId, userId, chunk, prices, taskId } = upload;
    await this.repository.transaction(async (tx) => {
      await this.priceChanges.writeAccepted(tx, { mpAccountId, items: prices, taskId, source: 'repricer', userId, repricerRunId: runId });
      await this.repository.recordProgress(runId, { changed: applied.changed + chunk.length, taskIds: [...applied.taskIds, taskId] }, tx);
    });
    applied.changed += chunk.length;
    applied.changePctSum += chunk.reduce((sum, change) => sum + changePct(change), 0);
    applied.taskIds.push(taskId);
  }

  private async finish(runId: string, finish: RunFinish): Promise<RepricerRunResultDto> {
    await this.repository.finishRun(runId, finish);
    return {
      runId,
      outcome: finish.outcome,
      changed: finish.changed,
      skipped: finish.skipped,
      taskIds: finish.taskIds,
      errorText: finish.errorText,
    };
  }
}
