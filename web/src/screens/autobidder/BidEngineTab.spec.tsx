import { bidReason } from '@shared/autobidder/bid-reason';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ACCOUNT, onePage } from '../../test/api-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { BidEngineTab } from './BidEngineTab';

const bid = { campaignName: 'Весна', placement: 'combined', strategyId: 'strategy-1' } as const;
const RUN = {
  applied: 1,
  refused: 1,
  skipped: 1,
  items: [
    {
      ...bid,
      advertId: 7001,
      nmId: 1,
      productName: 'Кроссовки яркие',
      bidBefore: 800,
      bidAfter: 1250,
      reason: 'Повышение к целевой цене клика 1250 коп. (границы 100–5050 коп.)',
      reasonFields: bidReason('raised', { target: 1250, minBid: 100, maxBid: 5050 }),
    },
    {
      ...bid,
      advertId: 7002,
      nmId: 2,
      productName: null,
      bidBefore: 800,
      bidAfter: 800,
      reason: 'Маркетплейс отклонил ставку: кампания завершена',
      reasonFields: bidReason('refused', { refusal: 'кампания завершена' }),
    },
    {
      ...bid,
      advertId: 7003,
      nmId: 3,
      productName: 'Платье лёгкое',
      bidBefore: 900,
      bidAfter: 900,
      reason: 'После изменения ставки 3 кликов из 20 нужных: ставка не меняется',
      reasonFields: bidReason('few_clicks', { actual: 3, target: 20 }),
    },
  ],
};

describe('a run of the bid engine', () => {
  it('shows how many bids the marketplace refused and why, beside the changed ones', async () => {
    fakeApi.answer((call) => {
      if (call.path === '/autobidder/run') return { status: 200, body: RUN };
      if (call.path === '/autobidder/campaigns' || call.path === '/autobidder/bid-log') return { status: 200, body: onePage([]) };
      return undefined;
    });
    renderInApp(<BidEngineTab mpAccountId={ACCOUNT.id} />);
    fireEvent.click(screen.getByRole('button', { name: 'Запустить сейчас' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Изменено ставок: 1, отклонено маркетплейсом: 1, без изменений: 1');
    const rows = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(rows('Изменённые ставки')).toEqual([
      'ВеснаКроссовки яркиеnmID 1единая ставка8 ₽12,50 ₽Повышение к целевой цене клика 12,50 ₽ (границы 1 ₽ – 50,50 ₽)',
    ]);
    expect(rows('Отклонённые маркетплейсом ставки')).toEqual([
      'ВеснаНет в каталогеnmID 2единая ставка8 ₽8 ₽Маркетплейс отклонил ставку: кампания завершена',
    ]);
  });
});
