import { number } from '@shared/format';

import type { components } from '../../api/schema';

type RunResult = components['schemas']['BidEngineRunResultDto'];
type RunItem = RunResult['items'][number];

/** The run's counts: bids changed, refused by the marketplace, left as they were. */
export function runSummaryText(result: Pick<RunResult, 'applied' | 'refused' | 'skipped'>): string {
  return `Изменено ставок: ${number(result.applied)}, отклонено маркетплейсом: ${number(result.refused)}, без изменений: ${number(result.skipped)}`;
}

/** The bids the run changed, and those the marketplace refused (each with its words in the reason). */
export function runBids(items: RunItem[]): { changed: RunItem[]; refused: RunItem[] } {
  return {
    changed: items.filter((item) => item.bidAfter !== item.bidBefore),
    refused: items.filter((item) => item.reasonFields.kind === 'refused'),
  };
}
