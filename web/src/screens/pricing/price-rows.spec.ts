import { describe, expect, it } from 'vitest';

import type { PriceItem, Product } from './price-preview';
import { checkFileRows, fileNmIds, type FileRow } from './price-rows';

const catalog = new Map([101, 102, 103].map((nmId) => [nmId, { nmId, title: `Товар ${nmId}`, price: 1000, discount: 10 } as Product]));
const row = (nmID: string, price: string, discount = '', line = 2): FileRow => ({ line, nmID, price, discount });

describe('checkFileRows', () => {
  it.each<[string, FileRow, { item?: PriceItem; reason?: string }]>([
    ['a valid line with a discount', row('101', '1500', '20'), { item: { nmID: 101, price: 1500, discount: 20 } }],
    ['a valid line without a discount keeps the product discount', row('101', '1500'), { item: { nmID: 101, price: 1500 } }],
    ['a discount of 0 removes the discount', row('101', '1500', '0'), { item: { nmID: 101, price: 1500, discount: 0 } }],
    ['an nmID that is not a number', row('abc', '1500'), { reason: 'nmID — целое положительное число' }],
    ['an nmID of 0', row('0', '1500'), { reason: 'nmID — целое положительное число' }],
    ['an nmID beyond safe integers', row('9007199254740993', '1500'), { reason: 'nmID — целое положительное число' }],
    ['an nmID not in the catalog', row('999', '1500'), { reason: 'Товара нет в каталоге кабинета' }],
    ['a price of 0', row('101', '0'), { reason: 'Цена не меньше 1 ₽' }],
    ['a price with kopecks', row('101', '99.90'), { reason: 'Цена — целые рубли, без копеек' }],
    ['an empty price', row('101', ''), { reason: 'Укажите цену' }],
    ['a discount of 100', row('101', '1500', '100'), { reason: 'Скидка от 0 до 99 %' }],
    ['a discount that is not a number', row('101', '1500', 'много'), { reason: 'Скидка — целое число процентов' }],
  ])('%s', (_, input, expected) => {
    const [checked] = checkFileRows([input], catalog);
    expect(checked.item).toEqual(expected.item);
    expect(checked.reason).toBe(expected.reason);
    expect(checked.line).toBe(2);
  });

  it('keeps the catalog product of a line for the preview, also when the line fails', () => {
    const [valid, invalid] = checkFileRows([row('101', '1500'), row('102', '0', '', 3)], catalog);
    expect(valid.product?.title).toBe('Товар 101');
    expect(invalid.product?.title).toBe('Товар 102');
  });

  it('refuses every line of an nmID given more than once, naming the lines, and keeps the others', () => {
    const checked = checkFileRows([row('101', '1500', '', 2), row('102', '900', '', 3), row(' 101', '1600', '', 4)], catalog);
    expect(checked.map((line) => line.reason)).toEqual(['nmID повторяется в строках 2, 4', undefined, 'nmID повторяется в строках 2, 4']);
  });
});

describe('fileNmIds', () => {
  it('gives each nmID that reads as one once, in the order of the lines', () => {
    expect(fileNmIds([row('102', '1'), row(' 101 ', '1'), row('abc', '1'), row('0', '1'), row('102', '2')])).toEqual([102, 101]);
  });
});
