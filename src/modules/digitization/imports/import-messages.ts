import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { number } from '../../../shared/format';
import type { ImportCounts } from './import-counts';

/** Spec: Errors case 7, the import messages to the user. */
export const IMPORT_MESSAGES = {
  rateRejected: 'Маркетплейс отклонял запросы из-за лимита: импорт не завершён после всех попыток, повторите позже',
  keyRejected: 'Маркетплейс отклонил ключ кабинета: импорт остановлен, повторы не помогут — проверьте ключ и его категории',
  unavailable: 'Маркетплейс недоступен: импорт не завершён, повторите позже',
  failed: 'Импорт не завершён из-за ошибки',
  /** The report part alone refused (reference 0.2: a key without the Finance category gets 401 on that scope only). */
  reportKeyRejected: 'Маркетплейс отклонил ключ кабинета для отчёта о реализации: нужен ключ с категорией «Финансы»',
} as const;

/** Whether an import's failure says that the marketplace rejected the account's key. */
export function saysKeyRejected(message: string): boolean {
  return message === IMPORT_MESSAGES.keyRejected || message === IMPORT_MESSAGES.reportKeyRejected;
}

const counts = (totals: ImportCounts): string =>
  `новых ${number(totals.inserted)}, изменено ${number(totals.updated)}, без изменений ${number(totals.unchanged)}`;

export function feedsImportedMessage(orders: ImportCounts, sales: ImportCounts): string {
  return `Импорт завершён. Заказы: ${counts(orders)}. Продажи и возвраты: ${counts(sales)}`;
}

/** A report period (Moscow days, YYYY-MM-DD): the outcome carries it as data, the messages do not repeat it. */
export interface ReportPeriod {
  dateFrom: string;
  dateTo: string;
}

export function reportImportedMessage(report: ImportCounts): string {
  const rows = report.inserted + report.updated + report.unchanged;
  return rows === 0
    ? 'Отчёт о реализации сохранён без строк реализации: за период их нет'
    : `Отчёт о реализации сохранён. Строки: ${counts(report)}`;
}

/** The report part of a nightly run failed for good, the orders and sales it imported kept (said before it). */
export function reportFailedMessage(reason: string): string {
  return `Отчёт о реализации не загружен. ${reason}`;
}

/** A scheduled report import asked for less than the closed weeks not yet imported (spec: Import rules 1 and 7). */
export const PERIOD_SHORTENED_MESSAGE = 'Период отчёта сокращён: раньше отчёта нет, а период ограничен по длине';

/**
 * The marketplace's failure said the import's way; it keeps what the queue reads of it (incurable, the code), so a
 * rejected key still ends the job at once. A failure no retry cures that is not about the key (an answer too large, of
 * another shape, a page repeated) keeps the client's own words, which say what the marketplace did.
 */
export function importFailure(error: unknown): unknown {
  if (!(error instanceof MarketplaceCallError)) return error;
  const message =
    error.code === 'TOO_MANY_REQUESTS'
      ? IMPORT_MESSAGES.rateRejected
      : isKeyRejection(error)
        ? IMPORT_MESSAGES.keyRejected
        : error.curable
          ? IMPORT_MESSAGES.unavailable
          : error.message;
  return new MarketplaceCallError(
    error.code as ConstructorParameters<typeof MarketplaceCallError>[0],
    message,
    error.failure,
    error.curable,
    error.retryAfterSeconds,
  );
}

/** Reference 0.2: 401 and 403 refuse the key (or its category); a 404 of a call the service knows says the key cannot reach it. */
export function isKeyRejection(error: MarketplaceCallError): boolean {
  return error.code === 'MP_AUTH_FAILED' || error.failure.mpStatus === 404;
}
