import { dateTime, moscowDay, roubles, roublesToKopeck } from '@shared/format';

import type { components } from '../../api/schema';
import type { Budget, LimitAction } from './budget-form';

export type CheckResult = components['schemas']['AdBudgetCheckResponseDto'];
type CheckItem = components['schemas']['AdBudgetCheckItemDto'];
type SpendPart = components['schemas']['AdBudgetSpendPartDto'];
type DayRange = components['schemas']['AdBudgetDayRangeDto'];

/** One line of a limit's check result; a warning or a failure is shown in its colour. */
export interface CheckLine {
  text: string;
  tone: 'ok' | 'warning' | 'failure';
}

const LIMIT_TYPE_TEXT = { daily: 'дневной', period: 'за период' } as const;
const DONE_TEXT: Record<LimitAction, string> = {
  pause: 'Кампания приостановлена на маркетплейсе',
  reduce_bids: 'Ставки снижены вдвое, но не ниже минимальных ставок маркетплейса',
};

/** Moscow days as the seller reads them: «01.01.2026–05.01.2026, 07.01.2026» (a day is its Moscow date, wherever the browser is). */
export function missingDaysText(ranges: DayRange[]): string {
  return ranges.map(({ from, to }) => (from === to ? moscowDay(from) : `${moscowDay(from)}–${moscowDay(to)}`)).join(', ');
}

/**
 * What the action of a reached limit did. A refusal and a skip are the service's own sentence (a refusal quotes the
 * marketplace: «Маркетплейс отклонил ставки: …»); a failed call says it was not done and why.
 */
export function outcomeText(item: Pick<CheckItem, 'outcome' | 'action' | 'reason'>): CheckLine {
  switch (item.outcome) {
    case 'applied':
      return { text: DONE_TEXT[item.action], tone: 'ok' };
    case 'at_minimum':
      return { text: 'Ставки уже на минимуме: снижать некуда', tone: 'ok' };
    case 'refused':
      return { text: item.reason, tone: 'failure' };
    case 'failed':
    case 'skipped':
      return { text: `Не выполнено: ${item.reason}`, tone: 'failure' };
  }
}

const partText = (reached: boolean, part: SpendPart) =>
  `${reached ? 'Достигнут' : 'Не достигнут'} ${LIMIT_TYPE_TEXT[part.limitType]}: расход ${roublesToKopeck(part.spendRub)} из ${roubles(part.limitRub)}`;

/** The warning of a part whose spend lacks days; a part not reached may be reached with them. */
function incompleteSpendLine(reached: boolean, part: SpendPart): CheckLine {
  const days = `Расход посчитан без статистики за ${missingDaysText(part.missingDays)}`;
  return { text: reached ? days : `${days}: лимит может быть уже достигнут`, tone: 'warning' };
}

/**
 * The last check's result for one limit: each reached part (daily, period) with its spend and what its action did, each
 * part not reached whose spend lacks days, with those days; «Не достигнут» otherwise. None before a check or for a
 * limit created after it.
 */
export function checkResultLines(budget: Budget, result: CheckResult | undefined, checkedAt: number | undefined): CheckLine[] | null {
  if (!result || checkedAt === undefined || Date.parse(budget.createdAt) > checkedAt) return null;
  const reached = result.items.filter((item) => item.budgetId === budget.id);
  const incomplete = result.incomplete.filter((part) => part.budgetId === budget.id);
  if (!reached.length && !incomplete.length) return [{ text: 'Не достигнут', tone: 'ok' }];
  return [
    ...reached.flatMap((item) => {
      const outcome = outcomeText(item);
      const lines: CheckLine[] = [{ text: `${partText(true, item)}. ${outcome.text}`, tone: outcome.tone }];
      return item.spendComplete ? lines : [...lines, incompleteSpendLine(true, item)];
    }),
    ...incomplete.flatMap((part) => [{ text: partText(false, part), tone: 'ok' } as const, incompleteSpendLine(false, part)]),
  ];
}

/** The check's totals, and how many limits' spend lacks days (they may be on another page of the table). */
export function checkSummaryText(result: CheckResult): string {
  const totals = `Проверено лимитов: ${result.checked}, сработало: ${result.triggered}`;
  const lacking = new Set([...result.items.filter((item) => !item.spendComplete), ...result.incomplete].map((part) => part.budgetId));
  return lacking.size ? `${totals}. Расход посчитан не за все дни у лимитов: ${lacking.size}` : totals;
}

/**
 * A limit's last check as the service keeps it, for a limit this screen has not checked since it opened: when, and what
 * it found; a limit never checked says that only «Проверить сейчас» checks it (spec: no periodic check).
 */
export function lastCheckLine(budget: Pick<Budget, 'checkedAt' | 'reachedAtCheck'>): CheckLine {
  if (budget.checkedAt === null) return { text: 'Не проверялся: проверка только по кнопке «Проверить сейчас»', tone: 'ok' };
  return {
    text: `${dateTime(budget.checkedAt)}: ${budget.reachedAtCheck ? 'достигнут' : 'не достигнут'}`,
    tone: budget.reachedAtCheck ? 'warning' : 'ok',
  };
}
