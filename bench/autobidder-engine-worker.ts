import {
  BidEvidence,
  bidEvidenceKey,
  CampaignFacts,
  decideBids,
  ProductStats,
  productStatsKey,
  StrategyFacts,
} from '../src/modules/autobidder/engine/bid-decisions';
import { peakRssMb } from './peak-rss';
import { random } from './seeded-random';

/**
 * One run of the bid engine benchmark in its own process: BENCH_CAMPAIGNS active campaigns with Auto on of
 * BENCH_PRODUCTS products each (a fifth with manual bids, two placements), ten strategies (eight CPC, one DRR, one
 * with an empty list for the unlinked campaigns), 7-day statistics for most products, a change of the service within
 * the 7 days (its evidence since) for a third of the bids, from a fixed seed; prints the decision time and this
 * process's peak RSS as JSON.
 */
const MIN_CLICKS = 20;
const STRATEGIES = 10;
const FIRST_ADVERT_ID = 20_000_000;
const FIRST_NM_ID = 100_000_000;

function strategies(next: () => number): StrategyFacts[] {
  const created = Date.UTC(2026, 0, 1);
  return Array.from({ length: STRATEGIES }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    goal: index === 1 ? 'drr' : 'cpc',
    targetCpc: 300 + Math.floor(next() * 1500),
    minBid: 150,
    maxBid: 3000 + Math.floor(next() * 5000),
    campaigns: [],
    isActive: true,
    createdAt: new Date(created + index * 1000),
  }));
}

function campaigns(count: number, products: number, book: StrategyFacts[], next: () => number): CampaignFacts[] {
  return Array.from({ length: count }, (_, index) => {
    const manual = next() < 0.2;
    const linked = next() < 0.8 ? book[1 + Math.floor(next() * (STRATEGIES - 1))].id : null;
    return {
      advertId: FIRST_ADVERT_ID + index,
      name: `Кампания ${index + 1}`,
      active: true,
      auto: true,
      strategyId: linked,
      raiseBlocked: next() < 0.05,
      products: Array.from({ length: products }, (_, n) => {
        const bid = 150 + Math.floor(next() * 2000);
        return {
          nmId: FIRST_NM_ID + index * products + n,
          name: `Товар ${n}`,
          bids: manual ? { search: bid, recommendations: 150 + Math.floor(next() * 1000) } : { combined: bid },
        };
      }),
    };
  });
}

function stats(list: CampaignFacts[], next: () => number): Map<string, ProductStats> {
  const byProduct = new Map<string, ProductStats>();
  for (const campaign of list)
    for (const product of campaign.products) {
      if (next() < 0.1) continue;
      const views = Math.floor(next() * 20_000);
      const clicks = next() < 0.1 ? 0 : Math.floor((views * next()) / 20);
      byProduct.set(productStatsKey(campaign.advertId, product.nmId), {
        views,
        clicks,
        spendKopecks: clicks * (100 + Math.floor(next() * 3000)),
      });
    }
  return byProduct;
}

function evidence(list: CampaignFacts[], next: () => number): Map<string, BidEvidence> {
  const byBid = new Map<string, BidEvidence>();
  for (const campaign of list)
    for (const product of campaign.products)
      for (const placement of Object.keys(product.bids ?? {})) {
        if (next() >= 1 / 3) continue;
        const clicks = Math.floor(next() * 2 * MIN_CLICKS);
        byBid.set(bidEvidenceKey(campaign.advertId, product.nmId, placement), {
          clicks,
          spendKopecks: clicks * (100 + Math.floor(next() * 3000)),
        });
      }
  return byBid;
}

function main(): void {
  const next = random(Number(process.env.BENCH_SEED));
  const book = strategies(next);
  const list = campaigns(Number(process.env.BENCH_CAMPAIGNS), Number(process.env.BENCH_PRODUCTS), book, next);
  const byProduct = stats(list, next);
  const byBid = evidence(list, next);
  const started = process.hrtime.bigint();
  const decisions = decideBids(book, list, { stats: byProduct, evidence: byBid, minClicks: MIN_CLICKS });
  const decisionMs = Number(process.hrtime.bigint() - started) / 1e6;
  const changed = decisions.filter((decision) => decision.changed).length;
  process.stdout.write(
    `${JSON.stringify({ decisionMs, decisions: decisions.length, changed, skipped: decisions.length - changed, peakRssMb: peakRssMb() })}\n`,
  );
}

main();
