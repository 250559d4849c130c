import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { shiftDay } from '../../../common/time/calendar-days';
import { marketplaceInstant, moscowToday } from '../../../common/time/moscow-time';
import { CallOptions, MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { adSpendHistory } from '../../../marketplace/endpoints/advert';
import { accountBalance, SalesReportListItem, salesReportsList } from '../../../marketplace/endpoints/finance';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { reportProgress } from '../../../queue/job-progress';
import { ReportWalker } from '../../digitization/imports/report-walker';
import { PnlWeeksRepository } from '../pnl/pnl-weeks.repository';
import { AccountingReportsRepository, ListedReport } from '../reports/accounting-reports.repository';
import type { AdCharge } from '../reports/ad-spend-ledger.statements';

/** Reports asked for at a time (reference 12.1: at most 1000). */
const LIST_PAGE = 1000;
/** Reference 12.5: the ad spend history is asked for at most 31 days at a time. */
const AD_SPEND_DAYS = 31;

export type AccountingSyncStep = 'list' | 'details' | 'ads' | 'balance' | 'done';

/** Where a sync stands, kept in the job's data after every step and page: a delayed, retried or taken-over job goes on from here. */
export interface AccountingSyncCheckpoint {
  /** The period, fixed when the sync began (a scheduled one's default moves with the day). */
  dateFrom: string;
  dateTo: string;
  step: AccountingSyncStep;
  listOffset: number;
  /** The first day of the ad spend window not yet written. */
  adsFrom: string;
  counts: AccountingSyncCounts;
}

export interface AccountingSyncCounts {
  listed: number;
  /** Reports whose rows were read from the marketplace. */
  fetched: number;
  /** Reports whose rows the imports had already stored and that add up: not read again. */
  reused: number;
  reconciled: number;
  mismatched: number;
  adCharges: number;
}

/** A user's sync names its period; a scheduled one takes the default. */
export interface AccountingSyncPayload extends AccountJobPayload {
  dateFrom?: string;
  dateTo?: string;
  checkpoint?: AccountingSyncCheckpoint;
}

/** Spec default of the accounting sync: the last 90 Moscow days, today included. */
export const ACCOUNTING_SYNC_DAYS = 90;

export function defaultSyncPeriod(now: Date): { dateFrom: string; dateTo: string } {
  const today = moscowToday(now);
  return { dateFrom: shiftDay(today, 1 - ACCOUNTING_SYNC_DAYS), dateTo: today };
}

/** A listed report as stored: its sums as the list writes them (reference 12.1), the whole item kept to see a change. */
export function listedReport(item: SalesReportListItem): ListedReport {
  return {
    reportId: item.reportId,
    kind: 'weekly',
    dateFrom: item.dateFrom,
    dateTo: item.dateTo,
    createDate: item.createDate,
    retail: item.retailAmountSum,
    forPay: item.forPaySum,
    logistics: item.deliveryServiceSum,
    storage: item.paidStorageSum,
    acceptance: item.paidAcceptanceSum,
    deduction: item.deductionSum,
    penalty: item.penaltySum,
    additionalPayment: item.additionalPaymentSum,
    bankPayment: item.bankPaymentSum,
    listItem: item as unknown as Record<string, unknown>,
  };
}

/** The ad spend history's charges by campaign and Moscow day, in kopecks; a charge without a time goes to the window's last day. */
export function adCharges(rows: { advertId: number; updTime: string | null; updSum: number }[], windowTo: string): AdCharge[] {
  return rows.map((row) => ({
    advertId: row.advertId,
    day: row.updTime ? moscowToday(new Date(marketplaceInstant(row.updTime))) : windowTo,
    kopecks: row.updSum * 100,
  }));
}

/**
 * An account's accounting sync (README: Accounting): the weekly realisation reports of the period listed; each new or
 * changed one read (its rows stored beside the imports' — the same rows by rrdId — unless the stored ones already add
 * up to it), reconciled and turned into ledger rows; the ad spend history into advertising rows; the balance; the
 * P&L's weeks.
 */
@Injectable()
export class AccountingSyncWalker {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly reports: AccountingReportsRepository,
    private readonly reportRows: ReportWalker,
    private readonly pnlWeeks: PnlWeeksRepository,
  ) {}

  async walk(job: Job<AccountingSyncPayload>): Promise<AccountingSyncCounts> {
    const accountId = job.data.mpAccountId;
    const period =
      job.data.dateFrom && job.data.dateTo ? { dateFrom: job.data.dateFrom, dateTo: job.data.dateTo } : defaultSyncPeriod(new Date());
    let checkpoint: AccountingSyncCheckpoint = job.data.checkpoint ?? {
      ...period,
      step: 'list',
      listOffset: 0,
      adsFrom: period.dateFrom,
      counts: { listed: 0, fetched: 0, reused: 0, reconciled: 0, mismatched: 0, adCharges: 0 },
    };
    const save = async (next: AccountingSyncCheckpoint) => {
      checkpoint = next;
      await job.updateData({ ...job.data, checkpoint });
      await reportProgress(job, { phase: 'running', message: progressMessage(next), counters: { ...next.counts } });
    };
    const options: CallOptions = { accountId, onLongWait: 'delay-job' };
    const { dateFrom, dateTo } = checkpoint;

    while (checkpoint.step === 'list') {
      const page =
        (await this.client.call(salesReportsList, options, { dateFrom, dateTo, limit: LIST_PAGE, offset: checkpoint.listOffset })).body ??
        [];
      await this.reports.saveListed(accountId, page.map(listedReport));
      const counts = { ...checkpoint.counts, listed: checkpoint.counts.listed + page.length };
      const last = page.length < LIST_PAGE;
      await save({ ...checkpoint, counts, listOffset: checkpoint.listOffset + page.length, step: last ? 'details' : 'list' });
    }

    while (checkpoint.step === 'details') {
      const [reportId] = await this.reports.unsettled(accountId, dateFrom, dateTo);
      if (reportId === undefined) {
        await save({ ...checkpoint, step: 'ads' });
        break;
      }
      const reused = await this.reports.storedRowsReconcile(accountId, reportId);
      if (!reused) await this.reportRows.walkReport(job, accountId, reportId);
      const report = await this.reports.reconcile(accountId, reportId);
      const { counts } = checkpoint;
      await save({
        ...checkpoint,
        counts: {
          ...counts,
          reused: counts.reused + (reused ? 1 : 0),
          fetched: counts.fetched + (reused ? 0 : 1),
          reconciled: counts.reconciled + (report?.state === 'reconciled' ? 1 : 0),
          mismatched: counts.mismatched + (report?.state === 'mismatch' ? 1 : 0),
        },
      });
    }

    while (checkpoint.step === 'ads') {
      const windowTo = [shiftDay(checkpoint.adsFrom, AD_SPEND_DAYS - 1), dateTo].sort()[0];
      const rows = (await this.client.call(adSpendHistory, options, { from: checkpoint.adsFrom, to: windowTo })).body;
      const charges = adCharges(rows, windowTo);
      await this.reports.replaceAdSpend(accountId, checkpoint.adsFrom, windowTo, charges);
      const counts = { ...checkpoint.counts, adCharges: checkpoint.counts.adCharges + rows.length };
      const next = shiftDay(windowTo, 1);
      await save({ ...checkpoint, counts, adsFrom: next, step: next > dateTo ? 'balance' : 'ads' });
    }

    if (checkpoint.step === 'balance') {
      const balance = (await this.client.call(accountBalance, options)).body;
      // JSON numbers of at most 2 decimals: their shortest text is the decimal the marketplace wrote.
      const { currency, current, for_withdraw: forWithdraw } = balance;
      await this.reports.saveBalance(accountId, { currency, current: String(current), forWithdraw: String(forWithdraw) });
      await save({ ...checkpoint, step: 'done' });
    }
    // The weeks the new ledger rows changed summed now, so that the first P&L by SKU after a sync reads them ready.
    await this.pnlWeeks.refresh(accountId);
    return checkpoint.counts;
  }
}

function progressMessage(checkpoint: AccountingSyncCheckpoint): string {
  const { listed, fetched, reused } = checkpoint.counts;
  if (checkpoint.step === 'list') return `Получено отчётов о реализации: ${listed}`;
  if (checkpoint.step === 'details') return `Сверено отчётов: ${fetched + reused} из ${listed}`;
  if (checkpoint.step === 'ads') return 'Получаем списания за рекламу';
  return 'Получаем баланс';
}
