import type { RnpFlag, RnpItemStatus } from '../../../database/schema/rnp';
import type { PulseCellsDto, PulseMatrixDto, PulseRowDto } from './pulse-matrix.dto';

/** What Russian Excel opens as UTF-8 with columns: a byte order mark, `;` between fields, CRLF between lines. */
const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE = '\r\n';

const FLAG_NAMES: Record<RnpFlag, string> = {
  oos_risk: 'Риск нехватки',
  drr_over_target: 'ДРР выше цели',
  below_plan: 'Ниже плана',
  bad_reviews: 'Плохие отзывы',
  price_changed: 'Цена изменилась',
};

const STATUS_NAMES: Record<RnpItemStatus, string> = {
  liquidation: 'Распродажа',
  action: 'Акция',
  monitoring: 'Наблюдение',
  completed: 'Завершено',
  paused: 'Пауза',
};

type Column = [header: string, value: (row: PulseRowDto, cells: PulseCellsDto, index: number) => string | number | null | undefined];

const COLUMNS: Column[] = [
  ['Артикул WB', (row) => row.nmId],
  ['Артикул продавца', (row) => row.vendorCode],
  ['Название', (row) => row.title],
  ['Бренд', (row) => row.brand],
  ['Статус', (row) => row.plan && STATUS_NAMES[row.plan.status]],
  ['План заказов в день', (row) => row.plan?.planOrdersPerDay],
  ['Плановая цена, ₽', (row) => row.plan?.planPrice],
  ['Целевой ДРР, %', (row) => row.plan?.targetDrrPct],
  ['Период', (_row, cells, index) => cells.period[index]],
  ['Переходы в карточку', (_row, cells, index) => cells.opens[index]],
  ['Добавления в корзину', (_row, cells, index) => cells.cartAdds[index]],
  ['Заказы, шт.', (_row, cells, index) => cells.ordersQty[index]],
  ['Заказы, ₽', (_row, cells, index) => cells.ordersSum[index]],
  ['Выкупы, шт.', (_row, cells, index) => cells.buyoutsQty[index]],
  ['Выкупы, ₽', (_row, cells, index) => cells.buyoutsSum[index]],
  ['Отмены, шт.', (_row, cells, index) => cells.cancelsQty[index]],
  ['Отмены, ₽', (_row, cells, index) => cells.cancelsSum[index]],
  ['Конверсия в корзину, %', (_row, cells, index) => cells.addToCartPct[index]],
  ['Конверсия в заказ, %', (_row, cells, index) => cells.cartToOrderPct[index]],
  ['Выкуп, %', (_row, cells, index) => cells.buyoutPct[index]],
  ['Расход на рекламу, ₽', (_row, cells, index) => cells.adSpend[index]],
  ['Показы', (_row, cells, index) => cells.adViews[index]],
  ['Клики', (_row, cells, index) => cells.adClicks[index]],
  ['CTR, %', (_row, cells, index) => cells.ctrPct[index]],
  ['Цена клика, ₽', (_row, cells, index) => cells.cpc[index]],
  ['ДРР, %', (_row, cells, index) => cells.drrPct[index]],
  ['Цена, ₽', (_row, cells, index) => cells.price[index]],
  ['Остаток, шт.', (_row, cells, index) => cells.stock[index]],
  ['Дней запаса', (_row, cells, index) => cells.daysOfCover[index]],
  ['Средняя оценка', (_row, cells, index) => cells.rating[index]],
  ['Отзывы на 1–2 звезды', (_row, cells, index) => cells.badReviews[index]],
  ['План заказов, шт.', (_row, cells, index) => cells.planOrders[index]],
  ['Выполнение плана, %', (_row, cells, index) => cells.planCompletionPct[index]],
  ['Отметки', (_row, cells, index) => cells.flags[index].map((flag) => FLAG_NAMES[flag]).join(', ')],
  [
    'Заказы по данным',
    (_row, cells, index) =>
      cells.ordersSource[index] === 'funnel' ? 'воронка' : cells.ordersSource[index] === 'orders' ? 'импорт заказов' : '',
  ],
];

/**
 * A field as Excel reads it back: a number with a decimal comma; text quoted when it holds the separator, a quote or
 * a line break, and kept from being read as a formula.
 */
function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The matrix as a CSV file: a line per SKU and day (or week), Russian headers. */
export function pulseCsv(matrix: PulseMatrixDto): string {
  const lines = [COLUMNS.map(([header]) => header).join(SEPARATOR)];
  for (const row of matrix.items)
    for (let index = 0; index < row.cells.period.length; index += 1)
      lines.push(COLUMNS.map(([, value]) => field(value(row, row.cells, index))).join(SEPARATOR));
  return BOM + lines.join(LINE) + LINE;
}
