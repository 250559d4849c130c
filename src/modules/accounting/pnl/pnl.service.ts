import { Inject, Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import { toPage } from '../../../common/http/pagination';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AccountingSettingsRepository } from '../settings/accounting-settings.repository';
import type { PnlFiguresDto, PnlQueryDto, PnlReportDto, PnlTracedRowDto, PnlTraceDto, PnlTraceQueryDto } from './pnl.dto';
import { PnlFiguresRow, PnlRepository } from './pnl.repository';
import type { PnlQuery } from './pnl.sql';
import { checkPnlPeriod, keyFilter } from './pnl-lines';
import { PnlTraceRepository, TracedRow } from './pnl-trace.repository';

const nullable = (value: string | null) => (value === null ? null : Number(value));

/** Figures as the API answers them: the numeric text parsed at the edge, never computed. */
export function figures(row: PnlFiguresRow): PnlFiguresDto {
  return {
    revenue: Number(row.revenue),
    returns: Number(row.returns),
    cogs: Number(row.cogs),
    commission: Number(row.commission),
    logistics: Number(row.logistics),
    storage: Number(row.storage),
    acceptance: Number(row.acceptance),
    penalties: Number(row.penalties),
    acquiring: Number(row.acquiring),
    otherMp: Number(row.otherMp),
    advertising: Number(row.advertising),
    tax: Number(row.tax),
    operatingProfit: Number(row.operatingProfit),
    netProfit: Number(row.netProfit),
    marginPct: nullable(row.marginPct),
    roiPct: nullable(row.roiPct),
    costCoveragePct: nullable(row.costCoveragePct),
  };
}

function traced(row: TracedRow): PnlTracedRowDto {
  return {
    ...row,
    nmId: row.nmId === null ? null : Number(row.nmId),
    amount: Number(row.amount),
    contribution: Number(row.contribution),
    costPrice: nullable(row.costPrice),
  };
}

/** The P&L of an account over Moscow days, and the ledger rows behind each of its figures. */
@Injectable()
export class PnlService {
  constructor(
    private readonly repository: PnlRepository,
    private readonly traces: PnlTraceRepository,
    private readonly settings: AccountingSettingsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The query of a period within the scope, with the account's tax settings (none without them). */
  async pnlQuery(scope: DataScope, period: { dateFrom: string; dateTo: string }): Promise<PnlQuery> {
    checkPnlPeriod(period, this.config.reports.maxPeriodDays);
    const settings = await this.settings.find(scope.accountId);
    return { ...scope, ...period, taxRegime: settings?.taxRegime ?? 'none', taxRatePct: settings?.taxRatePct ?? '0' };
  }

  async report(scope: DataScope, query: PnlQueryDto): Promise<PnlReportDto> {
    const q = await this.pnlQuery(scope, query);
    const rows = await this.repository.report(q, query.groupBy, query);
    const page = toPage(
      rows.items.map((row) => ({ key: row.key, ...figures(row) })),
      rows.total,
      query,
    );
    return {
      ...page,
      totals: figures(rows.totals),
      unallocated: rows.unallocated && figures(rows.unallocated),
      taxDifference: Number(rows.taxDifference),
    };
  }

  async trace(scope: DataScope, query: PnlTraceQueryDto): Promise<PnlTraceDto> {
    const filter = keyFilter(query.groupBy, query.key);
    const q = await this.pnlQuery(scope, query);
    const found = await this.traces.trace(q, filter, query.field, query);
    return { ...toPage(found.rows.map(traced), found.total, query), figure: Number(found.figure) };
  }
}
