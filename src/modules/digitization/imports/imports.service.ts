import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import { AppError } from '../../../common/errors/app-error';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import type { JobDefinition } from '../../../queue/job-definition';
import { QueueService } from '../../../queue/queue.service';
import { DIGITIZATION_IMPORT_JOB, DIGITIZATION_NIGHTLY_JOB, DIGITIZATION_QUEUE, DIGITIZATION_REPORT_JOB, IMPORT_JOBS } from './import-jobs';
import { ImportNotices } from './import-notices';
import { checkReportPeriod } from './import-period';
import type {
  DigitizationImportStartDto,
  DigitizationImportStartedDto,
  DigitizationImportStatusDto,
  FinancialReportImportStartDto,
} from './imports.dto';
import { ImportsRepository } from './imports.repository';

const JOB_NOT_FOUND = 'Задача импорта не найдена';

/** Spec: Import routes. Starts imports (one of each kind per account at a time) and shows their jobs to their owners. */
@Injectable()
export class ImportsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: QueueService,
    private readonly notices: ImportNotices,
    private readonly repository: ImportsRepository,
  ) {}

  async startFeeds(user: AuthenticatedUser, body: DigitizationImportStartDto): Promise<DigitizationImportStartedDto> {
    await this.refuseDuringNightly(body.mpAccountId);
    return this.queues.startOnce(
      DIGITIZATION_IMPORT_JOB,
      { mpAccountId: body.mpAccountId, userId: user.id, dateFrom: body.dateFrom },
      body.mpAccountId,
    );
  }

  async startReport(user: AuthenticatedUser, body: FinancialReportImportStartDto): Promise<DigitizationImportStartedDto> {
    checkReportPeriod(body, this.config.reports.maxPeriodDays);
    await this.refuseDuringNightly(body.mpAccountId);
    const payload = { mpAccountId: body.mpAccountId, userId: user.id, dateFrom: body.dateFrom, dateTo: body.dateTo };
    return this.queues.startOnce(DIGITIZATION_REPORT_JOB, payload, body.mpAccountId);
  }

  /** The job's owner (who started it; the account owner for a scheduled one) and admins see it; anyone else gets 404. */
  async status(user: AuthenticatedUser, jobId: string): Promise<DigitizationImportStatusDto> {
    const job = await this.queues.queue(DIGITIZATION_QUEUE).getJob(jobId);
    const definition = IMPORT_JOBS.find((candidate) => candidate.name === job?.name) as JobDefinition<unknown> | undefined;
    if (!job || !definition) throw AppError.notFound(JOB_NOT_FOUND);
    if (user.role !== 'admin' && (await this.notices.ownerOf(job.data as AccountJobPayload)) !== user.id)
      throw AppError.notFound(JOB_NOT_FOUND);
    const status = await this.queues.status(definition, jobId);
    if (!status) throw AppError.notFound(JOB_NOT_FOUND);
    const checkpoints = await this.repository.checkpoints(jobId);
    const totals = Object.fromEntries(
      checkpoints.map(({ feed, inserted, updated, unchanged }) => [feed, { inserted, updated, unchanged }]),
    );
    return { ...status, totals };
  }

  /** Spec: Import rule 5. While the nightly digitisation of the account is unfinished, manual imports wait for it. */
  private async refuseDuringNightly(accountId: string): Promise<void> {
    const nightly = await this.queues.queue(DIGITIZATION_QUEUE).getDeduplicationJobId(`${DIGITIZATION_NIGHTLY_JOB.name}|${accountId}`);
    if (nightly) throw new AppError('CONFLICT', 'Идёт ночной импорт этого кабинета: ручной импорт можно запустить после его окончания');
  }
}
