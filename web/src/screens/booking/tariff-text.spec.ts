import { describe, expect, it } from 'vitest';

import { tariffLines } from './tariff-text';

const N = '\u202f';
const tariffs = {
  currency: 'RUB',
  boxDeliveryBase: 46,
  boxDeliveryLiter: 14,
  boxDeliveryCoefficientPercent: 160,
  boxStorageBase: 0.08,
  boxStorageLiter: 0.07,
  boxStorageCoefficientPercent: 100,
  palletDeliveryBase: 1039,
  palletDeliveryLiter: 11.9,
  palletDeliveryCoefficientPercent: 170,
  palletStorage: 35.65,
  palletStorageCoefficientPercent: 155,
  updatedAt: '2026-11-28T09:00:00Z',
};

describe('tariff lines of a warehouse', () => {
  it.each([
    [2, ['Логистика короба: 46 ₽ + 14 ₽/л', 'Хранение: 0,08 ₽ + 0,07 ₽/л в день']],
    [6, ['Логистика короба: 46 ₽ + 14 ₽/л', 'Хранение: 0,08 ₽ + 0,07 ₽/л в день']],
    [5, [`Логистика паллеты: 1${N}039 ₽ + 11,90 ₽/л`, 'Хранение паллеты: 35,65 ₽ в день']],
  ])('box type %i', (boxTypeId, lines) => {
    expect(tariffLines(tariffs, boxTypeId)).toEqual(lines);
  });

  it('a rate not given is left out; no tariffs, no lines', () => {
    expect(tariffLines({ ...tariffs, boxDeliveryLiter: null, boxStorageBase: null }, 2)).toEqual(['Логистика короба: 46 ₽']);
    expect(tariffLines({ ...tariffs, palletDeliveryBase: null, palletStorage: null }, 5)).toEqual([]);
    expect(tariffLines(null, 2)).toEqual([]);
  });
});
