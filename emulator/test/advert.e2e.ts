import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

let emulator: RunningEmulator;
let seller: EmulatorSeller;

beforeAll(async () => {
  emulator = await startEmulator({ limits: false });
  seller = await createSeller(emulator, { seed: 21, cards: 100, campaigns: 8 });
});
afterAll(() => emulator.close());

function advert(path: string, init: { method?: string; body?: unknown } = {}) {
  return call(emulator, seller.token, 'advert', path, init);
}

async function adverts(query = ''): Promise<Record<string, any>[]> {
  return (await advert(`/api/advert/v2/adverts${query}`)).json.adverts;
}

describe('campaigns', () => {
  it('counts campaigns by type and status, and lists them with products and bids in kopecks', async () => {
    const count = (await advert('/adv/v1/promotion/count')).json;
    expect(count.all).toBe(8);
    expect(count.adverts.reduce((sum: number, group: { count: number }) => sum + group.count, 0)).toBe(8);
    const all = await adverts();
    expect(all).toHaveLength(8);
    expect(all[0]).toMatchObject({
      id: expect.any(Number),
      currency: 'RUB',
      bid_type: expect.stringMatching(/unified|manual/),
      settings: { name: expect.any(String) },
    });
    expect(all[0].nm_settings[0].bids_kopecks.search).toBeGreaterThanOrEqual(150);
    const active = await adverts('?statuses=9');
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((campaign) => campaign.status === 9)).toBe(true);
    expect(await adverts(`?ids=${all[1].id}`)).toHaveLength(1);
  });

  it('gives full statistics per day, app and product, with totals that add up', async () => {
    const campaign = (await adverts('?statuses=9'))[0];
    const end = new Date().toISOString().slice(0, 10);
    const begin = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const [stats] = (await advert(`/adv/v3/fullstats?ids=${campaign.id}&beginDate=${begin}&endDate=${end}`)).json as unknown as Record<
      string,
      any
    >[];
    expect(stats.advertId).toBe(campaign.id);
    expect(stats.days).toHaveLength(7);
    expect(stats.views).toBe(stats.days.reduce((sum: number, day: { views: number }) => sum + day.views, 0));
    const day = stats.days[0];
    expect(day.apps[0].nms.map((nm: { nmId: number }) => nm.nmId)).toEqual(campaign.nm_settings.map((nm: { nm_id: number }) => nm.nm_id));
    expect(day.clicks).toBe(day.apps[0].nms.reduce((sum: number, nm: { clicks: number }) => sum + nm.clicks, 0));
    const again = (await advert(`/adv/v3/fullstats?ids=${campaign.id}&beginDate=${begin}&endDate=${end}`)).json;
    expect(again).toEqual([stats]);
  });

  it('refuses a range over 31 days and bad ids', async () => {
    const response = await advert('/adv/v3/fullstats?ids=1&beginDate=2026-01-01&endDate=2026-03-01');
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ detail: 'max date range 31 days', field: 'begin and end' }]);
    expect((await advert('/adv/v3/fullstats?ids=x&beginDate=2026-01-01&endDate=2026-01-02')).json).toMatchObject({
      detail: 'invalid ids',
      status: 400,
      request_id: expect.any(String),
    });
  });
});

