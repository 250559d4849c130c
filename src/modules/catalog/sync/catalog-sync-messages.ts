import { number } from '../../../shared/format';
import type { CatalogSyncCheckpoint } from './catalog-sync.jobs';

export const QUEUED_MESSAGE = 'Синхронизация каталога в очереди';
export const FAILED_MESSAGE = 'Синхронизация каталога прервалась, запустите её снова';

export function cardsProgressMessage(cards: number): string {
  return `Загружаем карточки: ${number(cards)}`;
}

export function pricesProgressMessage(prices: number): string {
  return `Загружаем цены: обновлено ${number(prices)}`;
}

/** The final message, with the cap when the cards pass stopped there (spec: about 100 thousand) and who loads the rest. */
export function finishedMessage(checkpoint: CatalogSyncCheckpoint, passes: { cards: boolean; prices: boolean }, maxCards: number): string {
  const parts: string[] = [];
  if (passes.cards) {
    parts.push(`карточек загружено ${number(checkpoint.cards)}`);
    if (checkpoint.removed > 0) parts.push(`снято с продажи ${number(checkpoint.removed)}`);
  }
  if (passes.prices) parts.push(`цен обновлено ${number(checkpoint.prices)}`);
  const done = `Синхронизация каталога завершена: ${parts.join(', ')}`;
  if (!checkpoint.capped) return done;
  return `${done}. Достигнут предел одной синхронизации в ${number(maxCards)} карточек: остальные карточки загрузит следующая синхронизация`;
}
