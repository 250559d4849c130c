import { describe, expect, it } from 'vitest';

import { csvTable, TableFileError } from '../../ui/table-file';
import { checkItemLines, itemLines } from './items-file';

const rowsOf = (csv: string) => checkItemLines(itemLines(csvTable(csv)));

describe('a file of list items', () => {
  it('reads the plan’s columns by their names, any order and case, Russian or not', () => {
    const rows = rowsOf(
      'Статус;nmID;План заказов в день;Плановая цена;Целевой ДРР;Менеджер;Комментарий;Начало;Конец\n' +
        'Акция;101;10;1500;12,5;Ольга;к распродаже;01.12.2026;2026-12-31\n' +
        ';102;;;;;;;\n' +
        'paused;103;0;;0;;;;\n',
    );
    expect(rows).toEqual([
      {
        line: 2,
        nmID: '101',
        item: {
          nmId: 101,
          status: 'action',
          planOrdersPerDay: 10,
          planPrice: 1500,
          targetDrrPct: 12.5,
          manager: 'Ольга',
          comment: 'к распродаже',
          dateFrom: '2026-12-01',
          dateTo: '2026-12-31',
        },
      },
      {
        line: 3,
        nmID: '102',
        item: {
          nmId: 102,
          status: 'monitoring',
          planOrdersPerDay: null,
          planPrice: null,
          targetDrrPct: null,
          manager: '',
          comment: '',
          dateFrom: null,
          dateTo: null,
        },
      },
      { line: 4, nmID: '103', item: expect.objectContaining({ status: 'paused', planOrdersPerDay: 0, targetDrrPct: 0 }) },
    ]);
  });

  it('a file of nmIDs only adds them watched', () => {
    expect(rowsOf('nmid\n101\n102\n').map((row) => row.item?.status)).toEqual(['monitoring', 'monitoring']);
  });

  it.each([
    ['abc', '', 'nmID — целое положительное число'],
    ['101', 'статус=скидка', 'Статус — Распродажа, Акция, Наблюдение, Завершено, Пауза'],
    ['101', 'план заказов в день=2,5', 'План заказов в день — целое число от 0 до 1 000 000'],
    ['101', 'план заказов в день=-1', 'План заказов в день — целое число от 0 до 1 000 000'],
    ['101', 'плановая цена=0', 'Плановая цена — целые рубли от 1 до 10 000 000'],
    ['101', 'плановая цена=99,90', 'Плановая цена — целые рубли от 1 до 10 000 000'],
    ['101', 'целевой дрр=100,01', 'Целевой ДРР — процент от 0 до 100, до 2 знаков после запятой'],
    ['101', 'целевой дрр=1,234', 'Целевой ДРР — процент от 0 до 100, до 2 знаков после запятой'],
    ['101', 'начало=31.02.2026', 'Дата — ГГГГ-ММ-ДД или ДД.ММ.ГГГГ'],
    ['101', 'начало=2026-12-02|конец=2026-12-01', 'Конец плана раньше начала'],
    ['101', `менеджер=${'я'.repeat(101)}`, 'Менеджер — до 100 символов'],
  ])('nmID %s with %s is refused: %s', (nmID, fields, reason) => {
    const cells = Object.fromEntries(fields ? fields.split('|').map((pair) => pair.split('=')) : []);
    const header = ['nmID', ...Object.keys(cells)].join(';');
    const line = [nmID, ...Object.values(cells)].join(';');
    expect(rowsOf(`${header}\n${line}\n`)).toEqual([{ line: 2, nmID, reason }]);
  });

  it('an nmID on two lines is left out on both', () => {
    expect(rowsOf('nmID\n101\n102\n101\n').map((row) => row.reason ?? 'ok')).toEqual([
      'nmID повторяется в строках 2, 4',
      'ok',
      'nmID повторяется в строках 2, 4',
    ]);
  });

  it('refuses a file without the nmID column, and one of more than 1 000 items', () => {
    expect(() => itemLines(csvTable('артикул продавца;статус\nA;Акция\n'))).toThrow(TableFileError);
    expect(() => itemLines(csvTable(`nmID\n${Array.from({ length: 1001 }, (_, index) => index + 1).join('\n')}\n`))).toThrow(
      'В файле больше 1000 товаров: разделите его на части',
    );
  });
});
