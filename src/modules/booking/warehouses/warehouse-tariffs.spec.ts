import { describe, expect, it } from 'vitest';

import { boxTariffsOf, palletTariffsOf, warehouseNameKey } from './warehouse-tariffs';

describe('warehouse tariffs read from the marketplace strings', () => {
  it('box rates of the reference 11.7 example are exact decimals, the coefficients in %', () => {
    expect(
      boxTariffsOf({
        warehouseName: 'Свой склад СГТ РФ',
        boxDeliveryBase: '48',
        boxDeliveryLiter: '11,2',
        boxDeliveryCoefExpr: '160',
        boxStorageBase: '0,14',
        boxStorageLiter: '0,07',
        boxStorageCoefExpr: '115',
      }),
    ).toEqual({
      boxDeliveryBase: '48.00',
      boxDeliveryLiter: '11.20',
      boxDeliveryCoefficientPercent: '160.00',
      boxStorageBase: '0.14',
      boxStorageLiter: '0.07',
      boxStorageCoefficientPercent: '115.00',
    });
  });

  it('pallet rates: a dot, a thousands space; a dash or an absent rate is none', () => {
    expect(
      palletTariffsOf({
        warehouseName: 'СЦ Брест',
        palletDeliveryValueBase: '1 039',
        palletDeliveryValueLiter: '-',
        palletDeliveryExpr: '170',
        palletStorageValueExpr: '35.65',
      }),
    ).toEqual({
      palletDeliveryBase: '1039.00',
      palletDeliveryLiter: null,
      palletDeliveryCoefficientPercent: '170.00',
      palletStorage: '35.65',
      palletStorageCoefficientPercent: null,
    });
  });

  it.each([
    ['Коледино', 'коледино'],
    ['  Екатеринбург -  Испытателей 14г ', 'екатеринбург - испытателей 14г'],
    ['СЦ Белая Дача', 'сц белая дача'],
    ['Королёв', 'королев'],
  ])('%j is matched as %j', (name, key) => {
    expect(warehouseNameKey(name)).toBe(key);
  });
});
