import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AccountsReader } from '../../../accounts/accounts.reader';
import type { ImportPart } from '../../../database/schema';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { NOTIFICATION_KINDS } from '../../../shared/notification-kinds';
import { NotificationsService } from '../../notifications/notifications.service';
import { DIGITIZATION_REPORT_JOB } from './import-jobs';
import { saysKeyRejected } from './import-messages';
import { ImportOutcome, reportPeriodOf } from './import-runs';
import { KeyRejectionsRepository } from './key-rejections.repository';

/** The parts an import wrote: a rejection of them met later is news again. */
function importedParts(outcome: ImportOutcome): ImportPart[] {
  return [...(outcome.totals.orders ? ['feeds' as const] : []), ...(outcome.totals.report ? ['report' as const] : [])];
}

/**
 * Spec: Import rule 8, Events. Who an import belongs to, and what they are told when it ends. A rejected key is told
 * once: a scheduled run (the increment tier runs every half hour) that meets the rejection its owner was told of, of
 * the same key and the same part, tells nobody, until the key changes or the part imports again.
 */
@Injectable()
export class ImportNotices {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly accounts: AccountsReader,
    private readonly rejections: KeyRejectionsRepository,
  ) {}

  /** The user who started the import; for a scheduled one, the account's owner. */
  private async ownerOf(data: AccountJobPayload & { userId?: string | null }): Promise<string | undefined> {
    return data.userId ?? (await this.accounts.ownerOf(data.mpAccountId));
  }

  /** An import ended: the parts it imported are told of a rejection again. */
  async imported(job: Job<AccountJobPayload>, outcome: ImportOutcome): Promise<void> {
    await this.rejections.forget(job.data.mpAccountId, importedParts(outcome));
  }

  /** What the import did; a part that failed (the report of a nightly run) makes it a failure notice, unless told before. */
  async finished(job: Job<AccountJobPayload>, outcome: ImportOutcome): Promise<void> {
    const failed = outcome.failed?.report;
    const partly = failed !== undefined && (await this.isNews(job, 'report', failed));
    await this.tell(
      job,
      {
        type: partly ? NOTIFICATION_KINDS.importFailed : NOTIFICATION_KINDS.importFinished,
        title: partly ? 'Импорт завершён не полностью' : 'Импорт завершён',
      },
      outcome.message,
      {
        totals: outcome.totals,
        ...(outcome.failed ? { failed: outcome.failed } : {}),
        ...(outcome.period ? { period: outcome.period } : {}),
      },
    );
  }

  async failed(job: Job<AccountJobPayload>, message: string): Promise<void> {
    if (!(await this.isNews(job, job.name === DIGITIZATION_REPORT_JOB.name ? 'report' : 'feeds', message))) return;
    const period = reportPeriodOf(job);
    await this.tell(job, { type: NOTIFICATION_KINDS.importFailed, title: 'Импорт не завершён' }, message, period ? { period } : {});
  }

  /**
   * Whether a failure is worth telling: anything but a rejected key is; a rejected key is kept as told, and a scheduled
   * run does not tell it again of the same key and part (a user's own import always does).
   */
  private async isNews(job: Job<AccountJobPayload>, part: ImportPart, message: string): Promise<boolean> {
    if (!saysKeyRejected(message)) return true;
    const sealed = await this.accounts.sealedKey(job.data.mpAccountId);
    if (!sealed) return true;
    const first = await this.rejections.remember(job.data.mpAccountId, part, sealed.nonce.toString('hex'));
    return first || job.data.trigger !== 'scheduled';
  }

  private async tell(
    job: Job<AccountJobPayload>,
    notice: { type: string; title: string },
    body: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    const userId = await this.ownerOf(job.data);
    if (!userId) return;
    const payload = { jobId: job.id, mpAccountId: job.data.mpAccountId, ...details };
    await this.notifications.notify(userId, { ...notice, body, payload });
  }
}
