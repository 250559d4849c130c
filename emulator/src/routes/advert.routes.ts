import { randomUUID } from 'node:crypto';

import type { FastifyInstance, FastifyReply } from 'fastify';

import { addTotals, Campaign, CampaignNm, dayTotals, MIN_BID_PLACEMENTS, MinBidPlacement } from '../generator/campaigns';
import { cardAt } from '../generator/catalog';
import { DAY_MS, moscowDate } from '../moscow-time';
import { callerOf } from '../pipeline';
import { intParam } from './request-checks';

const COUNT_PATH = '/adv/v1/promotion/count';
const ADVERTS_PATH = '/api/advert/v2/adverts';
const FULLSTATS_PATH = '/adv/v3/fullstats';
const BIDS_PATH = '/api/advert/v1/bids';
const BIDS_MIN_PATH = '/api/advert/v1/bids/min';
const BUDGET_PATH = '/adv/v1/budget';
const MAX_IDS = 50;
const MAX_RANGE_DAYS = 31;
/** Reference 16.2: 1 to 100 products a minimum-bids call. */
const MAX_MIN_BID_NMS = 100;
/** The highest bid taken, kopecks; the lowest is each product's minimum bid. */
const MAX_BID = 100_000;
const FAR_FUTURE = '2100-01-01T00:00:00Z';

/** Reference 0.3: the advert scope's 400 (snake_case request_id). */
function invalidPayload(reply: FastifyReply, detail: string, extra: Record<string, unknown> = {}): FastifyReply {
  return reply
    .status(400)
    .send({ detail, origin: 'camp-api-public-cache', request_id: randomUUID(), status: 400, title: 'invalid payload', ...extra });
}

/** Reference 16.2: the minimum-bids call's 400 (StandardizedBatchError). */
function invalidParams(reply: FastifyReply, detail: string): FastifyReply {
  return reply
    .status(400)
    .send({ title: 'Invalid Params', detail, origin: 'camp-api-public-cache', request_id: randomUUID(), status: 400 });
}

/** A bids call's placement as the minimum bids name it (reference 16.2: recommendation, singular). */
function minBidOf(nm: CampaignNm, placement: string): number {
  return nm.minBids[placement === 'recommendations' ? 'recommendation' : (placement as MinBidPlacement)];
}