describe('minimum bids and scripts', () => {
  function control(path: string, body: unknown) {
    return fetch(`${emulator.url}/__emulator${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  it('answers the minimum bids of the products by placement (recommendation, singular); the bids call refuses a bid below its own', async () => {
    const campaign = (await adverts()).find((candidate) => [4, 9, 11].includes(candidate.status) && candidate.bid_type === 'manual')!;
    const nmId = campaign.nm_settings[0].nm_id;
    const scripted = await control(`/sellers/${seller.sellerId}/campaigns/${campaign.id}/products/${nmId}`, {
      minBids: { search: 400, recommendation: 200 },
    });
    expect(scripted.status).toBe(200);
    const body = { advert_id: campaign.id, nm_ids: [nmId], payment_type: 'cpm', placement_types: ['search', 'recommendation', 'combined'] };
    expect((await advert('/api/advert/v1/bids/min', { method: 'POST', body })).json).toEqual({
      bids: [
        {
          nm_id: nmId,
          bids: [
            { type: 'search', value: 400, currency: 'RUB' },
            { type: 'recommendation', value: 200, currency: 'RUB' },
            { type: 'combined', value: 150, currency: 'RUB' },
          ],
        },
      ],
    });
    const wrongNm = await advert('/api/advert/v1/bids/min', { method: 'POST', body: { ...body, nm_ids: [1] } });
    expect(wrongNm.status).toBe(400);
    expect(wrongNm.json).toMatchObject({ title: 'Invalid Params', detail: 'some nms are not belong to advert', status: 400 });
    const tooMany = await advert('/api/advert/v1/bids/min', {
      method: 'POST',
      body: { ...body, nm_ids: Array.from({ length: 101 }, () => nmId) },
    });
    expect(tooMany.status).toBe(400);

    const setBid = (placement: string, bid: number) =>
      advert('/api/advert/v1/bids', {
        method: 'PATCH',
        body: { bids: [{ advert_id: campaign.id, nm_bids: [{ nm_id: nmId, bid_kopecks: bid, placement }] }] },
      });
    expect((await setBid('search', 399)).json).toMatchObject({ detail: 'wrong bid value: 399; min: 400' });
    expect((await setBid('search', 400)).status).toBe(200);
    expect((await setBid('recommendations', 200)).status).toBe(200);
  });

  it("scripts a product's statistics of given days in place of the generated ones", async () => {
    const campaign = (await adverts('?statuses=9'))[0];
    const nmId = campaign.nm_settings[0].nm_id;
    const date = new Date().toISOString().slice(0, 10);
    const scripted = await control(`/sellers/${seller.sellerId}/campaigns/${campaign.id}/products/${nmId}`, {
      days: [{ date, views: 100, clicks: 4, sum: 12.5 }],
    });
    expect(scripted.status).toBe(200);
    const [stats] = (await advert(`/adv/v3/fullstats?ids=${campaign.id}&beginDate=${date}&endDate=${date}`)).json as unknown as Record<
      string,
      any
    >[];
    expect(stats.days[0].apps[0].nms.find((nm: { nmId: number }) => nm.nmId === nmId)).toMatchObject({
      views: 100,
      clicks: 4,
      sum: 12.5,
      cpc: 3.13,
    });
    expect(
      (await control(`/sellers/${seller.sellerId}/campaigns/${campaign.id}/products/${nmId}`, { days: [{ date: 'today' }] })).status,
    ).toBe(400);
    expect((await control(`/sellers/${seller.sellerId}/campaigns/1/products/${nmId}`, {})).status).toBe(404);
  });
});

describe('writes', () => {
  it('changes bids, echoing them; a wrong bid changes nothing', async () => {
    const campaign = (await adverts()).find((candidate) => [4, 9, 11].includes(candidate.status) && candidate.bid_type === 'unified')!;
    const nmId = campaign.nm_settings[0].nm_id;
    const body = { bids: [{ advert_id: campaign.id, nm_bids: [{ nm_id: nmId, bid_kopecks: 777, placement: 'combined' }] }] };
    const changed = await advert('/api/advert/v1/bids', { method: 'PATCH', body });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({ ...body, currency: 'RUB' });
    expect((await adverts(`?ids=${campaign.id}`))[0].nm_settings[0].bids_kopecks).toEqual({ search: 777, recommendations: 777 });

    const refused = await advert('/api/advert/v1/bids', {
      method: 'PATCH',
      body: { bids: [{ advert_id: campaign.id, nm_bids: [{ nm_id: nmId, bid_kopecks: 3, placement: 'combined' }] }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ detail: 'wrong bid value: 3; min: 150', title: 'invalid payload' });
    expect((await adverts(`?ids=${campaign.id}`))[0].nm_settings[0].bids_kopecks.search).toBe(777);
  });

  it('pauses an active campaign and starts it again; other states are refused', async () => {
    const campaign = (await adverts('?statuses=9'))[0];
    expect((await advert(`/adv/v0/pause?id=${campaign.id}`)).status).toBe(200);
    expect((await adverts(`?ids=${campaign.id}`))[0].status).toBe(11);
    const again = await advert(`/adv/v0/pause?id=${campaign.id}`);
    expect(again.status).toBe(422);
    expect(again.text).toBe('Статус кампании не изменен');
    const budget = (await advert(`/adv/v1/budget?id=${campaign.id}`)).json;
    expect(budget).toMatchObject({ cash: 0, netting: 0, total: expect.any(Number), currency: 'RUB' });
    const started = await advert(`/adv/v0/start?id=${campaign.id}`);
    expect(started.status).toBe(budget.total > 0 ? 200 : 400);
    expect((await advert('/adv/v0/pause?id=1')).json).toEqual({ error: 'AdvertChangeStatus: Not Found: advert not found' });
    expect((await advert('/adv/v0/pause?id=abc')).json).toEqual({ error: 'Invalid Advert: invalid advert' });
  });
});
