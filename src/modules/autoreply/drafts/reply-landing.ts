import { Injectable } from '@nestjs/common';

import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { feedbackById, questionById } from '../../../marketplace/endpoints/feedbacks';
import { feedbackRow, questionRow } from '../inbox/inbox.mapping';
import type { InboxItemRecord } from '../inbox/inbox.repository';

/** An answer the marketplace shows: its text and, for a question, when it was written. */
export interface MarketplaceAnswer {
  text: string;
  answeredAt: string | null;
}

/**
 * Whether the marketplace shows an answer to an item now: asked before a seller's send queues a draft (the item may
 * have been answered elsewhere since), and when a publication's call may have gone out before its worker stopped
 * (killed, or the call failed without a clear answer), so that a retry never answers twice.
 */
@Injectable()
export class ReplyLanding {
  constructor(private readonly client: MarketplaceClient) {}

  /** The answer the marketplace shows, or null. */
  async answerOf(item: InboxItemRecord): Promise<MarketplaceAnswer | null> {
    const options = { accountId: item.mpAccountId };
    const query = { id: item.mpId };
    const row =
      item.kind === 'feedback'
        ? feedbackRow((await this.client.call(feedbackById, options, query)).body.data)
        : questionRow((await this.client.call(questionById, options, query)).body.data);
    return row.answerText === null ? null : { text: row.answerText, answeredAt: row.answeredAt };
  }
}
