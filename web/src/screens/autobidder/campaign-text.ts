import type { components } from '../../api/schema';

type Placement = NonNullable<components['schemas']['BidEngineRunItemDto']['placement']>;

/** Campaign statuses of the marketplace's advert API (9 and 11 are the ones a seller switches between). */
const STATUS_TEXT: Record<number, string> = {
  [-1]: 'удаляется',
  4: 'готова к запуску',
  7: 'завершена',
  8: 'отклонена',
  9: 'активна',
  11: 'на паузе',
};

export const campaignStatusText = (status: number) => STATUS_TEXT[status] ?? `статус ${status}`;

export const PLACEMENT_TEXT: Record<Placement, string> = {
  combined: 'единая ставка',
  search: 'поиск',
  recommendations: 'рекомендации',
};

export const placementText = (placement: Placement | null) => (placement === null ? 'нет ставки' : PLACEMENT_TEXT[placement]);
