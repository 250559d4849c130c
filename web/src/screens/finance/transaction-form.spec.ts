import { describe, expect, it } from 'vitest';

import {
  newTransactionValues,
  signedKopecksOf,
  signedRoublesInput,
  type Transaction,
  transactionFieldsOf,
  transactionFormErrors,
  transactionValuesOf,
} from './transaction-form';

describe('signedKopecksOf', () => {
  it.each([
    ['300', 30_000],
    ['-1 250,50', -125_050],
    ['\u22120,29', -29],
    ['  12.5 ', 1250],
    ['0', 0],
    ['999999999,99', 99_999_999_999],
    ['12,345', null],
    ['--1', null],
    ['1-', null],
    ['', null],
    ['abc', null],
  ])('%j → %j', (typed, kopecks) => {
    expect(signedKopecksOf(typed)).toBe(kopecks);
  });
});

describe('signedRoublesInput', () => {
  it.each([
    [-1250.5, '-1250,50'],
    [300, '300'],
    [0.29, '0,29'],
    [-0.01, '-0,01'],
  ])('%j → %j', (roubles, text) => {
    expect(signedRoublesInput(roubles)).toBe(text);
  });
});

const stored = {
  id: 'a',
  date: '2026-11-30',
  amount: -1250.5,
  type: 'packaging',
  nmId: 123,
  comment: 'коробки',
} as Transaction;

describe('the manual operation form', () => {
  it('shows a stored operation and gives back the same fields', () => {
    const values = transactionValuesOf(stored);
    expect(values).toEqual({ date: '2026-11-30', amount: '-1250,50', type: 'packaging', nmId: '123', comment: 'коробки' });
    expect(transactionFieldsOf(values)).toEqual({ date: '2026-11-30', amount: -1250.5, type: 'packaging', nmId: 123, comment: 'коробки' });
  });

  it('sends an empty nmID as none and the comment trimmed', () => {
    const fields = transactionFieldsOf({ ...newTransactionValues('2026-12-07'), amount: '500', nmId: ' ', comment: ' за упаковку ' });
    expect(fields).toEqual({ date: '2026-12-07', amount: 500, type: 'other', nmId: null, comment: 'за упаковку' });
  });

  it.each([
    [{ amount: '' }, { amount: 'Сумма — рубли с копейками (до 2 знаков), расход со знаком минус' }],
    [{ amount: '1,234' }, { amount: 'Сумма — рубли с копейками (до 2 знаков), расход со знаком минус' }],
    [{ amount: '-5', date: '' }, { date: 'Укажите день' }],
    [{ amount: '-5', nmId: '12a' }, { nmId: 'nmID — целое положительное число' }],
    [{ amount: '-5', nmId: '0' }, { nmId: 'nmID — целое положительное число' }],
    [{ amount: '-5', nmId: '77' }, {}],
  ])('refuses %j with %j', (typed, errors) => {
    expect(transactionFormErrors({ ...newTransactionValues('2026-12-07'), ...typed })).toEqual(errors);
  });
});
