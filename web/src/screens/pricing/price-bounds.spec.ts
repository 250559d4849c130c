import { describe, expect, it } from 'vitest';

import { checkDiscount, checkPrice } from './price-bounds';

describe('checkPrice', () => {
  it.each([
    ['1990', { ok: true, value: 1990 }],
    [' 1 990 ', { ok: true, value: 1990 }],
    ['1\u00a0990', { ok: true, value: 1990 }],
    ['1', { ok: true, value: 1 }],
    ['2147483647', { ok: true, value: 2_147_483_647 }],
    ['', { ok: false, error: 'Укажите цену' }],
    ['   ', { ok: false, error: 'Укажите цену' }],
    ['0', { ok: false, error: 'Цена не меньше 1 ₽' }],
    ['-5', { ok: false, error: 'Цена не меньше 1 ₽' }],
    ['19.90', { ok: false, error: 'Цена — целые рубли, без копеек' }],
    ['19,9', { ok: false, error: 'Цена — целые рубли, без копеек' }],
    ['2147483648', { ok: false, error: 'Слишком большая цена' }],
    ['abc', { ok: false, error: 'Цена — целое число рублей' }],
    ['1e3', { ok: false, error: 'Цена — целое число рублей' }],
    ['12 ₽', { ok: false, error: 'Цена — целое число рублей' }],
  ])('%j gives %j', (text, expected) => {
    expect(checkPrice(text)).toEqual(expected);
  });
});

describe('checkDiscount', () => {
  it.each([
    ['', { ok: true, value: undefined }],
    ['0', { ok: true, value: 0 }],
    ['15', { ok: true, value: 15 }],
    ['99', { ok: true, value: 99 }],
    ['100', { ok: false, error: 'Скидка от 0 до 99 %' }],
    ['-1', { ok: false, error: 'Скидка от 0 до 99 %' }],
    ['12.5', { ok: false, error: 'Скидка — целое число процентов' }],
    ['десять', { ok: false, error: 'Скидка — целое число процентов' }],
  ])('%j gives %j', (text, expected) => {
    expect(checkDiscount(text)).toEqual(expected);
  });
});
