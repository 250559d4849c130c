import { Injectable } from '@nestjs/common';

import { serviceUnavailable } from '../../../common/errors/unavailable';
import { QueueService } from '../../../queue/queue.service';
import { publicationJob, REPLY_PUBLISH_JOB } from '../autoreply.jobs';
import type { ReplyDraftRow } from './reply-drafts.repository';
import { ReplyDraftsRepository } from './reply-drafts.repository';

/** Hands a pending draft to the publishing queue (Spec: Reply rule 2). */
@Injectable()
export class ReplyPublicationQueue {
  constructor(
    private readonly queues: QueueService,
    private readonly drafts: ReplyDraftsRepository,
  ) {}

  /**
   * Enqueues the draft's current publication, a held one delayed until its time. When the queue cannot take it, the
   * draft goes back to draft, so that nothing stays pending without a job to publish it, and the caller gets 503.
   */
  async enqueue(draft: ReplyDraftRow, userId: string | null): Promise<void> {
    const { payload, options } = publicationJob(draft, userId);
    try {
      await this.queues.enqueue(REPLY_PUBLISH_JOB, payload, options);
    } catch (error) {
      await this.drafts.unqueue(payload);
      throw serviceUnavailable('Очередь публикации недоступна, ответ не отправлен: повторите позже', error);
    }
  }
}
