import { Injectable } from '@nestjs/common';

import { AppError } from '../../../common/errors/app-error';
import type { Page } from '../../../common/http/pagination.dto';
import type {
  AccountingReportDetailDto,
  AccountingReportDto,
  AccountingReportListQueryDto,
  AccountingReportQueryDto,
  ReportLineDto,
} from './accounting-reports.dto';
import { AccountingReportRow, AccountingReportsRepository } from './accounting-reports.repository';

export const REPORT_NOT_FOUND = 'Отчёт о реализации не найден';

/** Money as the API answers it: the numeric text parsed at the edge, never computed. */
const rub = (text: string) => Number(text);
const lines = (rows: { type: ReportLineDto['type']; amount: string }[]): ReportLineDto[] =>
  rows.map((row) => ({ type: row.type, amount: rub(row.amount) }));

function report(row: AccountingReportRow): AccountingReportDto {
  return {
    id: row.reportId,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    createDate: row.createDate,
    kind: row.kind,
    totals: {
      retail: rub(row.retail),
      forPay: rub(row.forPay),
      logistics: rub(row.logistics),
      storage: rub(row.storage),
      acceptance: rub(row.acceptance),
      deduction: rub(row.deduction),
      penalty: rub(row.penalty),
      bankPayment: rub(row.bankPayment),
    },
    rowsCount: row.rowsCount,
    state: row.state,
    differences: row.differences.map((difference) => ({
      field: difference.field as AccountingReportDto['differences'][number]['field'],
      reportTotal: rub(difference.reportTotal),
      rowsTotal: rub(difference.rowsTotal),
    })),
    unmappedOperations: row.unmappedOperations,
    detailedAt: row.detailedAt,
  };
}

/** The account's realisation reports with their reconciliation, and one report's P&L lines by type and by product. */
@Injectable()
export class AccountingReportsService {
  constructor(private readonly reports: AccountingReportsRepository) {}

  async list(query: AccountingReportListQueryDto): Promise<Page<AccountingReportDto>> {
    const page = await this.reports.page(query.mpAccountId, query, query);
    return { ...page, items: page.items.map(report) };
  }

  async get(reportId: string, query: AccountingReportQueryDto): Promise<AccountingReportDetailDto> {
    const row = await this.reports.find(query.mpAccountId, reportId);
    if (!row) throw new AppError('NOT_FOUND', REPORT_NOT_FOUND);
    const [byType, byNm] = await Promise.all([
      this.reports.lines(query.mpAccountId, reportId),
      this.reports.byNm(query.mpAccountId, reportId, query),
    ]);
    return {
      ...report(row),
      lines: lines(byType),
      nms: byNm.items.map((nm) => ({ nmId: nm.nmId, units: nm.units, total: rub(nm.total), lines: lines(nm.lines) })),
      nmsTotal: byNm.meta.total,
    };
  }
}
