import { Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';

import { TableFileInput } from '../../ui/TableFileInput';
import { readPriceFile } from './price-file';
import type { BulkRow } from './price-preview';
import { productsByNmIds } from './price-queries';
import { checkFileRows, fileNmIds } from './price-rows';

/** A CSV or XLSX price list read and checked line by line against the cabinet's catalog. */
export function FileSource({ mpAccountId, onRows }: { mpAccountId: string; onRows: (rows: BulkRow[] | null) => void }) {
  const read = useMutation({
    mutationFn: async (file: File) => {
      const lines = await readPriceFile(file);
      const products = await productsByNmIds(mpAccountId, fileNmIds(lines));
      return checkFileRows(lines, new Map(products.map((product) => [product.nmId, product])));
    },
    onSuccess: onRows,
  });
  return (
    <Stack>
      <Text size="sm">
        Первая строка файла — названия столбцов: nmID, price, discount. Цена — целые рубли, скидка — целые проценты от 0 до 99 (0 убирает
        скидку, пустая ячейка оставляет прежнюю).
      </Text>
      <TableFileInput read={read} onChange={() => onRows(null)} />
    </Stack>
  );
}
