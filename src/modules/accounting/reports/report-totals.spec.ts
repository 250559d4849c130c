import { describe, expect, it } from 'vitest';

import { reportDifferences, ReportTotals } from './report-totals';

const totals: ReportTotals = {
  retail: '1000.00',
  forPay: '805.00',
  logistics: '50.00',
  storage: '12.34',
  acceptance: '0.00',
  deduction: '0.00',
  penalty: '0.00',
  bankPayment: '742.66',
};

describe('reportDifferences', () => {
  it.each([
    ['equal text', { ...totals }, []],
    ['equal value, other scale', { ...totals, retail: '1000', storage: '12.340'.slice(0, 5) }, []],
    ['one kopeck off', { ...totals, forPay: '805.01' }, [{ field: 'forPay', reportTotal: '805.00', rowsTotal: '805.01' }]],
    ['negative rows', { ...totals, bankPayment: '-742.66' }, [{ field: 'bankPayment', reportTotal: '742.66', rowsTotal: '-742.66' }]],
    [
      'two fields',
      { ...totals, logistics: '49.99', penalty: '0.5' },
      [
        { field: 'logistics', reportTotal: '50.00', rowsTotal: '49.99' },
        { field: 'penalty', reportTotal: '0.00', rowsTotal: '0.5' },
      ],
    ],
  ])('%s', (_name, rows, differences) => {
    expect(reportDifferences(totals, rows as ReportTotals)).toEqual(differences);
  });

  it('beyond 2^53 kopecks stays exact', () => {
    const big = { ...totals, retail: '90071992547409.93' };
    expect(reportDifferences(big, { ...big, retail: '90071992547409.94' })).toHaveLength(1);
    expect(reportDifferences(big, { ...big })).toEqual([]);
  });
});
