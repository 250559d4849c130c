import { Inject, Injectable } from '@nestjs/common';

import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AccountFanOut } from '../../../queue/account-fan-out';
import { SKIPPED_ACCOUNT_BUSY } from '../../../queue/account-jobs';
import { JobHandler } from '../../../queue/job-handler.decorator';
import { QueueService } from '../../../queue/queue.service';
import { AB_ROTATION_RUN_JOB, AB_ROTATION_SCHEDULE, AbRotationPayload } from './ab-rotation.job-definitions';
import { AbRotationRepository } from './ab-rotation.repository';
import { AbRotationService, RotationOutcome } from './ab-rotation.service';
import { AbRotationLock } from './ab-rotation-lock';

/** The outcomes after which the card is read back once the marketplace has had its time to apply the photo. */
const SENT: readonly RotationOutcome[] = ['began', 'switched', 'resumed'];
/** A little past the wait, so that the read-back run finds it over. */
const VERIFY_MARGIN_MS = 1000;

@Injectable()
export class AbRotationJobs {
  constructor(
    private readonly rotation: AbRotationService,
    private readonly repository: AbRotationRepository,
    private readonly lock: AbRotationLock,
    private readonly fanOut: AccountFanOut,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(AB_ROTATION_SCHEDULE)
  async schedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(AB_ROTATION_RUN_JOB, await this.repository.accountsWithWork());
  }

  /**
   * A run under the account's rotation lock (a scheduled one finding it busy is skipped; the next tick comes in 5
   * minutes); after a switch a run of that test is queued for when the card should show it.
   */
  @JobHandler(AB_ROTATION_RUN_JOB)
  async run(payload: AbRotationPayload): Promise<Record<string, RotationOutcome> | typeof SKIPPED_ACCOUNT_BUSY> {
    const { mpAccountId, testId, userId } = payload;
    const trigger = payload.trigger === 'scheduled' ? 'scheduled' : 'user';
    const only = testId ? { testId, actor: userId ? { userId } : ('system' as const) } : undefined;
    const outcomes = await this.lock.withLock(mpAccountId, trigger, () => this.rotation.runAccount(mpAccountId, only));
    if (outcomes === SKIPPED_ACCOUNT_BUSY) return outcomes;
    for (const [id, outcome] of Object.entries(outcomes as Record<string, RotationOutcome>))
      if (SENT.includes(outcome))
        await this.queues.enqueue(
          AB_ROTATION_RUN_JOB,
          { mpAccountId, testId: id },
          { delay: this.config.abTests.verifyMs + VERIFY_MARGIN_MS },
        );
    return outcomes;
  }
}
