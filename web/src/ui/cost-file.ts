import type { CostItem } from '../api/cost-queries';
import { checkCost, checkDay } from './cost-bounds';
import type { FileLine } from './FileLinesPreview';
import { nmIdOf } from './nm-id';
import { type FileTable, namedColumns } from './table-file';

/** One line of a cost file: the item to save, or the reason it is left out. */
export type CostRow = FileLine<CostItem>;

const COLUMNS = { nmID: ['nmid'], costPrice: ['costprice', 'себестоимость'], validFrom: ['validfrom', 'дата'] } as const;

/** The lines of a table whose first line names nmID, costPrice (or «себестоимость») and validFrom (or «дата»), any case. */
export const costLines = (table: FileTable) =>
  namedColumns(
    table,
    COLUMNS,
    ['nmID', 'costPrice'],
    'В первой строке файла должны быть столбцы nmID, costPrice (или «себестоимость») и validFrom (или «дата», можно не заполнять)',
  );

const dayKey = (item: CostItem) => `${item.nmId}|${item.validFrom}`;

/**
 * Every line checked: the nmID, the cost price and the day (empty: `today`) read as the service takes them, and no card
 * has the same day twice (the service would refuse the whole upload). A line that fails keeps its first reason.
 */
export function checkCostLines(lines: ReturnType<typeof costLines>, today: string): CostRow[] {
  const checked = lines.map((line): CostRow => {
    const base = { line: line.line, nmID: line.nmID };
    const nmId = nmIdOf(line.nmID);
    if (nmId === null) return { ...base, reason: 'nmID — целое положительное число' };
    const cost = checkCost(line.costPrice);
    if (!cost.ok) return { ...base, reason: cost.error };
    const day = checkDay(line.validFrom, today);
    if (!day.ok) return { ...base, reason: day.error };
    return { ...base, item: { nmId, costPrice: cost.value, validFrom: day.value } };
  });
  const linesOfDay = new Map<string, number[]>();
  for (const { item, line } of checked) if (item) linesOfDay.set(dayKey(item), [...(linesOfDay.get(dayKey(item)) ?? []), line]);
  return checked.map((row) => {
    const repeated = row.item && linesOfDay.get(dayKey(row.item));
    if (!repeated || repeated.length < 2) return row;
    // Which of the lines the seller meant is not ours to guess: none of them is saved.
    return { line: row.line, nmID: row.nmID, reason: `nmID и дата повторяются в строках ${repeated.join(', ')}` };
  });
}