function idList(value: string | undefined): number[] | null {
  if (value === undefined || value.trim() === '') return [];
  const ids = value.split(',').map((part) => part.trim());
  return ids.every((id) => /^\d+$/.test(id)) ? ids.map(Number) : null;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function advertOf(campaign: Campaign) {
  return {
    id: campaign.id,
    bid_type: campaign.bidType,
    currency: 'RUB',
    status: campaign.status,
    settings: {
      name: campaign.name,
      payment_type: campaign.paymentType,
      placements: { search: true, recommendations: campaign.bidType === 'manual' },
    },
    nm_settings: campaign.nms.map((nm) => ({
      nm_id: nm.nmId,
      subject: nm.subject,
      bids_kopecks: { search: nm.bids.search, recommendations: nm.bids.recommendations },
    })),
    restrictions: { can_change_nms: campaign.status !== 7 },
    timestamps: {
      created: iso(campaign.createdMs),
      updated: iso(campaign.createdMs + DAY_MS),
      started: iso(campaign.createdMs + DAY_MS),
      deleted: FAR_FUTURE,
    },
  };
}

/** Reference 6.1-6.6. */
export function registerAdvertRoutes(app: FastifyInstance): void {
  const config = (path: string) => ({ config: { scope: 'advert' as const, path } });

  app.get(COUNT_PATH, config(COUNT_PATH), async (request) => {
    const campaigns = callerOf(request).seller.campaigns.all();
    const groups = new Map<string, Campaign[]>();
    for (const campaign of campaigns)
      groups.set(`${campaign.type}:${campaign.status}`, [...(groups.get(`${campaign.type}:${campaign.status}`) ?? []), campaign]);
    return {
      adverts: [...groups.values()].map((group) => ({
        type: group[0].type,
        status: group[0].status,
        count: group.length,
        advert_list: group.map((campaign) => ({ advertId: campaign.id, changeTime: iso(campaign.createdMs + DAY_MS) })),
      })),
      all: campaigns.length,
    };
  });

  app.get<{ Querystring: Record<string, string> }>(ADVERTS_PATH, config(ADVERTS_PATH), async (request, reply) => {
    const ids = idList(request.query.ids);
    const statuses = request.query.statuses === undefined ? [] : request.query.statuses.split(',').map((status) => Number(status.trim()));
    if (ids === null || ids.length > MAX_IDS || statuses.some((status) => Number.isNaN(status)))
      return invalidPayload(reply, 'invalid ids');
    const paymentType = request.query.payment_type;
    if (paymentType !== undefined && paymentType !== 'cpm' && paymentType !== 'cpc')
      return invalidPayload(reply, 'invalid payment_type value');
    const adverts = callerOf(request)
      .seller.campaigns.all()
      .filter(
        (campaign) =>
          (ids.length === 0 || ids.includes(campaign.id)) &&
          (statuses.length === 0 || statuses.includes(campaign.status)) &&
          (!paymentType || campaign.paymentType === paymentType),
      );
    return { adverts: adverts.map(advertOf) };
  });

  app.get<{ Querystring: Record<string, string> }>(FULLSTATS_PATH, config(FULLSTATS_PATH), async (request, reply) => {
    const ids = idList(request.query.ids);
    if (!ids || ids.length === 0 || ids.length > MAX_IDS) return invalidPayload(reply, 'invalid ids');
    const begin = Date.parse(`${request.query.beginDate}T00:00:00Z`);
    const end = Date.parse(`${request.query.endDate}T00:00:00Z`);
    if (Number.isNaN(begin) || Number.isNaN(end) || end < begin || (end - begin) / DAY_MS + 1 > MAX_RANGE_DAYS) {
      return invalidPayload(reply, 'invalid dates', {
        type: 'validation',
        errors: [{ detail: `max date range ${MAX_RANGE_DAYS} days`, field: 'begin and end' }],
      });
    }
    const { seller } = callerOf(request);
    // The marketplace's days are Moscow days: today is the Moscow date.
    const today = Date.parse(`${moscowDate(Date.now())}T00:00:00Z`);
    return ids
      .map((id) => seller.campaigns.find(id))
      .filter((campaign): campaign is Campaign => campaign !== undefined && [7, 9, 11].includes(campaign.status))
      .map((campaign) => {
        const days = [];
        for (let day = Math.max(begin, Math.floor(campaign.createdMs / DAY_MS) * DAY_MS); day <= Math.min(end, today); day += DAY_MS) {
          const nms = campaign.nms.map((nm, index) => ({
            nmId: nm.nmId,
            name: cardAt(seller.catalog, nm.cardIndex).title,
            ...dayTotals(campaign, index, day / DAY_MS),
          }));
          const totals = addTotals(nms);
          days.push({ date: iso(day), ...totals, apps: [{ appType: 1, ...totals, nms }] });
        }
        return { advertId: campaign.id, currency: 'RUB', ...addTotals(days), days };
      });
  });

  app.patch<{ Body: { bids?: unknown } }>(BIDS_PATH, config(BIDS_PATH), async (request, reply) => {
    const bids = request.body?.bids;
    if (!Array.isArray(bids) || bids.length < 1 || bids.length > MAX_IDS) return invalidPayload(reply, 'bids: from 1 to 50 campaigns');
    const { campaigns } = callerOf(request).seller;
    // Checked in full before anything changes: a refused request changes no bid.
    for (const entry of bids as { advert_id?: unknown; nm_bids?: unknown }[]) {
      const campaign = typeof entry.advert_id === 'number' ? campaigns.find(entry.advert_id) : undefined;
      if (!campaign) return invalidPayload(reply, `advert not found: ${String(entry.advert_id)}`);
      if (![4, 9, 11].includes(campaign.status)) return invalidPayload(reply, `wrong advert status: ${campaign.status}`);
      if (!Array.isArray(entry.nm_bids) || entry.nm_bids.length < 1 || entry.nm_bids.length > MAX_IDS)
        return invalidPayload(reply, 'nm_bids: from 1 to 50 products');
      for (const nmBid of entry.nm_bids as { nm_id?: unknown; bid_kopecks?: unknown; placement?: unknown }[]) {
        const nm = typeof nmBid.nm_id === 'number' ? campaigns.nm(campaign, nmBid.nm_id) : undefined;
        if (!nm) return invalidPayload(reply, `nm not in advert: ${String(nmBid.nm_id)}`);
        const allowed = campaign.bidType === 'unified' ? ['combined'] : ['search', 'recommendations'];
        if (!allowed.includes(nmBid.placement as string)) return invalidPayload(reply, `wrong placement: ${String(nmBid.placement)}`);
        const min = minBidOf(nm, nmBid.placement as string);
        if (!Number.isInteger(nmBid.bid_kopecks) || (nmBid.bid_kopecks as number) < min || (nmBid.bid_kopecks as number) > MAX_BID) {
          return invalidPayload(reply, `wrong bid value: ${String(nmBid.bid_kopecks)}; min: ${min}`);
        }
      }
    }
    for (const entry of bids as {
      advert_id: number;
      nm_bids: { nm_id: number; bid_kopecks: number; placement: 'search' | 'recommendations' | 'combined' }[];
    }[]) {
      const campaign = campaigns.find(entry.advert_id)!;
      for (const nmBid of entry.nm_bids) campaigns.setBid(campaign, nmBid.nm_id, nmBid.placement, nmBid.bid_kopecks);
    }
    return { bids, currency: 'RUB' };
  });

  app.post<{ Body: Record<string, unknown> | undefined }>(BIDS_MIN_PATH, config(BIDS_MIN_PATH), async (request, reply) => {
    const { advert_id: advertId, nm_ids: nmIds, payment_type: paymentType, placement_types: placements } = request.body ?? {};
    const valid =
      Number.isInteger(advertId) &&
      Array.isArray(nmIds) &&
      nmIds.length >= 1 &&
      nmIds.length <= MAX_MIN_BID_NMS &&
      nmIds.every((nmId) => Number.isInteger(nmId)) &&
      (paymentType === 'cpm' || paymentType === 'cpc') &&
      Array.isArray(placements) &&
      placements.every((placement) => (MIN_BID_PLACEMENTS as readonly unknown[]).includes(placement));
    if (!valid) return invalidParams(reply, 'invalid request body');
    const { campaigns } = callerOf(request).seller;
    const campaign = campaigns.find(advertId as number);
    if (!campaign) return invalidParams(reply, 'advert not found');
    const nms = (nmIds as number[]).map((nmId) => campaigns.nm(campaign, nmId));
    if (nms.some((nm) => nm === undefined)) return invalidParams(reply, 'some nms are not belong to advert');
    return {
      bids: (nms as CampaignNm[]).map((nm) => ({
        nm_id: nm.nmId,
        bids: (placements as MinBidPlacement[]).map((type) => ({ type, value: nm.minBids[type], currency: 'RUB' })),
      })),
    };
  });

  for (const [action, path] of [
    ['pause', '/adv/v0/pause'],
    ['start', '/adv/v0/start'],
  ] as const) {
    app.get<{ Querystring: Record<string, string> }>(path, config(path), async (request, reply) => {
      const id = intParam(request.query.id);
      if (id === null) return reply.status(400).send({ error: 'Invalid Advert: invalid advert' });
      const { campaigns } = callerOf(request).seller;
      const campaign = campaigns.find(id);
      if (!campaign) return reply.status(400).send({ error: 'AdvertChangeStatus: Not Found: advert not found' });
      const from = action === 'pause' ? [9] : [4, 11];
      if (!from.includes(campaign.status))
        return reply.status(422).header('content-type', 'text/plain; charset=utf-8').send('Статус кампании не изменен');
      if (action === 'start' && campaign.budget <= 0)
        return reply.status(400).send({ error: 'AdvertChangeStatus: Low Budget: not enough budget' });
      campaigns.setStatus(campaign, action === 'pause' ? 11 : 9);
      return reply.status(200).send();
    });
  }

  app.get<{ Querystring: Record<string, string> }>(BUDGET_PATH, config(BUDGET_PATH), async (request, reply) => {
    const id = intParam(request.query.id);
    const campaign = id === null ? undefined : callerOf(request).seller.campaigns.find(id);
    if (!campaign) return reply.status(400).header('content-type', 'text/plain; charset=utf-8').send('кампания не принадлежит продавцу');
    return { cash: 0, netting: 0, total: campaign.budget, currency: 'RUB' };
  });
}
