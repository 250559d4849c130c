import { describe, expect, it } from 'vitest';

import { bidReason, BidReasonKind, bidReasonText, KOPECK_WORDS, MoneyWords } from './bid-reason';

/** Money as the web app shows bids, for a second wording of the same fields. */
const PLAIN_ROUBLES: MoneyWords = { amount: (kopecks) => `${kopecks / 100} ₽`, range: (min, max) => `${min / 100} ₽ – ${max / 100} ₽` };

const bounds = { minBid: 100, maxBid: 5050 };

describe('a bid reason is a sentence made from its fields', () => {
  it.each<[BidReasonKind, Parameters<typeof bidReason>[1], string, string]>([
    ['no_bid_data', {}, 'Нет данных о ставке', 'Нет данных о ставке'],
    ['not_recalculated', {}, 'Цель стратегии не пересчитывает ставку', 'Цель стратегии не пересчитывает ставку'],
    ['no_clicks', {}, 'Показы без кликов: ставка не меняется', 'Показы без кликов: ставка не меняется'],
    [
      'few_clicks',
      { actual: 3, target: 20 },
      'После изменения ставки 3 кликов из 20 нужных: ставка не меняется',
      'После изменения ставки 3 кликов из 20 нужных: ставка не меняется',
    ],
    ['unchanged', {}, 'Ставка не изменилась', 'Ставка не изменилась'],
    [
      'raise_blocked',
      {},
      'Лимит бюджета кампании достигнут по сегодняшней проверке: ставка не повышается',
      'Лимит бюджета кампании достигнут по сегодняшней проверке: ставка не повышается',
    ],
    [
      'raised',
      { ...bounds, target: 1250 },
      'Повышение к целевой цене клика 1250 коп. (границы 100–5050 коп.)',
      'Повышение к целевой цене клика 12.5 ₽ (границы 1 ₽ – 50.5 ₽)',
    ],
    [
      'lowered',
      { ...bounds, target: 700 },
      'Снижение к целевой цене клика 700 коп. (границы 100–5050 коп.)',
      'Снижение к целевой цене клика 7 ₽ (границы 1 ₽ – 50.5 ₽)',
    ],
    [
      'bounded',
      bounds,
      'Ставка приведена к границам стратегии (границы 100–5050 коп.)',
      'Ставка приведена к границам стратегии (границы 1 ₽ – 50.5 ₽)',
    ],
    [
      'refused',
      { refusal: 'wrong advert status: 7' },
      'Маркетплейс отклонил ставку: wrong advert status: 7',
      'Маркетплейс отклонил ставку: wrong advert status: 7',
    ],
  ])('%s %j reads %j in kopecks, %j in roubles', (kind, fields, inKopecks, inRoubles) => {
    const reason = bidReason(kind, fields);
    expect(bidReasonText(reason, KOPECK_WORDS)).toBe(inKopecks);
    expect(bidReasonText(reason, PLAIN_ROUBLES)).toBe(inRoubles);
  });

  it('leaves every field a kind does not name null', () => {
    expect(bidReason('few_clicks', { actual: 3, target: 20 })).toEqual({
      kind: 'few_clicks',
      before: null,
      after: null,
      target: 20,
      actual: 3,
      minBid: null,
      maxBid: null,
      refusal: null,
    });
  });
});
