import { describe, expect, it } from 'vitest';

import { totalsRows } from './import-totals';

describe('totalsRows', () => {
  const counts = (inserted: number) => ({ inserted, updated: 1, unchanged: 2 });
  it.each([
    ['nothing yet', {}, []],
    ['feeds', { sales: counts(5), orders: counts(3) }, ['Заказы', 'Продажи и возвраты']],
    ['the report', { report: counts(9) }, ['Строки отчёта о реализации']],
  ])('%s', (_name, totals, labels) => {
    expect(totalsRows(totals).map((row) => row.label)).toEqual(labels);
  });

  it('keeps the counts of each kind', () => {
    expect(totalsRows({ orders: counts(3) })).toEqual([{ label: 'Заказы', counts: { inserted: 3, updated: 1, unchanged: 2 } }]);
  });
});
