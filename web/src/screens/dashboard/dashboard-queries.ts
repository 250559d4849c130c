import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type Period = components['schemas']['PricingSummaryDto']['period'];

type Schemas = components['schemas'];
/** Each module's KPI summary route and the envelope it answers. */
interface Summaries {
  '/digitization/summary': Schemas['DigitizationSummaryDto'];
  '/pricing/summary': Schemas['PricingSummaryDto'];
  '/repricer/summary': Schemas['RepricerSummaryDto'];
  '/autobidder/summary': Schemas['AutobidderSummaryDto'];
  '/autoreply/summary': Schemas['AutoreplySummaryDto'];
}
export type SummaryRoute = keyof Summaries;

/** A module's KPI summary of the window with its indicators of each day (series=daily) for the charts. */
const summaryQuery = <R extends SummaryRoute>(route: R, mpAccountId: string, period: Period) =>
  queryOptions({
    queryKey: ['dashboard', mpAccountId, route, period],
    queryFn: async (): Promise<Summaries[R]> =>
      unwrap(await api.GET(route as SummaryRoute, { params: { query: { mpAccountId, period, series: 'daily' } } })) as Summaries[R],
  });

export function useSummary<R extends SummaryRoute>(route: R, mpAccountId: string, period: Period) {
  return useQuery({ ...summaryQuery(route, mpAccountId, period), placeholderData: keepPreviousData });
}
