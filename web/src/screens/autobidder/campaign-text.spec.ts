import { describe, expect, it } from 'vitest';

import { campaignStatusText, placementText } from './campaign-text';

describe('campaigns in words', () => {
  it.each([
    [9, 'активна'],
    [11, 'на паузе'],
    [7, 'завершена'],
    [-1, 'удаляется'],
    [5, 'статус 5'],
  ])('the status %d reads %j', (status, text) => {
    expect(campaignStatusText(status)).toBe(text);
  });

  it.each([
    ['combined', 'единая ставка'],
    ['search', 'поиск'],
    [null, 'нет ставки'],
  ] as const)('the placement %j reads %j', (placement, text) => {
    expect(placementText(placement)).toBe(text);
  });
});
