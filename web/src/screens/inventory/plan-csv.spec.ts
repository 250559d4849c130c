import { describe, expect, it } from 'vitest';

import { planCsv } from './plan-csv';

describe('planCsv', () => {
  it('writes a header and one row per line, semicolons, decimal commas to two places, barcodes, quoted reasons', () => {
    const csv = planCsv([
      {
        nmId: 101,
        size: '42',
        barcode: null,
        warehouseId: null,
        velocityPerDay: 2.5,
        stock: 10,
        inSupply: 0,
        quantity: 101,
        reason: 'Продаётся 2,5 в день; хватит на 4 дня',
      },
      {
        nmId: 102,
        size: '0',
        barcode: '2000000001021',
        warehouseId: 507,
        velocityPerDay: 0.09999999999999999,
        stock: 0,
        inSupply: 5,
        quantity: 40,
        reason: 'Нет в наличии',
      },
    ]);
    expect(csv).toBe(
      '\uFEFFnmID;Размер;Баркод;Склад;Продаж в день;Остаток;В поставках;К отправке;Причина\r\n' +
        '101;42;;;2,5;10;0;101;"Продаётся 2,5 в день; хватит на 4 дня"\r\n' +
        '102;0;2000000001021;507;0,1;0;5;40;Нет в наличии\r\n',
    );
  });
});
