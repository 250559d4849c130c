import { shiftDay } from '../../src/common/time/calendar-days';
import { moscowToday } from '../../src/common/time/moscow-time';
import { call, expectStatus, readUntil } from './http';

/** The demo's cost prices: this share of each priced card's discounted price, from this many Moscow days ago. */
const COST_SHARE_PCT = 45;
const COST_SINCE_DAYS = 30;
/** Cards of the first catalog page that get one (POST /catalog/costs takes up to 1000). */
const COST_CARDS = 100;

export interface DemoCosts {
  cards: number;
  validFrom: string;
  /** The cards with a cost price, in the catalog's order. */
  nmIds: number[];
}

/**
 * Cost prices for the demo seller's priced cards, once the catalog sync has their prices: what the catalog's margin
 * column and accounting read. The demo's figure is a made-up share of the price, in whole kopecks.
 */
export async function demoCosts(base: string, token: string, mpAccountId: string): Promise<DemoCosts> {
  const products = await readUntil(
    'the catalog with prices',
    async () =>
      expectStatus(
        await call(base, 'GET', `/catalog/products?mpAccountId=${mpAccountId}&sort=name&limit=${COST_CARDS}`, token),
        200,
        'read the catalog',
      ).body.items as { nmId: number; discountedPrice: number | null }[],
    (items) => items.some((item) => item.discountedPrice !== null),
    120_000,
  );
  const validFrom = shiftDay(moscowToday(new Date()), -COST_SINCE_DAYS);
  const items = products.flatMap(({ nmId, discountedPrice }) =>
    discountedPrice === null ? [] : [{ nmId, costPrice: Math.round(discountedPrice * COST_SHARE_PCT) / 100, validFrom }],
  );
  expectStatus(await call(base, 'POST', '/catalog/costs', token, { mpAccountId, items }), 200, 'set the demo cost prices');
  return { cards: items.length, validFrom, nmIds: items.map((item) => item.nmId) };
}

/** What the demo prints of its cost prices. */
export function demoCostsLines(base: string, mpAccountId: string, costs: DemoCosts): string[] {
  return [
    `Cost prices: ${costs.cards} cards at ${COST_SHARE_PCT} % of their discounted price from ${costs.validFrom}; «Каталог» shows them with the margin:`,
    `  curl -s "${base}/catalog/products/${costs.nmIds[0]}/costs?mpAccountId=${mpAccountId}" -H "Authorization: Bearer $TOKEN"`,
    '',
  ];
}
