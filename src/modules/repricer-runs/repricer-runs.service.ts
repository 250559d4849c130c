import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Page } from '../../common/http/pagination.dto';
import { MarketplaceCallError } from '../../marketplace/client/marketplace-errors';
import type { RepricerTrigger } from '../../database/schema/repricer';
import { PriceChangesRepository } from '../pricing/price-changes.repository';
import { chunksOf } from '../pricing/price-math';
import { PriceUploader, UPLOAD_MAX_ITEMS } from '../pricing/price-upload';
import { decidePrices, EngineProduct, PriceDecision } from './repricer-engine';
import { RepricerRuleIndex } from './repricer-rule-index';
import { RepricerRunLock } from './repricer-run-lock';
import { RepricerRunCreateDto, RepricerRunItemDto, RepricerRunItemResponseDto, RepricerRunListQueryDto, RepricerRunResultDto } from './repricer-runs.dto';
import { RepricerRunsRepository, RunFinish } from './repricer-runs.repository';

const UPLOAD_FAILED = 'Маркетплейс не принял загрузку цен';

/** Average relative change of the changed prices, percent with two decimals. */
function averageChangePct(changes: PriceDecision[]): string {
  const sum = changes.reduce((total, change) => total + ((change.newPrice - change.oldPrice) * 100) / change.oldPrice, 0);
  return (sum / changes.length).toFixed(2);
}

function withRunContext(products: { nmId: number; price: number }[], items: RepricerRunItemDto[] | undefined): EngineProduct[] {
  if (!items) return products;
  const known = new Map(items.map((item) => [item.nmId, item]));
  return products.map((product) => {
    const item = known.get(product.nmId);
    return item ? { ...product, brand: item.brand, metrics: item.metrics } : product;
  });
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
    return (await this.lock.withLock(body.mpAccountId, 'user', () => this.run(body.mpAccountId, trigger, user.id, body.items))) as RepricerRunResultDto;
  }

  /** A scheduled run: no brands, no metrics; it gives way to a run already going and ends skipped. */
  async runScheduled(mpAccountId: string): Promise<RepricerRunResultDto | { skipped: 'account-busy' }> {
    return (await this.lock.withLock(mpAccountId, 'scheduled', () => this.run(mpAccountId, 'schedule', undefined, undefined))) ?? { skipped: 'account-busy' };
  }

  /** Active accounts that have an active rule: the ones a scheduled tick runs. */
  accountsToRun(): Promise<string[]> {
    return this.repository.accountsWithActiveRules();
  }

  async listRuns(query: RepricerRunListQueryDto): Promise<Page<RepricerRunItemResponseDto>> {
    return this.repository.findRunPage(query);
  }

  private async run(mpAccountId: string, trigger: RepricerTrigger, userId: string | undefined, items: RepricerRunItemDto[] | undefined): Promise<RepricerRunResultDto> {
    const runId = await this.repository.startRun(mpAccountId, trigger, userId);
    const [rules, products] = await Promise.all([this.ruleIndex.forAccount(mpAccountId), this.repository.pricedProducts(mpAccountId)]);
    const { changes, skipped } = decidePrices(withRunContext(products, items), rules);
    if (!changes.length) return this.finish(runId, { outcome: 'no_changes', changed: 0, skipped, taskIds: [] });

    // Spec: Engine rule 3. Every chunk goes out before anything is recorded, so a rejection leaves no history.
    const chunks = chunksOf(changes, UPLOAD_MAX_ITEMS);
    const taskIds: number[] = [];
    for (const chunk of chunks) {
      const errorText = await this.upload(mpAccountId, chunk, taskIds);
      if (errorText !== undefined) return this.finish(runId, { outcome: 'error', changed: 0, skipped: skipped + changes.length, taskIds, errorText });
    }
    const finish: RunFinish = { outcome: 'success', changed: changes.length, skipped, taskIds, avgChangePct: averageChangePct(changes) };
    await this.repository.transaction(async (tx) => {
      for (const [index, chunk] of chunks.entries()) {
        const items = chunk.map(({ nmId, newPrice }) => ({ nmID: nmId, price: newPrice }));
        await this.priceChanges.writeAccepted(tx, { mpAccountId, items, taskId: taskIds[index], source: 'repricer', userId, repricerRunId: runId });
      }
      await this.repository.finishRun(runId, finish, tx);
    });
    return { runId, outcome: 'success', changed: finish.changed, skipped, taskIds };
  }

  /** Sends one chunk; its task id joins taskIds when accepted, otherwise the answer is the error text. */
  private async upload(mpAccountId: string, chunk: PriceDecision[], taskIds: number[]): Promise<string | undefined> {
    try {
      const outcome = await this.uploader.upload(mpAccountId, chunk.map(({ nmId, newPrice }) => ({ nmID: nmId, price: newPrice })));
      if (!outcome.accepted) return outcome.errorText;
      taskIds.push(outcome.taskId);
      return undefined;
    } catch (error) {
      if (error instanceof MarketplaceCallError) return error.message || UPLOAD_FAILED;
      throw error;
    }
  }

  private async finish(runId: string, finish: RunFinish): Promise<RepricerRunResultDto> {
    await this.repository.finishRun(runId, finish);
    return { runId, outcome: finish.outcome, changed: finish.changed, skipped: finish.skipped, taskIds: finish.taskIds, errorText: finish.errorText };
  }
}
