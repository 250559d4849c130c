import type { PricedProduct } from '../../catalog/products/catalog.reader';
import type { RepricerRuleRow } from '../rules/repricer-rules.reader';
import { decidePrices, EngineProduct, PriceDecision, RuleBook } from './repricer-engine';
import type { RepricerRunItemDto } from './repricer-runs.dto';

/** Products read per query: a run holds a page and at most one upload of changes, never the whole catalog. */
export const PRODUCT_PAGE_SIZE = 2000;

/** The account's priced products after an nmId, in nmId order, at most `limit`. */
export type PricedProductPages = (afterNmId: number, limit: number) => Promise<PricedProduct[]>;

/** How many products the run has decided to leave at their price so far. */
export interface RunTally {
  skipped: number;
}

/** Brands and metrics an API run passed, by nmId. */
function runContext(items: RepricerRunItemDto[] | undefined): Map<number, RepricerRunItemDto> | undefined {
  return items && new Map(items.map((item) => [item.nmId, item]));
}

function withRunContext(products: PricedProduct[], known: Map<number, RepricerRunItemDto> | undefined): EngineProduct[] {
  if (!known) return products;
  return products.map((product) => {
    const item = known.get(product.nmId);
    return item ? { ...product, brand: item.brand, metrics: item.metrics } : product;
  });
}

/**
 * The run's price changes in uploads of `uploadSize`, decided page by page as the catalog is read, so that the first
 * upload leaves after one page and memory stays flat however large the catalog is. The tally counts as it goes.
 */
export async function* changeChunks(
  pages: PricedProductPages,
  book: RuleBook<RepricerRuleRow>,
  items: RepricerRunItemDto[] | undefined,
  uploadSize: number,
  tally: RunTally,
): AsyncGenerator<PriceDecision[]> {
  const known = runContext(items);
  let pending: PriceDecision[] = [];
  let after = 0;
  for (;;) {
    const page = await pages(after, PRODUCT_PAGE_SIZE);
    if (!page.length) break;
    after = page[page.length - 1].nmId;
    const { changes, skipped } = decidePrices(withRunContext(page, known), book);
    tally.skipped += skipped;
    pending = pending.concat(changes);
    while (pending.length >= uploadSize) yield pending.splice(0, uploadSize);
    if (page.length < PRODUCT_PAGE_SIZE) break;
  }
  if (pending.length) yield pending;
}
