import { Injectable } from '@nestjs/common';

import { AccountsReader } from '../accounts/accounts.reader';
import { JobDefinition } from './job-definition';
import { QueueService } from './queue.service';

/** The payload of a job of one account; a job a schedule fanned out is marked scheduled, so it gives way to user jobs (spec: Job level). */
export interface AccountJobPayload {
  mpAccountId: string;
  trigger?: 'scheduled';
}

/** The payload check of a job of one account. */
export function isAccountJobPayload(payload: unknown): boolean {
  const candidate = payload as Partial<AccountJobPayload> | null | undefined;
  return typeof candidate?.mpAccountId === 'string' && (candidate.trigger === undefined || candidate.trigger === 'scheduled');
}

/** A schedule's tick over the accounts. */
@Injectable()
export class AccountFanOut {
  constructor(
    private readonly accounts: AccountsReader,
    private readonly queues: QueueService,
  ) {}

  /**
   * One job per active account, or per active account among `among`; an account whose job of this kind is still
   * unfinished is not given a second one.
   */
  async fanOutPerAccount(definition: JobDefinition<AccountJobPayload>, among?: readonly string[]): Promise<{ accounts: number }> {
    const active = await this.accounts.activeIds();
    const accountIds = among ? active.filter((id) => among.includes(id)) : active;
    for (const mpAccountId of accountIds) await this.queues.startOnce(definition, { mpAccountId, trigger: 'scheduled' }, mpAccountId);
    return { accounts: accountIds.length };
  }
}
