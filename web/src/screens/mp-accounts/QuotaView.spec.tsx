import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ACCOUNT } from '../../test/api-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { QuotaView } from './QuotaView';

const bucket = (scope: string, path: string, label: string | null) => ({
  scope,
  path,
  label,
  capacity: 10,
  tokens: 10,
  refillPerSecond: 1,
  penaltyUntil: null,
  lastHeaders: null,
});

describe('the quota of a cabinet', () => {
  it('names each bucket by the marketplace method in words, and only a path the service does not define by its path', async () => {
    fakeApi.answer((call) =>
      call.path === `/mp-accounts/${ACCOUNT.id}/quota`
        ? {
            status: 200,
            body: {
              buckets: [
                bucket('prices', '/api/v2/upload/task', 'Цены: загрузка'),
                bucket('advert', '/adv/v0/pause', 'Реклама: пауза кампании'),
                bucket('analytics', '/api/v1/warehouse_remains', null),
              ],
            },
          }
        : undefined,
    );
    renderInApp(<QuotaView mpAccountId={ACCOUNT.id} />);
    expect(await screen.findByText('Цены: загрузка: 10 из 10, полная')).toBeTruthy();
    expect(screen.getByText('Реклама: пауза кампании: 10 из 10, полная')).toBeTruthy();
    expect(screen.getByText('analytics /api/v1/warehouse_remains: 10 из 10, полная')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Квота: Цены: загрузка' })).toBeTruthy();
    expect(screen.queryByText(/\/api\/v2\/upload\/task/)).toBeNull();
  });
});
