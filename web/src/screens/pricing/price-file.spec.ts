import { describe, expect, it } from 'vitest';

import { csvTable, TableFileError } from '../../ui/table-file';
import { priceRows } from './price-file';

describe('priceRows', () => {
  it.each([
    ['all three columns', 'nmID,price,discount\n101,1500,20\n102,900,\n'],
    ['the columns in another order and case', 'Discount;Price;NMID\n20;1500;101\n;900;102\n'],
  ])('reads a file with %s', (_, text) => {
    expect(priceRows(csvTable(text))).toEqual([
      { line: 2, nmID: '101', price: '1500', discount: '20' },
      { line: 3, nmID: '102', price: '900', discount: '' },
    ]);
  });

  it('reads a file without a discount column', () => {
    expect(priceRows(csvTable('nmID,price\n101,1500\n'))).toEqual([{ line: 2, nmID: '101', price: '1500', discount: '' }]);
  });

  it.each([
    ['no price column', 'nmID,discount\n101,20\n'],
    ['no nmID column', 'id,price\n101,1500\n'],
  ])('refuses a file with %s', (_, text) => {
    expect(() => priceRows(csvTable(text))).toThrow(TableFileError);
  });
});
