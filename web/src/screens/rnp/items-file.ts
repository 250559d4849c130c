import { kopecksOfRoubles } from '@shared/money';

import { checkDay } from '../../ui/cost-bounds';
import type { FileLine } from '../../ui/FileLinesPreview';
import { nmIdOf } from '../../ui/nm-id';
import { type FileTable, namedColumns, TableFileError } from '../../ui/table-file';
import { STATUS_TEXT } from './pulse-text';
import type { ItemStatus, RnpItemInput } from './rnp-queries';

/** POST /rnp/product-lists/:id/items takes at most this many items (rnp-lists.dto.ts). */
const RNP_ITEMS_MAX = 1000;

/** One line of a file of list items: the item to add, or the reason it is left out. */
export type ItemRow = FileLine<RnpItemInput>;

const COLUMNS = {
  nmID: ['nmid', 'артикул'],
  status: ['status', 'статус'],
  planOrdersPerDay: ['planordersperday', 'план заказов в день'],
  planPrice: ['planprice', 'плановая цена'],
  targetDrrPct: ['targetdrrpct', 'целевой дрр'],
  manager: ['manager', 'менеджер'],
  comment: ['comment', 'комментарий'],
  dateFrom: ['datefrom', 'начало'],
  dateTo: ['dateto', 'конец'],
} as const;

/** The columns a file may have, in the words the upload's help names them. */
export const ITEM_COLUMNS_HELP =
  'nmID (или «артикул»); можно добавить: статус, план заказов в день, плановая цена, целевой ДРР, менеджер, комментарий, начало, конец';

/** The lines of a table whose first line names nmID and any of the plan's columns, any case; at most RNP_ITEMS_MAX of them. */
export function itemLines(table: FileTable) {
  const lines = namedColumns(table, COLUMNS, ['nmID'], `В первой строке файла должны быть названия столбцов: ${ITEM_COLUMNS_HELP}`);
  if (lines.length > RNP_ITEMS_MAX) throw new TableFileError(`В файле больше ${RNP_ITEMS_MAX} товаров: разделите его на части`);
  return lines;
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const STATUSES = Object.keys(STATUS_TEXT) as ItemStatus[];

/** A status as its code or its Russian name, any case; empty is «наблюдение». */
function checkStatus(text: string): Checked<ItemStatus> {
  const typed = text.trim().toLowerCase();
  if (!typed) return { ok: true, value: 'monitoring' };
  const status = STATUSES.find((each) => each === typed || STATUS_TEXT[each].toLowerCase() === typed);
  return status ? { ok: true, value: status } : { ok: false, error: `Статус — ${STATUSES.map((each) => STATUS_TEXT[each]).join(', ')}` };
}

/** A whole number within the service's bounds (rnp-lists.dto.ts); empty is none. */
function checkWhole(text: string, min: number, max: number, error: string): Checked<number | null> {
  const typed = text.trim().replace(/\s/g, '');
  if (!typed) return { ok: true, value: null };
  const value = Number(typed);
  return /^\d+$/.test(typed) && value >= min && value <= max ? { ok: true, value } : { ok: false, error };
}

/** A percentage with a comma or a dot and at most two decimals, 0 to 100; empty is none. */
function checkPercent(text: string): Checked<number | null> {
  if (!text.trim()) return { ok: true, value: null };
  const hundredths = kopecksOfRoubles(text.trim());
  return hundredths !== null && hundredths <= 10_000
    ? { ok: true, value: hundredths / 100 }
    : { ok: false, error: 'Целевой ДРР — процент от 0 до 100, до 2 знаков после запятой' };
}

/** A day as YYYY-MM-DD or DD.MM.YYYY; empty is none. */
function checkOptionalDay(text: string): Checked<string | null> {
  return text.trim() ? checkDay(text, '') : { ok: true, value: null };
}

const TEXT_BOUNDS = { manager: 100, comment: 500 } as const;

function checkLine(line: ReturnType<typeof itemLines>[number]): ItemRow {
  const base = { line: line.line, nmID: line.nmID };
  const nmId = nmIdOf(line.nmID);
  if (nmId === null) return { ...base, reason: 'nmID — целое положительное число' };
  const checks = {
    status: checkStatus(line.status),
    planOrdersPerDay: checkWhole(line.planOrdersPerDay, 0, 1_000_000, 'План заказов в день — целое число от 0 до 1 000 000'),
    planPrice: checkWhole(line.planPrice, 1, 10_000_000, 'Плановая цена — целые рубли от 1 до 10 000 000'),
    targetDrrPct: checkPercent(line.targetDrrPct),
    dateFrom: checkOptionalDay(line.dateFrom),
    dateTo: checkOptionalDay(line.dateTo),
  };
  const failed = Object.values(checks).find((check) => !check.ok);
  if (failed && !failed.ok) return { ...base, reason: failed.error };
  const value = <T>(check: Checked<T>) => (check as { value: T }).value;
  const [dateFrom, dateTo] = [value(checks.dateFrom), value(checks.dateTo)];
  if (dateFrom && dateTo && dateTo < dateFrom) return { ...base, reason: 'Конец плана раньше начала' };
  if (line.manager.length > TEXT_BOUNDS.manager) return { ...base, reason: `Менеджер — до ${TEXT_BOUNDS.manager} символов` };
  if (line.comment.length > TEXT_BOUNDS.comment) return { ...base, reason: `Комментарий — до ${TEXT_BOUNDS.comment} символов` };
  return {
    ...base,
    item: {
      nmId,
      status: value(checks.status),
      planOrdersPerDay: value(checks.planOrdersPerDay),
      planPrice: value(checks.planPrice),
      targetDrrPct: value(checks.targetDrrPct),
      manager: line.manager,
      comment: line.comment,
      dateFrom,
      dateTo,
    },
  };
}

/** Every line checked as the service takes it; an nmID on several lines is left out on all of them (the service would refuse the whole add). */
export function checkItemLines(lines: ReturnType<typeof itemLines>): ItemRow[] {
  const checked = lines.map(checkLine);
  const linesOf = new Map<number, number[]>();
  for (const { item, line } of checked) if (item) linesOf.set(item.nmId, [...(linesOf.get(item.nmId) ?? []), line]);
  return checked.map((row) => {
    const repeated = row.item && linesOf.get(row.item.nmId);
    if (!repeated || repeated.length < 2) return row;
    return { line: row.line, nmID: row.nmID, reason: `nmID повторяется в строках ${repeated.join(', ')}` };
  });
}
