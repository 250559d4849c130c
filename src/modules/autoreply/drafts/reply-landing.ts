import { Injectable } from '@nestjs/common';

import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { feedbacksList, questionsList, TextListQuery } from '../../../marketplace/endpoints/feedbacks';
import type { InboxItemRecord } from '../inbox/inbox.repository';

/** The answered list of the item's kind, narrowed to its product and its second of creation. */
function answeredAround(item: InboxItemRecord): TextListQuery {
  const createdAt = Math.floor(item.createdAt.getTime() / 1000);
  return { isAnswered: true, take: 100, skip: 0, nmId: item.nmId, dateFrom: createdAt - 1, dateTo: createdAt + 1 };
}

/**
 * Whether the marketplace already shows an answer to an item: asked when a publication's call may have gone out
 * before its worker stopped (killed, or the call failed without a clear answer), so that a retry never answers twice.
 */
@Injectable()
export class ReplyLanding {
  constructor(private readonly client: MarketplaceClient) {}

  /** The answer the marketplace shows, or null. */
  async answerOf(item: InboxItemRecord): Promise<string | null> {
    const options = { accountId: item.mpAccountId };
    const query = answeredAround(item);
    const listed =
      item.kind === 'feedback'
        ? (await this.client.call(feedbacksList, options, query)).body.data.feedbacks
        : (await this.client.call(questionsList, options, query)).body.data.questions;
    return listed.find((entry) => entry.id === item.mpId)?.answer?.text ?? null;
  }
}
