import type { components } from '../../api/schema';
import type { KpiCardSpec } from '../../ui/kpi-card-spec';

type Summary = components['schemas']['AccountingSummaryDto'];

/** The financial summary's money and rates; money to the kopeck, as the P&L below it. */
export const SUMMARY_CARDS: KpiCardSpec<Summary>[] = [
  { indicator: 'revenue', label: 'Выручка', unit: 'kopecks', rise: 'good' },
  { indicator: 'forPay', label: 'К перечислению', unit: 'kopecks', rise: 'good' },
  { indicator: 'cogs', label: 'Себестоимость', unit: 'kopecks', rise: 'neutral' },
  { indicator: 'advertising', label: 'Реклама', unit: 'kopecks', rise: 'bad' },
  { indicator: 'tax', label: 'Налог', unit: 'kopecks', rise: 'neutral' },
  { indicator: 'netProfit', label: 'Чистая прибыль', unit: 'kopecks', rise: 'good' },
  { indicator: 'marginPct', label: 'Маржа', unit: 'percent', rise: 'good' },
  { indicator: 'roiPct', label: 'ROI', unit: 'percent', rise: 'good' },
  { indicator: 'payout', label: 'Выплаты', unit: 'kopecks', rise: 'neutral' },
  { indicator: 'balance', label: 'Баланс на маркетплейсе', unit: 'kopecks', rise: 'good' },
  { indicator: 'unreconciledReports', label: 'Отчёты с расхождением', unit: 'count', rise: 'bad' },
  { indicator: 'costCoveragePct', label: 'Продажи с себестоимостью', unit: 'percent', rise: 'good' },
];

/** The marketplace's costs of the window by kind. */
export const MARKETPLACE_COST_CARDS: KpiCardSpec<Summary['marketplaceCosts']>[] = [
  { indicator: 'commission', label: 'Комиссия', unit: 'kopecks', rise: 'bad' },
  { indicator: 'logistics', label: 'Логистика', unit: 'kopecks', rise: 'bad' },
  { indicator: 'storage', label: 'Хранение', unit: 'kopecks', rise: 'bad' },
  { indicator: 'acceptance', label: 'Приёмка', unit: 'kopecks', rise: 'bad' },
  { indicator: 'penalties', label: 'Штрафы и удержания', unit: 'kopecks', rise: 'bad' },
  { indicator: 'acquiring', label: 'Эквайринг', unit: 'kopecks', rise: 'bad' },
  { indicator: 'otherMp', label: 'Прочее', unit: 'kopecks', rise: 'bad' },
];
