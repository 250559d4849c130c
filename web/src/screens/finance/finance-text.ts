import { kopecksAsRoubles } from '@shared/format';

import type { components } from '../../api/schema';

export type Report = components['schemas']['AccountingReportDto'];
export type ReportState = Report['state'];
export type TotalsField = keyof Report['totals'];
export type LedgerType = components['schemas']['LedgerTransactionDto']['type'];
export type LedgerSource = components['schemas']['LedgerTransactionDto']['source'];
export type TaxRegime = components['schemas']['AccountingSettingsDto']['taxRegime'];

/** The ledger's operation types as the seller reads them. */
export const LEDGER_TYPE_TEXT: Record<LedgerType, string> = {
  sale: 'Продажи',
  return: 'Возвраты',
  commission: 'Комиссия',
  logistics: 'Логистика',
  storage: 'Хранение',
  acceptance: 'Платная приёмка',
  penalty: 'Штрафы',
  deduction: 'Удержания',
  compensation: 'Компенсации',
  acquiring: 'Эквайринг',
  loyalty: 'Программа лояльности',
  advertising: 'Реклама',
  payout: 'Выплаты',
  cogs: 'Себестоимость',
  packaging: 'Упаковка',
  fulfilment: 'Фулфилмент',
  tax: 'Налог',
  other: 'Прочее',
};

const LEDGER_ORDER = Object.keys(LEDGER_TYPE_TEXT) as LedgerType[];

/** Lines by ledger type in the order a P&L reads them: sales and returns first, then the marketplace's costs, then the seller's. */
export const inLedgerOrder = <L extends { type: LedgerType }>(lines: readonly L[]): L[] =>
  [...lines].sort((a, b) => LEDGER_ORDER.indexOf(a.type) - LEDGER_ORDER.indexOf(b.type));

export const LEDGER_SOURCE_TEXT: Record<LedgerSource, string> = {
  mp_report: 'Отчёт о реализации',
  mp_ads: 'Реклама маркетплейса',
  manual: 'Вручную',
};

export const TAX_REGIME_TEXT: Record<TaxRegime, string> = {
  none: 'Без налога',
  usn_income: 'УСН «доходы»',
  usn_income_expense: 'УСН «доходы минус расходы»',
  osno: 'ОСНО',
};

export const REPORT_KIND_TEXT: Record<Report['kind'], string> = { weekly: 'Еженедельный', daily: 'Ежедневный' };

/** A report's reconciliation as a badge: its words and colour. */
export const REPORT_STATE_BADGE: Record<ReportState, { label: string; color: string }> = {
  listed: { label: 'Получен список', color: 'gray' },
  detailed: { label: 'Строки получены', color: 'blue' },
  reconciled: { label: 'Сверен', color: 'green' },
  mismatch: { label: 'Расхождение', color: 'red' },
};

/** A report's totals by name, in the order the report gives them. */
export const TOTALS_TEXT: Record<TotalsField, string> = {
  retail: 'Продажи',
  forPay: 'К перечислению за товар',
  logistics: 'Логистика',
  storage: 'Хранение',
  acceptance: 'Платная приёмка',
  deduction: 'Удержания',
  penalty: 'Штрафы',
  bankPayment: 'Итого к оплате',
};

/** Roubles with kopecks as whole kopecks: a JSON number with at most 2 decimals, read without float error. */
const kopecksOf = (roubles: number) => Math.round(roubles * 100);

/** One difference of a mismatched report as the seller reads it: the total, «в отчёте», «по строкам» and the gap between them. */
export interface DifferenceLine {
  field: string;
  reportTotal: string;
  rowsTotal: string;
  difference: string;
}

/** A mismatched report's differences, field by field, the gap counted in kopecks (report minus rows). */
export function differenceLines(differences: Report['differences']): DifferenceLine[] {
  return differences.map((difference) => ({
    field: TOTALS_TEXT[difference.field],
    reportTotal: kopecksAsRoubles(kopecksOf(difference.reportTotal)),
    rowsTotal: kopecksAsRoubles(kopecksOf(difference.rowsTotal)),
    difference: kopecksAsRoubles(kopecksOf(difference.reportTotal) - kopecksOf(difference.rowsTotal)),
  }));
}
