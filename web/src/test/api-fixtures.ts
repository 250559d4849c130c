import type { components } from '../api/schema';

type Product = components['schemas']['ProductItemDto'];
type Strategy = components['schemas']['BidStrategyResponseDto'];

/** A page of a list answer holding `items`, the only page. */
export function onePage<T>(items: T[]) {
  return { items, meta: { total: items.length, page: 1, limit: 100, totalPages: 1, hasNext: false, hasPrev: false } };
}

export function product(nmId: number, title: string, price: number | null = 1000): Product {
  return {
    nmId,
    vendorCode: `VC-${nmId}`,
    title,
    brand: 'Бренд',
    brandId: null,
    photo: null,
    price,
    discount: null,
    discountedPrice: price,
    clubDiscount: null,
    priceUpdatedAt: null,
    pricePending: false,
    costPrice: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

export const ACCOUNT = { id: 'acc-1', name: 'Основной кабинет' };

/** A stored click-price strategy of the account: 12,05 ₽ a click, bids from 1,50 to 50 ₽, campaigns 7 and 8. */
export const STRATEGY: Strategy = {
  id: 'strategy-1',
  mpAccountId: ACCOUNT.id,
  name: 'Клик',
  goal: 'cpc',
  targetCpc: 1205,
  targetDrrPct: null,
  targetPosition: null,
  minBid: 150,
  maxBid: 5000,
  campaigns: [7, 8],
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
