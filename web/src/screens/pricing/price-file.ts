import { type FileTable, namedColumns, readTableFile } from '../../ui/table-file';
import type { FileRow } from './price-rows';

const COLUMNS = { nmID: ['nmid'], price: ['price'], discount: ['discount'] } as const;

/** The rows of a table whose first line names the columns nmID, price and discount (any order, any case). */
export const priceRows = (table: FileTable): FileRow[] =>
  namedColumns(
    table,
    COLUMNS,
    ['nmID', 'price'],
    'В первой строке файла должны быть столбцы nmID, price и discount (discount можно не заполнять)',
  );

/** A CSV or XLSX price list's rows. */
export const readPriceFile = async (file: File): Promise<FileRow[]> => priceRows(await readTableFile(file));
