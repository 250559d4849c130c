// Spec: engine rules 1-6. Why the bid engine left a bid where it is, as fields, and its sentence made from them.

export const BID_REASON_KINDS = [
  'no_bid_data',
  'not_recalculated',
  'no_clicks',
  'few_clicks',
  'unchanged',
  'raise_blocked',
  'raised',
  'lowered',
  'bounded',
  'refused',
] as const;
export type BidReasonKind = (typeof BID_REASON_KINDS)[number];

/** A reason; each kind fills the fields its sentence names and leaves the others null. Money in kopecks. */
export interface BidReason {
  kind: BidReasonKind;
  /** The bid before the decision and after it (a refused or kept bid: the same); null without bid data. */
  before: number | null;
  after: number | null;
  /** raised, lowered: the strategy's target click price; fewClicks: the clicks a changed bid waits for. */
  target: number | null;
  /** fewClicks: the clicks since the last change. */
  actual: number | null;
  /** raised, lowered, bounded: the strategy's bounds. */
  minBid: number | null;
  maxBid: number | null;
  /** refused: the marketplace's words. */
  refusal: string | null;
}

/** How a sentence writes money: one amount, and the bounds of a strategy. */
export interface MoneyWords {
  amount(kopecks: number): string;
  range(min: number, max: number): string;
}

/** The service's own words for money, in kopecks as the API counts it: «1250 коп.», «100–5050 коп.». */
export const KOPECK_WORDS: MoneyWords = { amount: (kopecks) => `${kopecks} коп.`, range: (min, max) => `${min}–${max} коп.` };

const NONE = { before: null, after: null, target: null, actual: null, minBid: null, maxBid: null, refusal: null };

/** A reason of a kind with the fields it names. */
export function bidReason(kind: BidReasonKind, fields: Partial<Omit<BidReason, 'kind'>> = {}): BidReason {
  return { kind, ...NONE, ...fields };
}

/** The sentence of a reason, money in the given words. */
export function bidReasonText(reason: BidReason, money: MoneyWords): string {
  const bounds = () => `(границы ${money.range(reason.minBid!, reason.maxBid!)})`;
  const toward = () => `к целевой цене клика ${money.amount(reason.target!)} ${bounds()}`;
  switch (reason.kind) {
    case 'no_bid_data':
      return 'Нет данных о ставке';
    case 'not_recalculated':
      return 'Цель стратегии не пересчитывает ставку';
    case 'no_clicks':
      return 'Показы без кликов: ставка не меняется';
    case 'few_clicks':
      return `После изменения ставки ${reason.actual} кликов из ${reason.target} нужных: ставка не меняется`;
    case 'unchanged':
      return 'Ставка не изменилась';
    case 'raise_blocked':
      return 'Лимит бюджета кампании достигнут по сегодняшней проверке: ставка не повышается';
    case 'raised':
      return `Повышение ${toward()}`;
    case 'lowered':
      return `Снижение ${toward()}`;
    case 'bounded':
      return `Ставка приведена к границам стратегии ${bounds()}`;
    case 'refused':
      return `Маркетплейс отклонил ставку: ${reason.refusal}`;
  }
}
