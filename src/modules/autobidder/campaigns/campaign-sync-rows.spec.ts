import { describe, expect, it } from 'vitest';

import type { Advert, CampaignStats } from '../../../marketplace/endpoints/advert';
import { campaignRows, statsRows } from './campaign-sync-rows';

const advert = (bidType: 'unified' | 'manual'): Advert => ({
  id: 7,
  bid_type: bidType,
  status: 9,
  settings: { name: 'Кампания', payment_type: 'cpm', placements: { search: true, recommendations: bidType === 'manual' } },
  nm_settings: [{ nm_id: 100, subject: { id: 1, name: 'Платья' }, bids_kopecks: { search: 250, recommendations: 180 } }],
  restrictions: {},
  timestamps: { created: '2026-01-01T00:00:00Z', updated: '2026-01-01T00:00:00Z', deleted: '2100-01-01T00:00:00Z' },
});

const totals = (views: number, clicks: number, sum: number, orders: number, sumPrice: number) => ({
  views,
  clicks,
  ctr: 0,
  cpc: 0,
  cr: 0,
  atbs: 0,
  orders,
  shks: 0,
  canceled: 0,
  sum,
  sum_price: sumPrice,
});

describe('campaignRows', () => {
  it('a unified campaign has one combined bid per product; the type comes from the count', () => {
    expect(campaignRows(advert('unified'), 9)).toEqual({
      campaign: { advertId: 7, name: 'Кампания', status: 9, type: 9, bidType: 'unified', paymentType: 'cpm' },
      products: [{ advertId: 7, nmId: 100, bids: { combined: 250 } }],
    });
  });

  it('a manual campaign has a search and a recommendations bid; a campaign without products has none', () => {
    expect(campaignRows(advert('manual'), 8).products).toEqual([{ advertId: 7, nmId: 100, bids: { search: 250, recommendations: 180 } }]);
    expect(campaignRows({ ...advert('manual'), nm_settings: null }, 8).products).toEqual([]);
  });
});

describe('statsRows', () => {
  it('sums a product over the apps of a day, money in whole kopecks without float error, by the marketplace day', () => {
    const day = (date: string, apps: CampaignStats['days'][number]['apps']) => ({ date, ...totals(0, 0, 0, 0, 0), apps });
    const nm = (nmId: number, views: number, clicks: number, sum: number, orders: number, sumPrice: number) => ({
      nmId,
      name: 'Товар',
      ...totals(views, clicks, sum, orders, sumPrice),
    });
    const stats: CampaignStats = {
      advertId: 7,
      currency: 'RUB',
      ...totals(0, 0, 0, 0, 0),
      days: [
        day('2026-11-20T00:00:00Z', [
          { appType: 1, ...totals(0, 0, 0, 0, 0), nms: [nm(100, 10, 1, 0.1, 0, 0), nm(200, 5, 0, 0, 0, 0)] },
          { appType: 32, ...totals(0, 0, 0, 0, 0), nms: [nm(100, 20, 2, 0.2, 1, 1234.56)] },
        ]),
        day('2026-11-21T00:00:00+03:00', [{ appType: 64, ...totals(0, 0, 0, 0, 0), nms: [nm(100, 1, 1, 12.34, 0, 0)] }]),
      ],
    };
    expect(statsRows(stats)).toEqual([
      { advertId: 7, nmId: 100, day: '2026-11-20', views: 30, clicks: 3, spendKopecks: 30, orders: 1, orderedKopecks: 123_456 },
      { advertId: 7, nmId: 200, day: '2026-11-20', views: 5, clicks: 0, spendKopecks: 0, orders: 0, orderedKopecks: 0 },
      { advertId: 7, nmId: 100, day: '2026-11-21', views: 1, clicks: 1, spendKopecks: 1234, orders: 0, orderedKopecks: 0 },
    ]);
  });
});
