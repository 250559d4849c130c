import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

let emulator: RunningEmulator;
let seller: EmulatorSeller;

beforeAll(async () => {
  emulator = await startEmulator({ limits: false });
  seller = await createSeller(emulator, { seed: 11, cards: 2500 });
});
afterAll(() => emulator.close());

function goods(query: string, token = seller.token) {
  return call(emulator, token, 'prices', `/api/v2/list/goods/filter?${query}`);
}

function upload(data: unknown, token = seller.token) {
  return call(emulator, token, 'prices', '/api/v2/upload/task', { method: 'POST', body: { data } });
}

async function firstGood() {
  return (await goods('limit=1')).json.data.listGoods[0];
}

describe('GET /api/v2/list/goods/filter', () => {
  it('pages with limit and offset until an empty list; the newest cards have no price yet', async () => {
    const seen: number[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = (await goods(`limit=1000&offset=${offset}`)).json;
      expect(page).toMatchObject({ error: false, errorText: '' });
      if (page.data.listGoods.length === 0) break;
      seen.push(...page.data.listGoods.map((good: { nmID: number }) => good.nmID));
    }
    expect(seen).toHaveLength(2450);
    expect(new Set(seen).size).toBe(2450);
  });

  it('gives per-size prices with discounted and club prices computed from price and discounts', async () => {
    const list = (await goods('limit=200')).json.data.listGoods as {
      sizes: { price: number; discountedPrice: number; clubDiscountedPrice: number }[];
      discount: number;
      clubDiscount: number;
      editableSizePrice: boolean;
    }[];
    for (const good of list) {
      for (const size of good.sizes) {
        // Kopecks: two decimals (the reference's example: 500 at 30 % is 350, then 5 % club is 332.5).
        expect(size.discountedPrice).toBe(Math.round(size.price * (100 - good.discount)) / 100);
        expect(size.clubDiscountedPrice).toBe(Math.round(size.discountedPrice * (100 - good.clubDiscount)) / 100);
      }
    }
    expect(list.some((good) => good.editableSizePrice && new Set(good.sizes.map((size) => size.price)).size > 1)).toBe(true);
    expect(list.some((good) => good.clubDiscount > 0)).toBe(true);
    expect(list.some((good) => good.clubDiscount === 0)).toBe(true);
  });

  it('filters one nmID, and refuses bad parameters with the prices 400', async () => {
    const good = await firstGood();
    expect((await goods(`limit=10&filterNmID=${good.nmID}`)).json.data.listGoods).toEqual([good]);
    for (const query of ['', 'limit=1001', 'limit=abc', 'limit=10&offset=-1']) {
      const response = await goods(query);
      expect(response.status, query).toBe(400);
      expect(response.json).toEqual({ data: null, error: true, errorText: 'Invalid request parameters' });
    }
  });
});

