import { Injectable, Module } from '@nestjs/common';
import type { Job } from 'bullmq';

import { MarketplaceClient } from '../../src/marketplace/client/marketplace-client';
import { goodsList } from '../../src/marketplace/endpoints/prices';
import { AccountJobs } from '../../src/queue/account-jobs';
import { defineJob } from '../../src/queue/job-definition';
import { JobHandler } from '../../src/queue/job-handler.decorator';

/** A long sync job of one account, as the catalog and import modules declare theirs. */
export const ACCOUNT_SYNC_TEST_JOB = defineJob<{ accountId: string }>({
  name: 'test.account-sync',
  queue: 'test-account-sync',
  attempts: 1,
});
/** The same with retries, to show that an error no retry can cure ends it at once. */
export const ACCOUNT_SYNC_RETRIED_TEST_JOB = defineJob<{ accountId: string }>({
  name: 'test.account-sync-retried',
  queue: 'test-account-sync',
  attempts: 3,
  backoffMs: 100,
});

@Injectable()
class AccountSyncTestJobs {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly accounts: AccountJobs,
  ) {}

  private sync(job: Job, accountId: string) {
    return this.accounts.withLease(job, accountId, async () => {
      const answer = await this.client.request({
        accountId,
        scope: 'prices',
        method: 'GET',
        path: goodsList.path,
        query: { limit: 1 },
        onLongWait: 'delay-job',
      });
      return { status: answer.status };
    });
  }

  @JobHandler(ACCOUNT_SYNC_TEST_JOB)
  run(payload: { accountId: string }, job: Job) {
    return this.sync(job, payload.accountId);
  }

  @JobHandler(ACCOUNT_SYNC_RETRIED_TEST_JOB)
  runRetried(payload: { accountId: string }, job: Job) {
    return this.sync(job, payload.accountId);
  }
}

@Module({ providers: [AccountSyncTestJobs] })
export class AccountJobTestModule {}
