import type { CatalogSyncCheckpoint } from './catalog-sync.jobs';

/** 100 000 the Russian way (a no-break space between thousands). */
function count(value: number): string {
  return value.toLocaleString('ru-RU');
}

export const QUEUED_MESSAGE = 'Синхронизация каталога в очереди';
export const FAILED_MESSAGE = 'Синхронизация каталога прервалась, запустите её снова';

export function cardsProgressMessage(cards: number): string {
  return `Загружаем карточки: ${count(cards)}`;
}

export function pricesProgressMessage(prices: number): string {
  return `Загружаем цены: обновлено ${count(prices)}`;
}

/** The final message, with the cap when the cards pass stopped there (spec: about 100 thousand) and who loads the rest. */
export function finishedMessage(checkpoint: CatalogSyncCheckpoint, passes: { cards: boolean; prices: boolean }, maxCards: number): string {
  const parts: string[] = [];
  if (passes.cards) {
    parts.push(`карточек загружено ${count(checkpoint.cards)}`);
    if (checkpoint.removed > 0) parts.push(`снято с продажи ${count(checkpoint.removed)}`);
  }
  if (passes.prices) parts.push(`цен обновлено ${count(checkpoint.prices)}`);
  const done = `Синхронизация каталога завершена: ${parts.join(', ')}`;
  if (!checkpoint.capped) return done;
  return `${done}. Достигнут предел одной синхронизации в ${count(maxCards)} карточек: остальные карточки загрузит следующая синхронизация`;
}
