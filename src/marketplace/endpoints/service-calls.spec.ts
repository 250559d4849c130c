import { describe, expect, it } from 'vitest';

import * as advert from './advert';
import * as analytics from './analytics';
import * as common from './common';
import * as content from './content';
import type { Endpoint } from './endpoint';
import * as fbwSupplies from './fbw-supplies';
import * as feedbacks from './feedbacks';
import * as finance from './finance';
import * as prices from './prices';
import { bucketLabel, SERVICE_CALLS } from './service-calls';
import * as statistics from './statistics';
import * as stock from './stock';
import * as supplies from './supplies';
import * as tariffs from './tariffs';

const isEndpoint = (value: unknown): value is Endpoint<unknown, unknown, unknown> =>
  typeof value === 'object' && value !== null && 'scope' in value && 'path' in value && 'request' in value;

const DEFINED = [advert, analytics, common, content, fbwSupplies, feedbacks, finance, prices, statistics, stock, supplies, tariffs].flatMap(
  (module) => Object.values(module).filter(isEndpoint),
);

describe('the marketplace calls in words', () => {
  it('every defined call has a Russian label, group first, and its bucket is named by it', () => {
    expect(DEFINED.length).toBeGreaterThanOrEqual(SERVICE_CALLS.length);
    for (const endpoint of DEFINED) {
      expect(endpoint.label, endpoint.path).toMatch(/^[А-ЯЁ][а-яё ]+(: [а-яё ]+( WB)?)?$/);
      expect(bucketLabel(endpoint), endpoint.path).toContain(endpoint.label);
    }
  });

  it.each([
    ['prices', '/api/v2/upload/task', 'Цены: загрузка'],
    ['advert', '/adv/v0/pause', 'Реклама: пауза кампании'],
    ['feedbacks', '/api/v1/questions', 'Вопросы: список; Вопросы: ответ'],
    ['feedbacks', '/api/v1/feedbacks/answer', 'Отзывы: ответ; Отзывы: изменение ответа'],
    ['common', '/ping', 'Проверка подключения'],
    ['supplies', '/api/v1/supplies/{task_id}/goods', 'Поставки: товары поставки'],
    ['common', '/api/v1/tariffs/box', 'Тарифы: короба'],
    ['content', '/content/v2/cards/update', 'Карточки товаров: изменение'],
    ['content', '/content/v2/cards/error/list', 'Карточки товаров: ошибки'],
    ['content', '/content/v3/media/save', 'Медиафайлы: загрузка по ссылкам'],
    ['content', '/content/v3/media/file', 'Медиафайлы: загрузка файла'],
  ] as const)('%s %s reads «%s»', (scope, path, label) => {
    expect(bucketLabel({ scope, path })).toBe(label);
  });

  it('a path no definition has, or a defined path in another scope, has no label', () => {
    expect(bucketLabel({ scope: 'analytics', path: '/api/v1/paid_storage' })).toBeNull();
    expect(bucketLabel({ scope: 'content', path: '/api/v2/upload/task' })).toBeNull();
  });
});
