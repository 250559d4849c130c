import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

import { csvRows, PriceFileError, xlsxRows } from './price-file';

describe('csvRows', () => {
  it.each([
    ['commas', 'nmID,price,discount\n101,1500,20\n102,900,\n'],
    ['semicolons, as Excel writes in Russian', 'nmID;price;discount\r\n101;1500;20\r\n102;900;\r\n'],
    ['a byte order mark and other case', '\ufeffNMID,Price,Discount\n101,1500,20\n102,900,\n'],
    ['the columns in another order', 'discount,price,nmID\n20,1500,101\n,900,102\n'],
  ])('reads a file with %s', (_, text) => {
    expect(csvRows(text)).toEqual([
      { line: 2, nmID: '101', price: '1500', discount: '20' },
      { line: 3, nmID: '102', price: '900', discount: '' },
    ]);
  });

  it('reads a file without a discount column, skips empty lines and keeps the file line numbers', () => {
    expect(csvRows('nmID,price\n\n101,1500\n,\n102,x\n')).toEqual([
      { line: 3, nmID: '101', price: '1500', discount: '' },
      { line: 5, nmID: '102', price: 'x', discount: '' },
    ]);
  });

  it.each([
    ['no price column', 'nmID,discount\n101,20\n'],
    ['no header', '101,1500,20\n'],
    ['an empty file', ''],
  ])('refuses a file with %s', (_, text) => {
    expect(() => csvRows(text)).toThrow(PriceFileError);
  });
});

async function workbook(rows: ExcelJS.CellValue[][]): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Цены');
  rows.forEach((row, index) => (sheet.getRow(index + 1).values = row));
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

describe('xlsxRows', () => {
  it('reads numbers and text cells of the first sheet with their line numbers', async () => {
    const data = await workbook([['nmID', 'price', 'discount'], [101, 1500, 20], [], ['102', 99.5, null]]);
    expect(await xlsxRows(data)).toEqual([
      { line: 2, nmID: '101', price: '1500', discount: '20' },
      { line: 4, nmID: '102', price: '99.5', discount: '' },
    ]);
  });

  it('refuses a sheet without the nmID column', async () => {
    await expect(
      xlsxRows(
        await workbook([
          ['id', 'price'],
          [101, 1500],
        ]),
      ),
    ).rejects.toThrow(PriceFileError);
  });

  it('refuses bytes that are not an XLSX file', async () => {
    await expect(xlsxRows(new TextEncoder().encode('nmID,price').buffer as ArrayBuffer)).rejects.toThrow('Файл не читается как XLSX');
  });
});
