import { describe, expect, it } from 'vitest';

import { differenceLines, inLedgerOrder, LEDGER_TYPE_TEXT, REPORT_STATE_BADGE } from './finance-text';

describe('differenceLines', () => {
  it.each([
    [{ field: 'retail' as const, reportTotal: 1000.1, rowsTotal: 999.9 }, ['Продажи', '1\u202f000,10 ₽', '999,90 ₽', '0,20 ₽']],
    [{ field: 'bankPayment' as const, reportTotal: 0.29, rowsTotal: 0.3 }, ['Итого к оплате', '0,29 ₽', '0,30 ₽', '\u22120,01 ₽']],
    [{ field: 'penalty' as const, reportTotal: -5, rowsTotal: 12.5 }, ['Штрафы', '\u22125 ₽', '12,50 ₽', '\u221217,50 ₽']],
  ])('%j reads as the field, «в отчёте», «по строкам» and the gap to the kopeck', (difference, [field, reportTotal, rowsTotal, gap]) => {
    expect(differenceLines([difference])).toEqual([{ field, reportTotal, rowsTotal, difference: gap }]);
  });

  it('keeps the order of the differences', () => {
    const lines = differenceLines([
      { field: 'storage', reportTotal: 1, rowsTotal: 0 },
      { field: 'forPay', reportTotal: 2, rowsTotal: 0 },
    ]);
    expect(lines.map((line) => line.field)).toEqual(['Хранение', 'К перечислению за товар']);
  });
});

describe('report and ledger words', () => {
  it('names the three reconciliation states the list shows', () => {
    expect([REPORT_STATE_BADGE.reconciled.label, REPORT_STATE_BADGE.mismatch.label, REPORT_STATE_BADGE.listed.label]).toEqual([
      'Сверен',
      'Расхождение',
      'Получен список',
    ]);
  });

  it('has a Russian name for every ledger type', () => {
    expect(Object.values(LEDGER_TYPE_TEXT).every((text) => /^[А-ЯЁ][а-яё «»]+$/.test(text))).toBe(true);
  });
});

describe('inLedgerOrder', () => {
  it('puts sales and returns first and the seller’s own costs last, whatever order the lines came in', () => {
    const lines = [
      { type: 'logistics' as const, amount: -100 },
      { type: 'tax' as const, amount: -6 },
      { type: 'commission' as const, amount: -300 },
      { type: 'return' as const, amount: -50 },
      { type: 'sale' as const, amount: 1500 },
    ];
    expect(inLedgerOrder(lines).map((line) => line.type)).toEqual(['sale', 'return', 'commission', 'logistics', 'tax']);
    expect(lines[0].type).toBe('logistics');
  });
});
