import Papa from 'papaparse';

import type { FileRow } from './price-rows';

/** A file the screen cannot read as a price list; its message is shown to the seller. */
export class PriceFileError extends Error {}

type Column = 'nmid' | 'price' | 'discount';
const REQUIRED: readonly Column[] = ['nmid', 'price'];

/** Cells by line number (from 1), empty lines left out. */
type Table = { line: number; cells: string[] }[];

const headerName = (cell: string) =>
  cell
    .replace(/^\ufeff/, '')
    .trim()
    .toLowerCase();

/** The rows of a table whose first line names the columns nmID, price and discount (any order, any case). */
function fileRows(table: Table): FileRow[] {
  const [header, ...data] = table;
  const names = (header?.cells ?? []).map(headerName);
  const missing = REQUIRED.filter((column) => !names.includes(column));
  if (missing.length)
    throw new PriceFileError('В первой строке файла должны быть столбцы nmID, price и discount (discount можно не заполнять)');
  const column = (row: string[], name: Column) => row[names.indexOf(name)]?.trim() ?? '';
  return data.map(({ line, cells }) => ({
    line,
    nmID: column(cells, 'nmid'),
    price: column(cells, 'price'),
    discount: column(cells, 'discount'),
  }));
}

const isEmpty = (cells: string[]) => cells.every((cell) => !cell.trim());

/** A CSV price list; the separator (comma, semicolon, tab) is detected. */
export function csvRows(text: string): FileRow[] {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const table = parsed.data.map((cells, index) => ({ line: index + 1, cells })).filter(({ cells }) => !isEmpty(cells));
  return fileRows(table);
}

/** The first sheet of an XLSX price list, each cell as the text the sheet shows. */
export async function xlsxRows(data: ArrayBuffer): Promise<FileRow[]> {
  // exceljs is large: loaded only when an XLSX file is read.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch {
    throw new PriceFileError('Файл не читается как XLSX');
  }
  const sheet = workbook.worksheets[0];
  const table: Table = [];
  sheet?.eachRow((row, line) => {
    const cells = Array.from({ length: row.cellCount }, (_, index) => row.getCell(index + 1).text);
    if (!isEmpty(cells)) table.push({ line, cells });
  });
  return fileRows(table);
}

export async function readPriceFile(file: File): Promise<FileRow[]> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return csvRows(await file.text());
  if (name.endsWith('.xlsx')) return xlsxRows(await file.arrayBuffer());
  throw new PriceFileError('Нужен файл CSV или XLSX');
}
