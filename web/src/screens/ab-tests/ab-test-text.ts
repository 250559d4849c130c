import { counted, NO_VALUE, number, percent } from '@shared/format';

import type { AbTest, AbTestResults, AbTestRotation } from './ab-tests-queries';

type State = AbTest['state'];

export const STATE_TEXT: Record<State, string> = {
  draft: 'черновик',
  scheduled: 'запланирован',
  running: 'идёт',
  paused: 'на паузе',
  completed: 'завершён',
  applied: 'применён',
  restored: 'восстановлен',
  failed: 'ошибка',
  interrupted: 'прерван',
};

export const STATE_COLOR: Record<State, string> = {
  draft: 'gray',
  scheduled: 'cyan',
  running: 'blue',
  paused: 'yellow',
  completed: 'teal',
  applied: 'green',
  restored: 'indigo',
  failed: 'red',
  interrupted: 'orange',
};

/** Why a test stands: its pause by the seller or by the rotation, its failure or interruption. */
const REASON_TEXT: Record<string, string> = {
  manual: 'вручную',
  campaign_paused: 'кампания приостановлена',
  out_of_stock: 'товар закончился',
  price_changed: 'изменилась цена',
};

/** A variant by its letter, as A/B tests name them: 0 → «A». */
export const variantLetter = (index: number) => String.fromCharCode(65 + index);
export const variantName = (index: number) => `Вариант ${variantLetter(index)}`;

/** The reason of a pause, failure or interruption in words; one the app does not know yet is shown as the service sent it. */
export const reasonText = (reason: string | null) => (reason === null ? null : (REASON_TEXT[reason] ?? reason));

/** The state as the badge reads: «на паузе: вручную», «завершён: победитель — вариант B», «завершён: без победителя». */
export function stateText(test: Pick<AbTest, 'state' | 'stateReason' | 'verdict' | 'winner'>): string {
  const reason = reasonText(test.stateReason);
  if (test.state === 'completed')
    return test.verdict === 'winner' && test.winner !== null
      ? `завершён: победитель — вариант ${variantLetter(test.winner)}`
      : 'завершён: без победителя';
  if (reason && (test.state === 'paused' || test.state === 'failed' || test.state === 'interrupted'))
    return `${STATE_TEXT[test.state]}: ${reason}`;
  return STATE_TEXT[test.state];
}

/** The switch rule: «каждые 2 000 показов», «каждые 3 часа». */
export function switchText(switchEvery: AbTest['switchEvery']): string {
  if (switchEvery.impressions !== undefined) return `каждые ${counted(switchEvery.impressions, ['показ', 'показа', 'показов'])}`;
  return `каждые ${counted(switchEvery.hours ?? 0, ['час', 'часа', 'часов'])}`;
}

export const ON_FINISH_TEXT: Record<AbTest['onFinish'], string> = {
  apply_winner: 'применить победителя',
  restore: 'вернуть исходные фото',
};

/** What the progress is counted from: each variant's views and the target per variant. */
type Progressing = { variants: { views: number }[]; targetImpressionsPerVariant: number };

/** How far the test is to its verdict: the fewest views of a variant against the target per variant, 0..100. */
export function progressPct(results: Progressing): number {
  const fewest = Math.min(...results.variants.map((variant) => variant.views));
  return Math.min(100, (fewest / results.targetImpressionsPerVariant) * 100);
}

/** «1 200 из 10 000 показов на вариант». */
export function progressText(results: Progressing): string {
  const fewest = Math.min(...results.variants.map((variant) => variant.views));
  return `${number(fewest)} из ${number(results.targetImpressionsPerVariant)} показов на вариант`;
}

/** The results' verdict in words. */
export function verdictText(results: Pick<AbTestResults, 'verdict' | 'winner'>): string {
  if (results.verdict === 'winner' && results.winner !== null)
    return `Победитель — вариант ${variantLetter(results.winner)}: лучший с вероятностью не ниже 95 %`;
  if (results.verdict === 'inconclusive') return 'Без победителя: ни один вариант не лучший с вероятностью 95 %';
  return 'Идёт сбор показов: итог — когда у каждого варианта наберутся целевые показы';
}

/** A share (0..1) in percent: 0.0234 → «2,34 %». */
export const sharePercent = (share: number | null) => (share === null ? NO_VALUE : percent(share * 100));

export const ROTATION_STATE_TEXT: Record<string, string> = {
  settling: 'фото обновляется',
  measuring: 'идёт замер',
  done: 'замерен',
  cut: 'прерван',
};

/** The views a rotation measured (from the settle window's end to the next switch), or a dash while it has no end yet. */
export function rotationViews(rotation: Pick<AbTestRotation, 'viewsAtStart' | 'viewsAtEnd' | 'clicksAtStart' | 'clicksAtEnd'>): string {
  const { viewsAtStart, viewsAtEnd, clicksAtStart, clicksAtEnd } = rotation;
  if (viewsAtStart === null || viewsAtEnd === null || clicksAtStart === null || clicksAtEnd === null) return NO_VALUE;
  return `${number(viewsAtEnd - viewsAtStart)} / ${number(clicksAtEnd - clicksAtStart)}`;
}
