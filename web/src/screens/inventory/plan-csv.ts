import type { components } from '../../api/schema';

type PlanLine = components['schemas']['InventoryPlanLineDto'];

const HEADER = ['nmID', 'Размер', 'Баркод', 'Склад', 'Продаж в день', 'Остаток', 'В поставках', 'К отправке', 'Причина'];

/** A CSV field: quoted when it holds a separator, a quote or a line break, its quotes doubled. */
const field = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The plan as a CSV a Russian spreadsheet opens as it is (sales a day to two decimals, the barcode a supply is made of): `;` between fields, decimal commas, a BOM so that the
 * Cyrillic is read as UTF-8, CRLF line ends.
 */
export function planCsv(lines: readonly PlanLine[]): string {
  const rows = lines.map((line) => [
    line.nmId,
    line.size,
    line.barcode,
    line.warehouseId,
    String(Math.round(line.velocityPerDay * 100) / 100).replace('.', ','),
    line.stock,
    line.inSupply,
    line.quantity,
    line.reason,
  ]);
  return `\uFEFF${[HEADER, ...rows].map((row) => row.map(field).join(';')).join('\r\n')}\r\n`;
}
