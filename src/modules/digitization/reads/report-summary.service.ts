import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import { AppError } from '../../../common/errors/app-error';
import type { DigitizationReportSummaryDto, DigitizationReportSummaryQueryDto } from './report-summary.dto';
import { ReportSummaryRepository } from './report-summary.repository';

@Injectable()
export class ReportSummaryService {
  constructor(private readonly repository: ReportSummaryRepository) {}

  async summary({ accountId }: DataScope, { dateFrom, dateTo }: DigitizationReportSummaryQueryDto): Promise<DigitizationReportSummaryDto> {
    if (dateTo < dateFrom) throw new AppError('BAD_REQUEST', 'Дата окончания периода раньше даты начала');
    const totals = await this.repository.totals({ accountId, dateFrom, dateTo });
    return { dateFrom, dateTo, currency: 'RUB', updatedAt: new Date(), ...totals };
  }
}
