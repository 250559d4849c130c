import { describe, expect, it } from 'vitest';

import {
  firstSizeGroup,
  inWayRows,
  remainsStockRows,
  remainsWarehouseNames,
  sellerStockRows,
  sizesByChrtId,
} from './inventory-sync.mapping';

const remains = [
  {
    nmId: 1,
    barcode: '2000000000011',
    techSize: 'M',
    warehouses: [
      { warehouseName: 'В пути до получателей', quantity: 4 },
      { warehouseName: 'В пути возвраты на склад WB', quantity: 1 },
      { warehouseName: 'Всего находится на складах', quantity: 12 },
      { warehouseName: 'Коледино', quantity: 10 },
      { warehouseName: 'Казань', quantity: 2 },
    ],
  },
  { nmId: 1, barcode: '2000000000012', techSize: 'M', warehouses: [{ warehouseName: 'Коледино', quantity: 3 }] },
  { nmId: 2, barcode: '', techSize: '0', warehouses: [{ warehouseName: 'Казань', quantity: 0 }] },
];

const sizes = sizesByChrtId([
  { nmId: 1, sizes: [{ chrtID: 11, techSize: 'M', skus: ['2000000000011'] }] },
  { nmId: 2, sizes: [{ chrtID: 20, techSize: '0', skus: [] }] },
]);

describe('inventory sync mapping', () => {
  it('remains: warehouse names without the pseudo-entries; quantities by size and warehouse id, barcodes of one size added up', () => {
    expect(remainsWarehouseNames(remains)).toEqual(['Коледино', 'Казань']);
    const ids = new Map([
      ['Коледино', 1_000_000_001],
      ['Казань', 1_000_000_002],
    ]);
    expect(remainsStockRows(remains, ids)).toEqual([
      { nmId: 1, techSize: 'M', barcode: '2000000000011', warehouseId: 1_000_000_001, warehouseName: 'Коледино', quantity: 13 },
      { nmId: 1, techSize: 'M', barcode: '2000000000011', warehouseId: 1_000_000_002, warehouseName: 'Казань', quantity: 2 },
    ]);
  });

  it('stocks report: in-way units per catalog size whatever the warehouse (-999999 included); unknown sizes counted', () => {
    const row = { warehouseId: -999999, warehouseName: 'Склад WB', regionName: 'Склад WB', quantity: 5 };
    expect(
      inWayRows(
        [
          { ...row, nmId: 1, chrtId: 11, inWayToClient: 2, inWayFromClient: 1 },
          { ...row, nmId: 1, chrtId: 11, inWayToClient: 1, inWayFromClient: 0 },
          { ...row, nmId: 9, chrtId: 99, inWayToClient: 7, inWayFromClient: 7 },
        ],
        sizes,
      ),
    ).toEqual({ rows: [{ nmId: 1, techSize: 'M', inWayToClient: 3, inWayFromClient: 1 }], unknown: 1 });
  });

  it('seller stock: amounts above zero of known sizes, with the size barcode', () => {
    const rows = sellerStockRows(
      { id: 7, name: 'Склад продавца' },
      [
        { chrtId: 11, amount: 4 },
        { chrtId: 20, amount: 0 },
        { chrtId: 99, amount: 3 },
      ],
      sizes,
    );
    expect(rows).toEqual([
      { nmId: 1, techSize: 'M', barcode: '2000000000011', warehouseId: 7, warehouseName: 'Склад продавца', quantity: 4 },
    ]);
  });

  it('seller stock calls: whole products up to the call size, at least the first product', () => {
    const products = (...counts: number[]) => counts.map((count, nmId) => ({ nmId, sizes: Array.from({ length: count }, () => ({})) }));
    expect(firstSizeGroup(products(400, 500, 100, 1), 1000).map((p) => p.nmId)).toEqual([0, 1, 2]);
    expect(firstSizeGroup(products(400, 700), 1000).map((p) => p.nmId)).toEqual([0]);
    expect(firstSizeGroup(products(1200, 1), 1000).map((p) => p.nmId)).toEqual([0]);
    expect(firstSizeGroup(products(), 1000)).toEqual([]);
  });
});
