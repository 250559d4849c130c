import type { FastifyInstance, FastifyReply } from 'fastify';

import { dayCharge, firstSpendDay, STATS_STATUSES } from '../generator/ad-spend';
import { DAY_MS, moscowDate } from '../moscow-time';
import { callerOf } from '../pipeline';

export const UPD_PATH = '/adv/v1/upd';
/** Reference 12.5: the interval is 1 to 31 days. */
const MAX_DAYS = 31;

/** Reference 12.5: the upd 400 is a line of text/plain. */
function badInput(reply: FastifyReply, text: string): FastifyReply {
  return reply.status(400).header('content-type', 'text/plain; charset=utf-8').send(text);
}

/** A YYYY-MM-DD date as a day number from 1970-01-01, or null. */
function dayOf(value: string | undefined): number | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms / DAY_MS;
}

/**
 * Reference 12.5: the ad account's charges of the interval, one per campaign and day with spend, each the day's
 * fullstats spend in whole roubles; campaigns in order, each by day.
 */
export function registerAdSpendRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: { from?: string; to?: string } }>(
    UPD_PATH,
    { config: { scope: 'advert', path: UPD_PATH } },
    async (request, reply) => {
      const from = dayOf(request.query.from);
      const to = dayOf(request.query.to);
      if (from === null) return badInput(reply, 'Некорректная дата начала периода');
      if (to === null) return badInput(reply, 'Некорректная дата конца периода');
      if (to < from || to - from + 1 > MAX_DAYS) return badInput(reply, `Период должен быть от 1 до ${MAX_DAYS} дней`);
      // The marketplace's days are Moscow days: today is the Moscow date.
      const today = dayOf(moscowDate(Date.now()))!;
      const charges = [];
      for (const campaign of callerOf(request).seller.campaigns.all()) {
        if (!STATS_STATUSES.includes(campaign.status)) continue;
        for (let day = Math.max(from, firstSpendDay(campaign)); day <= Math.min(to, today); day += 1) {
          const charge = dayCharge(campaign, day, today);
          if (charge) charges.push(charge);
        }
      }
      return charges;
    },
  );
}
