import { queryOptions } from '@tanstack/react-query';

import { unwrap } from './api-error';
import { CHOICES } from './choices';
import { api } from './client';

/** The ads module's campaigns of a cabinet, as other screens choose and name them; keys under the ads screen's campaigns. */
export const campaignQueries = {
  campaigns: (mpAccountId: string) => ['ads', mpAccountId, 'campaigns'] as const,
  /** The campaigns whose name or number holds the search, as options «name (№ advertId)». */
  choices: (mpAccountId: string, q: string) =>
    queryOptions({
      queryKey: [...campaignQueries.campaigns(mpAccountId), 'choices', q],
      queryFn: async () =>
        unwrap(await api.GET('/autobidder/campaigns', { params: { query: { mpAccountId, limit: CHOICES, ...(q && { q }) } } })).items.map(
          (campaign) => ({ value: String(campaign.advertId), label: `${campaign.name} (№ ${campaign.advertId})` }),
        ),
    }),
  /** The names of the campaigns `advertIds` (those of a page of another list), by number. */
  names: (mpAccountId: string, advertIds: number[]) =>
    queryOptions({
      queryKey: [...campaignQueries.campaigns(mpAccountId), 'names', advertIds],
      queryFn: async () => {
        const query = { mpAccountId, advertId: advertIds, limit: advertIds.length };
        const page = unwrap(await api.GET('/autobidder/campaigns', { params: { query } }));
        return new Map(page.items.map((campaign) => [campaign.advertId, campaign.name]));
      },
    }),
};
