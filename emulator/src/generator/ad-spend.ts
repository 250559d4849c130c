import { DAY_MS } from '../moscow-time';
import { addTotals, Campaign, dayTotals } from './campaigns';

/** Reference 6: fullstats answers campaigns in these statuses, and only they have spent anything. */
export const STATS_STATUSES = [7, 9, 11];

const PAYMENT_TYPES = ['Баланс', 'Бонусы', 'Счёт'] as const;

/** A campaign's spend on one day (a day number from 1970-01-01 of the Moscow date), roubles, as fullstats reports it. */
export function campaignDaySpend(campaign: Campaign, day: number): number {
  return addTotals(campaign.nms.map((_, index) => dayTotals(campaign, index, day))).sum;
}

/** The first day a campaign can have spent on: the day it was created. */
export function firstSpendDay(campaign: Campaign): number {
  return Math.floor(campaign.createdMs / DAY_MS);
}

/**
 * Reference 12.5: the charge of one campaign's day, in whole roubles (updSum is an integer): its fullstats spend of
 * the day, rounded; a day still running (today) is not charged yet, so its time is null. Null when nothing is charged.
 */
export function dayCharge(campaign: Campaign, day: number, today: number) {
  const updSum = Math.round(campaignDaySpend(campaign, day));
  if (updSum <= 0) return null;
  return {
    updNum: 0,
    updTime: day < today ? `${new Date((day + 1) * DAY_MS).toISOString().slice(0, 10)}T03:00:00+03:00` : null,
    updSum,
    advertId: campaign.id,
    campName: campaign.name,
    advertType: campaign.type,
    advertStatus: campaign.status,
    paymentType: PAYMENT_TYPES[campaign.id % PAYMENT_TYPES.length],
  };
}
