import { bidReason } from '@shared/autobidder/bid-reason';
import { describe, expect, it } from 'vitest';

import { reasonText } from './bid-reason-text';

describe('a bid reason reads in roubles, made from its fields', () => {
  it.each([
    [bidReason('raised', { target: 1250, minBid: 100, maxBid: 5050 }), 'Повышение к целевой цене клика 12,50 ₽ (границы 1 ₽ – 50,50 ₽)'],
    [
      bidReason('lowered', { target: 7, minBid: 1, maxBid: 125_005 }),
      'Снижение к целевой цене клика 0,07 ₽ (границы 0,01 ₽ – 1\u202f250,05 ₽)',
    ],
    [bidReason('bounded', { minBid: 150, maxBid: 400 }), 'Ставка приведена к границам стратегии (границы 1,50 ₽ – 4 ₽)'],
    [bidReason('few_clicks', { actual: 3, target: 20 }), 'После изменения ставки 3 кликов из 20 нужных: ставка не меняется'],
    [bidReason('unchanged'), 'Ставка не изменилась'],
  ])('%j reads %j', (reasonFields, shown) => {
    expect(reasonText({ reason: 'the service’s sentence', reasonFields })).toBe(shown);
  });

  it('an entry logged before reasons had fields shows the service’s sentence as it is', () => {
    expect(reasonText({ reason: 'Снижение к целевой цене клика 700 коп.', reasonFields: null })).toBe(
      'Снижение к целевой цене клика 700 коп.',
    );
  });
});
