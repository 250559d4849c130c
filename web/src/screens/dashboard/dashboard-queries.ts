import { useQuery } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { countPerDay, Period, windowDays } from './price-changes-per-day';

/** The history route's largest page. */
const HISTORY_PAGE = 100;
/** At most this many pages of history per chart; past it the oldest days of the chart show as unknown. */
const HISTORY_MAX_PAGES = 20;

export function usePricingSummary(mpAccountId: string, period: Period) {
  return useQuery({
    queryKey: ['dashboard', mpAccountId, 'pricing', period],
    queryFn: async () => unwrap(await api.GET('/pricing/summary', { params: { query: { mpAccountId, period } } })),
    placeholderData: (previous) => previous,
  });
}

export function useRepricerSummary(mpAccountId: string, period: Period) {
  return useQuery({
    queryKey: ['dashboard', mpAccountId, 'repricer', period],
    queryFn: async () => unwrap(await api.GET('/repricer/summary', { params: { query: { mpAccountId, period } } })),
    placeholderData: (previous) => previous,
  });
}

/**
 * Price changes per UTC day of the window. No route gives them per day, so the price history (newest first, without
 * a date filter) is read page by page back to the window's start.
 */
async function priceChangesPerDay(mpAccountId: string, period: Period) {
  const days = windowDays(period, new Date());
  const start = `${days[0]}T00:00:00.000Z`;
  const changes: { createdAt: string }[] = [];
  for (let page = 1; page <= HISTORY_MAX_PAGES; page++) {
    const { items, meta } = unwrap(await api.GET('/pricing/history', { params: { query: { mpAccountId, page, limit: HISTORY_PAGE } } }));
    changes.push(...items);
    const reachedStart = items.length > 0 && new Date(items[items.length - 1].createdAt) < new Date(start);
    if (reachedStart || !meta.hasNext) return countPerDay(changes, days, true);
  }
  return countPerDay(changes, days, false);
}

export function usePriceChangesPerDay(mpAccountId: string, period: Period) {
  return useQuery({
    queryKey: ['dashboard', mpAccountId, 'price-changes-per-day', period],
    queryFn: () => priceChangesPerDay(mpAccountId, period),
    placeholderData: (previous) => previous,
  });
}
