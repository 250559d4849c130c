import type { components } from '../../api/schema';

export type ImportStatus = components['schemas']['DigitizationImportStatusDto'];
type Counts = components['schemas']['ImportCountsDto'];

const TOTALS_LABELS = [
  ['orders', 'Заказы'],
  ['sales', 'Продажи и возвраты'],
  ['report', 'Строки отчёта о реализации'],
] as const;

/** The kinds of data the import wrote, each with its counts, in a fixed order. */
export function totalsRows(totals: ImportStatus['totals']): { label: string; counts: Counts }[] {
  return TOTALS_LABELS.flatMap(([key, label]) => (totals[key] ? [{ label, counts: totals[key] }] : []));
}
