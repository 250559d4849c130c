import { Table } from '@mantine/core';

import { margin, marginText } from './margin';

/** A table's «Маржа» cell: the price's margin over the cost price, in red when the sale loses money. */
export function MarginCell({ price, costPrice }: { price: number | null; costPrice: number | null }) {
  const value = margin(price, costPrice);
  return (
    <Table.Td c={value && value.roubles < 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {marginText(value)}
    </Table.Td>
  );
}