describe('POST /api/v2/upload/task', () => {
  it('accepts an upload, answers its id, and the goods list shows the new price', async () => {
    const good = await firstGood();
    const accepted = await upload([{ nmID: good.nmID, price: 4321, discount: 10 }]);
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({ data: { id: expect.any(Number), alreadyExists: false }, error: false, errorText: '' });
    const after = (await goods(`limit=1&filterNmID=${good.nmID}`)).json.data.listGoods[0];
    expect(
      after.sizes.every((size: { price: number; discountedPrice: number }) => size.price === 4321 && size.discountedPrice === 3888.9),
    ).toBe(true);
    expect(after.discount).toBe(10);

    const again = await upload([{ nmID: good.nmID, price: 4321, discount: 10 }]);
    expect(again.status).toBe(208);
    expect(again.json).toEqual({
      data: { id: accepted.json.data.id, alreadyExists: true },
      error: false,
      errorText: 'This task already exists',
    });

    const status = await call(emulator, seller.token, 'prices', `/api/v2/history/tasks?uploadID=${accepted.json.data.id}`);
    expect(status.json.data).toMatchObject({ uploadID: accepted.json.data.id, status: 3, overAllGoodsNumber: 1, successGoodsNumber: 1 });
    const details = await call(emulator, seller.token, 'prices', `/api/v2/history/goods/task?uploadID=${accepted.json.data.id}&limit=10`);
    expect(details.json.data.historyGoods).toEqual([expect.objectContaining({ nmID: good.nmID, price: 4321, discount: 10, status: 2 })]);
  });

  it('changes only the discount when no price is given', async () => {
    const good = (await goods('limit=1&offset=5')).json.data.listGoods[0];
    await upload([{ nmID: good.nmID, discount: 0 }]);
    const after = (await goods(`limit=1&filterNmID=${good.nmID}`)).json.data.listGoods[0];
    expect(after.discount).toBe(0);
    expect(after.sizes.map((size: { price: number }) => size.price)).toEqual(good.sizes.map((size: { price: number }) => size.price));
  });

  it('applies after the configured delay: buffer status 1 first, then history', async () => {
    const delayed = await startEmulator({ limits: false, priceApplyDelayMs: 300 });
    try {
      const other = await createSeller(delayed, { seed: 12, cards: 50 });
      const good = (await call(delayed, other.token, 'prices', '/api/v2/list/goods/filter?limit=1')).json.data.listGoods[0];
      const id = (
        await call(delayed, other.token, 'prices', '/api/v2/upload/task', {
          method: 'POST',
          body: { data: [{ nmID: good.nmID, price: 777 }] },
        })
      ).json.data.id;
      expect((await call(delayed, other.token, 'prices', `/api/v2/buffer/tasks?uploadID=${id}`)).json.data).toMatchObject({
        uploadID: id,
        status: 1,
      });
      expect((await call(delayed, other.token, 'prices', `/api/v2/history/tasks?uploadID=${id}`)).json.data).toBeNull();
      expect(
        (await call(delayed, other.token, 'prices', `/api/v2/list/goods/filter?limit=1&filterNmID=${good.nmID}`)).json.data.listGoods[0]
          .sizes[0].price,
      ).toBe(good.sizes[0].price);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(
        (await call(delayed, other.token, 'prices', `/api/v2/list/goods/filter?limit=1&filterNmID=${good.nmID}`)).json.data.listGoods[0]
          .sizes[0].price,
      ).toBe(777);
      expect((await call(delayed, other.token, 'prices', `/api/v2/history/tasks?uploadID=${id}`)).json.data.status).toBe(3);
    } finally {
      await delayed.close();
    }
  });

  it('reports items of unknown nmIDs as failed (status 5) while applying the rest', async () => {
    const good = await firstGood();
    const id = (
      await upload([
        { nmID: good.nmID, price: 999 },
        { nmID: 1, price: 999 },
      ])
    ).json.data.id;
    expect((await call(emulator, seller.token, 'prices', `/api/v2/history/tasks?uploadID=${id}`)).json.data).toMatchObject({
      status: 5,
      overAllGoodsNumber: 2,
      successGoodsNumber: 1,
    });
    const rows = (await call(emulator, seller.token, 'prices', `/api/v2/history/goods/task?uploadID=${id}&limit=10`)).json.data
      .historyGoods;
    expect(rows[1]).toMatchObject({ nmID: 1, status: 3, errorText: 'Invalid item No.' });
  });

  it('accepts an upload with items refused through the control API and fails each with its text when applied', async () => {
    const [kept, refused] = (await goods('limit=2&offset=40')).json.data.listGoods;
    const refuse = (body: unknown) =>
      fetch(`${emulator.url}/__emulator/sellers/${seller.sellerId}/prices/refusals`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await refuse({ items: [{ nmID: refused.nmID }] })).status).toBe(400);
    expect((await refuse({ items: [{ nmID: refused.nmID, errorText: 'Товар заблокирован' }] })).status).toBe(200);
    const answer = await upload([
      { nmID: kept.nmID, price: 4321 },
      { nmID: refused.nmID, price: 4321 },
    ]);
    expect(answer.status).toBe(200);
    const id = answer.json.data.id;
    expect((await call(emulator, seller.token, 'prices', `/api/v2/history/tasks?uploadID=${id}`)).json.data).toMatchObject({
      status: 5,
      successGoodsNumber: 1,
    });
    const rows = (await call(emulator, seller.token, 'prices', `/api/v2/history/goods/task?uploadID=${id}&limit=10`)).json.data
      .historyGoods;
    expect(rows[0]).toMatchObject({ nmID: kept.nmID, status: 2 });
    expect(rows[0]).not.toHaveProperty('errorText');
    expect(rows[1]).toMatchObject({ nmID: refused.nmID, status: 3, errorText: 'Товар заблокирован' });
  });

  it.each([
    [[], 'Empty data'],
    ['nope', 'Invalid data format'],
    [
      Array.from({ length: 1001 }, (_, i) => ({ nmID: i + 1, price: 100 })),
      'Upload limit exceeded: You can upload a maximum of 1 000 items',
    ],
    [
      [
        { nmID: 5, price: 100 },
        { nmID: 5, price: 200 },
      ],
      'Duplicate item Nos.',
    ],
    [[{ nmID: 5, price: 10.5 }], 'Price should be a whole number'],
    [[{ nmID: 5, price: 0 }], 'Invalid price value'],
    [[{ nmID: 5, discount: 100 }], 'Invalid discount value'],
    [[{ nmID: 'x', price: 1 }], 'Invalid item No.'],
    [[{ nmID: 5 }], 'Price and discount not specified'],
    [[{ nmID: 1, price: 100 }], 'All item Nos. are specified incorrectly, or the specified prices and discounts are already set'],
  ])('rejects %j with "%s"', async (data, errorText) => {
    const response = await upload(data);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ data: null, error: true, errorText });
  });
});

describe('prices rate limit', () => {
  it('shares one bucket of burst 5 between all prices methods', async () => {
    const limited = await startEmulator();
    try {
      const other = await createSeller(limited, { cards: 10 });
      const statuses = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push((await call(limited, other.token, 'prices', '/api/v2/list/goods/filter?limit=1')).status);
      for (let i = 0; i < 3; i += 1) statuses.push((await call(limited, other.token, 'prices', '/api/v2/history/tasks?uploadID=1')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
