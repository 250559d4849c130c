import { describe, expect, it } from 'vitest';

import { planTaskLink, planTaskPrefill } from './plan-task-link';

const PLAN = '0b6f3c3e-8d0a-4c52-9a43-2f7f1e0d9a11';

describe('planTaskLink', () => {
  it('names the plan, the warehouse and each barcode with its units', () => {
    expect(planTaskLink({ planId: PLAN, warehouseIds: [507], barcodes: [{ barcode: '2000000008014', quantity: 12 }] })).toBe(
      `/supplies?planId=${PLAN}&warehouseId=507&barcode=2000000008014%3A12`,
    );
  });

  it('leaves out a warehouse and barcodes the plan line has none of', () => {
    expect(planTaskLink({ planId: PLAN, warehouseIds: [], barcodes: [] })).toBe(`/supplies?planId=${PLAN}`);
  });
});

describe('planTaskPrefill', () => {
  it.each<[string, ReturnType<typeof planTaskPrefill>]>([
    [
      `?planId=${PLAN}&warehouseId=507&barcode=2000000008014:12&barcode=A:B:3`,
      {
        planId: PLAN,
        warehouseIds: [507],
        barcodes: [
          { barcode: '2000000008014', quantity: 12 },
          { barcode: 'A:B', quantity: 3 },
        ],
      },
    ],
    [
      `?planId=${PLAN}&warehouseId=0&warehouseId=x&warehouseId=507&warehouseId=507&barcode=1:0&barcode=:5&barcode=2:1.5&barcode=3`,
      { planId: PLAN, warehouseIds: [507], barcodes: [] },
    ],
    ['?planId=plan&warehouseId=507', null],
    ['?newScenario=feedbacks', null],
    ['', null],
  ])('%s', (search, prefill) => {
    expect(planTaskPrefill(search)).toEqual(prefill);
  });

  it('reads back what a plan links to', () => {
    const prefill = { planId: PLAN, warehouseIds: [507, 117501], barcodes: [{ barcode: '2000000008014', quantity: 89 }] };
    expect(planTaskPrefill(planTaskLink(prefill).split('?')[1])).toEqual(prefill);
  });
});
