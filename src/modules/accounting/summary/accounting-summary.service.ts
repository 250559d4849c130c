import { Injectable } from '@nestjs/common';

import { AccountsReader } from '../../../accounts/accounts.reader';
import type { DataScope } from '../../../common/auth/data-scope';
import { kpiDelta, KpiPeriod, KpiWindow, kpiWindows } from '../../../common/kpi/kpi-window';
import { shiftDay } from '../../../common/time/calendar-days';
import { PnlRepository } from '../pnl/pnl.repository';
import { figures, PnlService } from '../pnl/pnl.service';
import type { AccountingMarketplaceCostsDto, AccountingSummaryDto } from './accounting-summary.dto';
import { AccountingSummaryRepository } from './accounting-summary.repository';

const COSTS = ['commission', 'logistics', 'storage', 'acceptance', 'penalties', 'acquiring', 'otherMp'] as const;
const MONEY = ['revenue', 'forPay', 'advertising', 'cogs', 'tax', 'netProfit', 'payout'] as const;

type Money = Record<(typeof MONEY)[number] | (typeof COSTS)[number], number>;

/** A KPI window's days as the ledger's days: [from, to) of UTC days, written as calendar days. */
function daysOf(window: KpiWindow): { dateFrom: string; dateTo: string } {
  const dateFrom = window.from.toISOString().slice(0, 10);
  return { dateFrom, dateTo: shiftDay(window.to.toISOString().slice(0, 10), -1) };
}

/** The financial summary: the P&L's totals of the window and the one before, with the reports, payouts and balance. */
@Injectable()
export class AccountingSummaryService {
  constructor(
    private readonly pnl: PnlService,
    private readonly pnlRows: PnlRepository,
    private readonly repository: AccountingSummaryRepository,
    private readonly accounts: AccountsReader,
  ) {}

  async summary(scope: DataScope, period: KpiPeriod): Promise<AccountingSummaryDto> {
    const { current, previous } = kpiWindows(period);
    const [now, before, state, since] = await Promise.all([
      this.window(scope, current),
      this.window(scope, previous),
      this.repository.state(scope.accountId),
      this.accounts.connectedAt(scope.accountId),
    ]);
    // As every summary: a previous window before the account was connected holds only part of its data.
    const comparable = since !== null && since.getTime() <= previous.from.getTime();
    const delta = (name: keyof Money) => (comparable ? kpiDelta(now.money[name], before.money[name]) : null);
    const marketplaceCosts = Object.fromEntries(
      COSTS.flatMap((name) => [
        [name, now.money[name]],
        [`${name}Delta`, delta(name)],
      ]),
    ) as unknown as AccountingMarketplaceCostsDto;
    const money = Object.fromEntries(
      MONEY.flatMap((name) => [
        [name, now.money[name]],
        [`${name}Delta`, delta(name)],
      ]),
    );
    return {
      period,
      currency: 'RUB',
      ...(money as Pick<AccountingSummaryDto, (typeof MONEY)[number] | `${(typeof MONEY)[number]}Delta`>),
      marketplaceCosts,
      marginPct: now.totals.marginPct,
      roiPct: now.totals.roiPct,
      balance: state.balance === null ? null : Number(state.balance),
      unreconciledReports: state.unreconciledReports,
      costCoveragePct: now.totals.costCoveragePct,
      updatedAt: state.updatedAt,
    };
  }

  private async window(scope: DataScope, window: KpiWindow) {
    const days = daysOf(window);
    const q = await this.pnl.pnlQuery(scope, days);
    const [report, extra] = await Promise.all([
      this.pnlRows.report(q, 'nm', { page: 1, limit: 1 }),
      this.repository.money(scope.accountId, days.dateFrom, days.dateTo),
    ]);
    const totals = figures(report.totals);
    const money: Money = { ...totals, forPay: Number(extra.forPay), payout: Number(extra.payout) };
    return { totals, money };
  }
}
