import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import { AppError } from '../../../common/errors/app-error';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { waitsForAccount } from '../../../queue/account-jobs';
import { JobStatus, QueueService } from '../../../queue/queue.service';
import { DIGITIZATION_IMPORT_JOB, DIGITIZATION_NIGHTLY_JOB, DIGITIZATION_REPORT_JOB } from './import-jobs';
import { checkReportPeriod } from './import-period';
import type { ImportOutcome } from './import-runs';
import type {
  DigitizationImportStartDto,
  DigitizationImportStartedDto,
  DigitizationImportStatusDto,
  FinancialReportImportStartDto,
} from './imports.dto';
import { ImportsRepository } from './imports.repository';

/** Spec: Import routes. Starts imports (one of each kind per account at a time) and adds their totals to their status. */
@Injectable()
export class ImportsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: QueueService,
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

  /** The job's status with what each feed wrote so far. */
  async withTotals(status: JobStatus): Promise<DigitizationImportStatusDto> {
    const checkpoints = await this.repository.checkpoints(status.jobId);
    const totals = Object.fromEntries(
      checkpoints.map(({ feed, inserted, updated, unchanged }) => [feed, { inserted, updated, unchanged }]),
    );
    return { ...status, result: status.result as ImportOutcome | null, totals };
  }

  /**
   * Spec: Import rule 5. While the nightly digitisation of the account runs, manual imports wait for it; one that waits
   * for its busy account between tries has not started, and holds nothing back.
   */
  private async refuseDuringNightly(accountId: string): Promise<void> {
    const nightly = await this.queues.unfinished(DIGITIZATION_NIGHTLY_JOB, accountId);
    if (nightly && !(await waitsForAccount(nightly)))
      throw new AppError('CONFLICT', 'Идёт ночной импорт этого кабинета: ручной импорт можно запустить после его окончания');
  }
}
