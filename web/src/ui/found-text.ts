import { number } from '@shared/format';

/** The line above a searchable table: how many rows were found, or that the query found none, naming it. */
export function foundText(total: number, query: string): string {
  if (total === 0 && query) return `Ничего не найдено по запросу «${query}»`;
  return `Найдено: ${number(total)}`;
}
