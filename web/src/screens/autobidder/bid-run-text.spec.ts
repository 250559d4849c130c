import { type BidReason, bidReason } from '@shared/autobidder/bid-reason';
import { describe, expect, it } from 'vitest';

import { runBids, runSummaryText } from './bid-run-text';

const item = (bidBefore: number | null, bidAfter: number | null, reason: string, reasonFields: BidReason) => ({
  advertId: 7,
  campaignName: 'Весна',
  nmId: 1,
  productName: 'Кроссовки яркие',
  placement: 'combined' as const,
  bidBefore,
  bidAfter,
  strategyId: 'strategy-1',
  reason,
  reasonFields,
});

describe('the result of a bid engine run', () => {
  it.each([
    [{ applied: 3, refused: 0, skipped: 1 }, 'Изменено ставок: 3, отклонено маркетплейсом: 0, без изменений: 1'],
    [{ applied: 0, refused: 2, skipped: 0 }, 'Изменено ставок: 0, отклонено маркетплейсом: 2, без изменений: 0'],
  ])('%o reads %s', (counts, text) => {
    expect(runSummaryText(counts)).toBe(text);
  });

  const raised = item(800, 1250, 'Повышение …', bidReason('raised', { target: 1250, minBid: 100, maxBid: 5050 }));
  const refused = item(
    800,
    800,
    'Маркетплейс отклонил ставку: кампания завершена',
    bidReason('refused', { refusal: 'кампания завершена' }),
  );
  const kept = item(800, 800, 'После изменения ставки …', bidReason('few_clicks', { actual: 3, target: 20 }));
  const noBid = item(null, null, 'Нет данных о ставке', bidReason('no_bid_data'));

  it.each([
    [[raised, refused, kept, noBid], { changed: [raised], refused: [refused] }],
    [[kept, noBid], { changed: [], refused: [] }],
    [[refused], { changed: [], refused: [refused] }],
  ])('sorts the changed and the refused bids out of %#', (items, bids) => {
    expect(runBids(items)).toEqual(bids);
  });
});
