import { describe, expect, it } from 'vitest';

import { FunnelFigures, FunnelRevision, funnelRevision } from './funnel-revision';

const stored: FunnelFigures & { version: number } = {
  version: 1,
  opens: 100,
  cartAdds: 20,
  ordersQty: 5,
  ordersSum: '5000.00',
  buyoutsQty: 3,
  buyoutsSum: '3000.00',
  cancelsQty: 1,
  cancelsSum: '1000.00',
  addToCartPct: '20.00',
  cartToOrderPct: '25.00',
  buyoutPct: '60.00',
};

describe('funnel revision', () => {
  it.each<[string, Partial<typeof stored>, Partial<FunnelFigures>, FunnelRevision]>([
    ['a row without a funnel yet', { version: 0, opens: null }, { opens: 100 }, 'first'],
    [
      'the same figures, money written as the marketplace does',
      {},
      { opens: 100, ordersSum: 5000 as unknown as string, buyoutPct: '60' },
      'same',
    ],
    ['one more order on day −2', {}, { ordersQty: 6, ordersSum: '6000.00' }, 'revised'],
    ['a kopeck of a sum', {}, { buyoutsSum: '3000.01' }, 'revised'],
    ['a conversion changed', {}, { cartToOrderPct: '26.00' }, 'revised'],
    ['a history write without cancellations leaves them out of the comparison', {}, { opens: 100, cartAdds: 20 }, 'same'],
    ['a figure that became known', { buyoutsQty: null }, { buyoutsQty: 0 }, 'revised'],
  ])('%s', (_name, row, incoming, revision) => {
    expect(funnelRevision({ ...stored, ...row }, incoming)).toBe(revision);
  });
});
