import { describe, expect, it } from 'vitest';

import { shortfallOf, supplyDetailsRow, supplyGoodRows, supplyListRow } from './booking-supplies.mapping';

describe('FBW supplies into rows (reference 11.4-11.6)', () => {
  it('a list item keeps its ids exact and reads +03:00 times as instants; an order has no supply id', () => {
    expect(
      supplyListRow({
        supplyID: '9223372036854775807',
        preorderID: '20000001',
        createDate: '2025-07-15T17:17:45+03:00',
        supplyDate: '2025-07-16T00:00:00+03:00',
        factDate: null,
        updatedDate: '2025-07-15T18:00:00+03:00',
        statusID: 2,
        boxTypeID: 5,
      }),
    ).toEqual({
      supplyId: '9223372036854775807',
      preorderId: '20000001',
      status: 2,
      boxTypeId: 5,
      createDate: '2025-07-15T14:17:45.000Z',
      supplyDate: '2025-07-15T21:00:00.000Z',
      factDate: null,
      mpUpdatedAt: '2025-07-15T15:00:00.000Z',
    });
    expect(supplyListRow({ supplyID: null, preorderID: '7', createDate: '2025-07-15T17:17:45', statusID: 1 })).toMatchObject({
      supplyId: null,
      boxTypeId: null,
      createDate: '2025-07-15T14:17:45.000Z',
      supplyDate: null,
      mpUpdatedAt: null,
    });
  });

  it('the acceptance cost keeps two decimals; a cost not known yet is null', () => {
    const details = {
      statusID: 5,
      createDate: '2025-07-15T17:17:45+03:00',
      warehouseID: 507,
      warehouseName: 'Коледино',
      quantity: 100,
      acceptedQuantity: 95,
      readyForSaleQuantity: 95,
    } as const;
    expect(supplyDetailsRow({ ...details, acceptanceCost: 1234.5 }).acceptanceCost).toBe('1234.50');
    expect(supplyDetailsRow({ ...details, acceptanceCost: null }).acceptanceCost).toBeNull();
  });

  it('a barcode listed twice is one row with the sums', () => {
    const good = { barcode: '2000', vendorCode: 'A', nmID: 1, techSize: '0', quantity: 3, acceptedQuantity: null };
    expect(supplyGoodRows([good, { ...good, quantity: 2 }])).toEqual([
      { barcode: '2000', nmId: 1, vendorCode: 'A', techSize: '0', quantity: 5, acceptedQuantity: null, readyForSaleQuantity: null },
    ]);
  });

  it.each([
    [5, 100, 95, 5],
    [5, 100, 100, 0],
    [5, 100, 101, 0],
    [4, 100, 40, null],
    [6, 100, 0, null],
  ])('status %i, %i planned, %i accepted: shortfall %s', (status, quantity, accepted, shortfall) => {
    expect(shortfallOf(status, quantity, accepted)).toBe(shortfall);
  });
});
