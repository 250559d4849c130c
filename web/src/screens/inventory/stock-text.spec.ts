import { describe, expect, it } from 'vitest';

import { failedSourcesText, warehousesText } from './stock-text';

const warehouse = (warehouseName: string, quantity: number) => ({ warehouseId: 1, warehouseName, kind: 'mp' as const, quantity });

describe('stock texts', () => {
  it('names the warehouses holding most first, and how many more', () => {
    expect(warehousesText([])).toBe('нет на складах');
    expect(warehousesText([warehouse('Казань', 3), warehouse('Коледино', 1200)])).toBe('Коледино 1\u202f200, Казань 3');
    expect(warehousesText([1, 2, 3, 4, 5].map((n) => warehouse(`Склад ${n}`, n)))).toBe('Склад 5 5, Склад 4 4, Склад 3 3 и ещё 2');
  });

  it('says which sources the last sync missed, and nothing when it read all', () => {
    expect(failedSourcesText(null)).toBeNull();
    expect(failedSourcesText({ remains: 'ok', stockReport: 'ok', sellerWarehouses: 'ok' })).toBeNull();
    expect(failedSourcesText({ remains: 'ok', stockReport: 'failed', sellerWarehouses: 'failed' })).toBe(
      'Последняя синхронизация не получила: товары в пути, остатки на своих складах. Показаны данные прошлой удачной синхронизации.',
    );
  });
});
