import { type BidReason, bidReasonText, type MoneyWords } from '@shared/autobidder/bid-reason';
import { kopecksAsRoubles } from '@shared/format';

/** Bids in roubles, as the rest of the screen shows them: «12,50 ₽», «1 ₽ – 50,50 ₽». */
const ROUBLE_WORDS: MoneyWords = { amount: kopecksAsRoubles, range: (min, max) => `${kopecksAsRoubles(min)} – ${kopecksAsRoubles(max)}` };

/** A bid's reason made from its fields with the money in roubles; a log entry older than its fields, as the service worded it. */
export function reasonText(change: { reason: string; reasonFields: BidReason | null }): string {
  return change.reasonFields ? bidReasonText(change.reasonFields, ROUBLE_WORDS) : change.reason;
}
