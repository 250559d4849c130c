import { describe, expect, it } from 'vitest';

import { checkCostLines, costLines } from './cost-file';
import { csvTable, TableFileError } from './table-file';

const TODAY = '2026-03-10';
const check = (text: string) => checkCostLines(costLines(csvTable(text)), TODAY);

describe('the cost file', () => {
  it.each([
    ['English names', 'nmID,costPrice,validFrom\n101,250.5,2026-03-01\n102,90,\n'],
    ['Russian names, semicolons and commas in amounts', 'nmID;Себестоимость;Дата\n101;250,50;01.03.2026\n102;90;\n'],
    ['no day column', 'nmID,costPrice\n101,250.50\n102,90\n'],
  ])('reads a file with %s, an empty day as today', (name, text) => {
    const rows = check(text);
    expect(rows[1]).toEqual({ line: 3, nmID: '102', item: { nmId: 102, costPrice: 90, validFrom: TODAY } });
    expect(rows[0].item).toEqual({ nmId: 101, costPrice: 250.5, validFrom: name === 'no day column' ? TODAY : '2026-03-01' });
  });

  it.each([
    ['abc', '250', '', 'nmID — целое положительное число'],
    ['0', '250', '', 'nmID — целое положительное число'],
    ['101', '', '', 'Себестоимость — рубли с копейками (до 2 знаков) от 0 до 10 000 000'],
    ['101', '-5', '', 'Себестоимость — рубли с копейками (до 2 знаков) от 0 до 10 000 000'],
    ['101', '12,345', '', 'Себестоимость — рубли с копейками (до 2 знаков) от 0 до 10 000 000'],
    ['101', '10000000,01', '', 'Себестоимость — рубли с копейками (до 2 знаков) от 0 до 10 000 000'],
    ['101', '250', '2026-02-30', 'Дата — ГГГГ-ММ-ДД или ДД.ММ.ГГГГ'],
    ['101', '250', '1 марта', 'Дата — ГГГГ-ММ-ДД или ДД.ММ.ГГГГ'],
  ])('refuses nmID %s, cost «%s», day «%s»: %s', (nmID, cost, day, reason) => {
    expect(check(`nmID;costPrice;validFrom\n${nmID};${cost};${day}\n`)).toEqual([{ line: 2, nmID, reason }]);
  });

  it('takes a cost of 0 and of 10 000 000 with spaces between groups', () => {
    const rows = check('nmID;costPrice\n101;0\n102;10 000 000,00\n');
    expect(rows.map((row) => row.item?.costPrice)).toEqual([0, 10_000_000]);
  });

  it('refuses every line of a card given twice for one day (an empty day is today), and keeps its other days', () => {
    const rows = check(`nmID,costPrice,validFrom\n101,250,${TODAY}\n101,260,2026-03-01\n101,270,\n102,90,\n`);
    expect(rows.map((row) => row.reason ?? row.item?.costPrice)).toEqual([
      'nmID и дата повторяются в строках 2, 4',
      260,
      'nmID и дата повторяются в строках 2, 4',
      90,
    ]);
  });

  it('refuses a file without the cost column, naming the columns it needs', () => {
    expect(() => check('nmID,price\n101,250\n')).toThrow(TableFileError);
  });
});
