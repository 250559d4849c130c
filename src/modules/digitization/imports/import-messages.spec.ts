import { describe, expect, it } from 'vitest';

import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { IMPORT_MESSAGES, importFailure, reportImportedMessage } from './import-messages';

const failure = { scope: 'statistics', path: '/api/v1/supplier/orders', mpStatus: 401, mpRequestId: null };

describe('import messages', () => {
  it('a report says what it saved, without rows too; its period is data, never text in the sentence', () => {
    expect(reportImportedMessage({ inserted: 0, updated: 0, unchanged: 0 })).toBe(
      'Отчёт о реализации сохранён без строк реализации: за период их нет',
    );
    expect(reportImportedMessage({ inserted: 3, updated: 1, unchanged: 1200 })).toBe(
      'Отчёт о реализации сохранён. Строки: новых 3, изменено 1, без изменений 1\u202f200',
    );
  });

  it.each([
    [new MarketplaceCallError('MP_AUTH_FAILED', 'ключ', failure, false), IMPORT_MESSAGES.keyRejected, true],
    [new MarketplaceCallError('MP_UNAVAILABLE', '404', { ...failure, mpStatus: 404 }, false), IMPORT_MESSAGES.keyRejected, true],
    [new MarketplaceCallError('TOO_MANY_REQUESTS', 'лимит', { ...failure, mpStatus: 429 }, true, 60), IMPORT_MESSAGES.rateRejected, false],
    [new MarketplaceCallError('MP_UNAVAILABLE', '503', { ...failure, mpStatus: 503 }, true), IMPORT_MESSAGES.unavailable, false],
    [
      new MarketplaceCallError('MP_UNAVAILABLE', 'ответ неожиданного вида', { ...failure, mpStatus: 200 }, false),
      'ответ неожиданного вида',
      true,
    ],
    [
      new MarketplaceCallError('MP_UNAVAILABLE', 'слишком большой ответ', { ...failure, mpStatus: null }, false),
      'слишком большой ответ',
      true,
    ],
  ])('a marketplace failure is said the import’s way and keeps whether a retry can cure it', (error, message, incurable) => {
    const said = importFailure(error) as MarketplaceCallError;
    expect(said).toMatchObject({ code: error.code, message, incurable });
  });

  it('any other error is left as it is', () => {
    const error = new Error('boom');
    expect(importFailure(error)).toBe(error);
  });
});
