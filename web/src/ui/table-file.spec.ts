import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

import { csvTable, namedColumns, TableFileError, xlsxTable } from './table-file';

describe('csvTable', () => {
  it.each([
    ['commas', 'nmID,price\n101,1500\n'],
    ['semicolons, as Excel writes in Russian', 'nmID;price\r\n101;1500\r\n'],
    ['tabs', 'nmID\tprice\n101\t1500\n'],
  ])('reads a file with %s', (_, text) => {
    expect(csvTable(text)).toEqual([
      { line: 1, cells: ['nmID', 'price'] },
      { line: 2, cells: ['101', '1500'] },
    ]);
  });

  it('skips empty lines and keeps the file line numbers', () => {
    expect(csvTable('nmID,price\n\n101,1500\n,\n102,x\n')).toEqual([
      { line: 1, cells: ['nmID', 'price'] },
      { line: 3, cells: ['101', '1500'] },
      { line: 5, cells: ['102', 'x'] },
    ]);
  });

  it('reads an empty file as no lines', () => {
    expect(csvTable('')).toEqual([]);
  });
});

async function workbook(rows: ExcelJS.CellValue[][]): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Лист');
  rows.forEach((row, index) => (sheet.getRow(index + 1).values = row));
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

describe('xlsxTable', () => {
  it('reads numbers, text and date cells of the first sheet with their line numbers, a date as its day', async () => {
    const data = await workbook([['nmID', 'price', 'дата'], [101, 1500, new Date(Date.UTC(2024, 1, 5))], [], ['102', 99.5, null]]);
    expect(await xlsxTable(data)).toEqual([
      { line: 1, cells: ['nmID', 'price', 'дата'] },
      { line: 2, cells: ['101', '1500', '2024-02-05'] },
      { line: 4, cells: ['102', '99.5'] },
    ]);
  });

  it('refuses bytes that are not an XLSX file', async () => {
    await expect(xlsxTable(new TextEncoder().encode('nmID,price').buffer as ArrayBuffer)).rejects.toThrow('Файл не читается как XLSX');
  });
});

describe('namedColumns', () => {
  const COLUMNS = { nmID: ['nmid'], cost: ['costprice', 'себестоимость'], day: ['validfrom', 'дата'] } as const;
  const named = (text: string) => namedColumns(csvTable(text), COLUMNS, ['nmID', 'cost'], 'Нужны столбцы nmID и costPrice');

  it.each([
    ['a byte order mark and other case', '\ufeffNMID,CostPrice,ValidFrom\n101, 250 ,2024-02-05\n'],
    ['other names of a column, in another order', 'Дата;Себестоимость;nmID\n2024-02-05;250;101\n'],
  ])('finds the columns in a file with %s, cells trimmed', (_, text) => {
    expect(named(text)).toEqual([{ line: 2, nmID: '101', cost: '250', day: '2024-02-05' }]);
  });

  it('gives an empty cell for a column the file does not have or a line too short for', () => {
    expect(named('nmID,costPrice\n101,250\n102\n')).toEqual([
      { line: 2, nmID: '101', cost: '250', day: '' },
      { line: 3, nmID: '102', cost: '', day: '' },
    ]);
  });

  it.each([
    ['a required column missing', 'nmID,validFrom\n101,2024-02-05\n'],
    ['no header', '101,250\n'],
    ['an empty file', ''],
  ])('refuses a file with %s, saying what the first line needs', (_, text) => {
    expect(() => named(text)).toThrow(new TableFileError('Нужны столбцы nmID и costPrice'));
  });
});
