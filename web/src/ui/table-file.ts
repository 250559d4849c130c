import Papa from 'papaparse';

/** A file the screen cannot read as a table of the columns it needs; its message is shown to the seller. */
export class TableFileError extends Error {}

/** One non-empty line of a file: its number in the file (from 1) and its cells as text. */
export interface TableLine {
  line: number;
  cells: string[];
}

/** The lines of a CSV or XLSX file, the first one (the column names) included, empty lines left out. */
export type FileTable = TableLine[];

/** A data line as the cells of the named columns, trimmed ('' where the line has none). */
export type NamedLine<K extends string> = { line: number } & Record<K, string>;

const isEmpty = (cells: string[]) => cells.every((cell) => !cell.trim());

const headerName = (cell: string) =>
  cell
    .replace(/^\ufeff/, '')
    .trim()
    .toLowerCase();

/** A CSV file's lines; the separator (comma, semicolon, tab) is detected. */
export function csvTable(text: string): FileTable {
  // Papa guesses the separator from the field counts of the lines, and counts a trailing empty line unless told to skip
  // it, which loses a two-column file's separator; the lines themselves are read with it so that their numbers stay the file's.
  const { delimiter } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', preview: 10 }).meta;
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  return parsed.data.map((cells, index) => ({ line: index + 1, cells })).filter(({ cells }) => !isEmpty(cells));
}

/** A cell as the sheet shows it; a date cell as its day (YYYY-MM-DD): a sheet keeps days without a zone, read as UTC midnight. */
function cellText(cell: { value: unknown; text: string }): string {
  return cell.value instanceof Date ? cell.value.toISOString().slice(0, 10) : cell.text;
}

/** The first sheet of an XLSX file, each cell as the text the sheet shows. */
export async function xlsxTable(data: ArrayBuffer): Promise<FileTable> {
  // exceljs is large: loaded only when an XLSX file is read.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch {
    throw new TableFileError('Файл не читается как XLSX');
  }
  const table: FileTable = [];
  workbook.worksheets[0]?.eachRow((row, line) => {
    const cells = Array.from({ length: row.cellCount }, (_, index) => cellText(row.getCell(index + 1)));
    if (!isEmpty(cells)) table.push({ line, cells });
  });
  return table;
}

/** A CSV or XLSX file's lines, by its name's extension. */
export async function readTableFile(file: File): Promise<FileTable> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return csvTable(await file.text());
  if (name.endsWith('.xlsx')) return xlsxTable(await file.arrayBuffer());
  throw new TableFileError('Нужен файл CSV или XLSX');
}

/**
 * The data lines of a table whose first line names its columns (any order, any case): each column is found under any of
 * its names. A table without a required column is refused with `missing`, the text telling the seller what the first line needs.
 */
export function namedColumns<K extends string>(
  table: FileTable,
  names: Record<K, readonly string[]>,
  required: readonly NoInfer<K>[],
  missing: string,
): NamedLine<K>[] {
  const [header, ...data] = table;
  const found = (header?.cells ?? []).map(headerName);
  const keys = Object.keys(names) as K[];
  const index = new Map(keys.map((key) => [key, found.findIndex((name) => names[key].includes(name))]));
  if (required.some((key) => index.get(key) === -1)) throw new TableFileError(missing);
  const cell = (cells: string[], key: K) => cells[index.get(key)!]?.trim() ?? '';
  return data.map(({ line, cells }) => ({ line, ...Object.fromEntries(keys.map((key) => [key, cell(cells, key)])) }) as NamedLine<K>);
}
