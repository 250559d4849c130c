import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { AccountsReader } from '../../mp-accounts/accounts.reader';
import { NotificationsService } from '../../notifications/notifications.service';
import type { ImportOutcome } from './import-runs';

/** Spec: Import rule 8, Events. Who an import belongs to, and what they are told when it ends. */
@Injectable()
export class ImportNotices {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly accounts: AccountsReader,
  ) {}

  /** The user who started the import; for a scheduled one, the account's owner. */
  async ownerOf(data: AccountJobPayload & { userId?: string | null }): Promise<string | undefined> {
    return data.userId ?? (await this.accounts.ownerOf(data.mpAccountId));
  }

  async finished(job: Job<AccountJobPayload>, outcome: ImportOutcome): Promise<void> {
    await this.tell(job, { type: 'import.finished', title: 'Импорт завершён', body: outcome.message, totals: outcome.totals });
  }

  async failed(job: Job<AccountJobPayload>, message: string): Promise<void> {
    await this.tell(job, { type: 'import.failed', title: 'Импорт не завершён', body: message });
  }

  private async tell(job: Job<AccountJobPayload>, notice: { type: string; title: string; body: string; totals?: object }): Promise<void> {
    const userId = await this.ownerOf(job.data);
    if (!userId) return;
    const payload = { jobId: job.id, mpAccountId: job.data.mpAccountId, ...(notice.totals ? { totals: notice.totals } : {}) };
    await this.notifications.notify(userId, { type: notice.type, title: notice.title, body: notice.body, payload });
  }
}
