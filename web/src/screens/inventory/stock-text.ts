import { number } from '@shared/format';

import type { StockItem } from './inventory-queries';

/** The sources of the last sync in the seller's words, those that failed only: their data is of an earlier sync. */
const SOURCE_NAMES: Record<keyof NonNullable<StockItem['source']>, string> = {
  remains: 'остатки по складам WB',
  stockReport: 'товары в пути',
  sellerWarehouses: 'остатки на своих складах',
};

/** What the last sync could not read, or null when it read everything. */
export function failedSourcesText(source: StockItem['source']): string | null {
  if (!source) return null;
  const failed = (Object.keys(SOURCE_NAMES) as (keyof typeof SOURCE_NAMES)[]).filter((key) => source[key] === 'failed');
  if (!failed.length) return null;
  return `Последняя синхронизация не получила: ${failed.map((key) => SOURCE_NAMES[key]).join(', ')}. Показаны данные прошлой удачной синхронизации.`;
}

/** The warehouses holding the stock, most first: «Коледино 12, Казань 3 и ещё 2». */
export function warehousesText(warehouses: StockItem['warehouses'], shown = 3): string {
  if (!warehouses.length) return 'нет на складах';
  const sorted = [...warehouses].sort((a, b) => b.quantity - a.quantity);
  const named = sorted.slice(0, shown).map((warehouse) => `${warehouse.warehouseName} ${number(warehouse.quantity)}`);
  const rest = sorted.length - shown;
  return rest > 0 ? `${named.join(', ')} и ещё ${rest}` : named.join(', ');
}
