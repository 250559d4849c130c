import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import type { ReplySource } from '../../../database/schema';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { feedbackAnswer, questionUpdate } from '../../../marketplace/endpoints/feedbacks';
import { attemptOf } from '../../../queue/job-attempts';
import type { JobErrorTraits } from '../../../queue/job-outcome';
import { AuditService } from '../../audit/audit.service';
import type { ReplyPublishPayload } from '../autoreply.jobs';
import { InboxItemRecord, InboxRepository } from '../inbox/inbox.repository';
import { checkTriggerEntry } from './reply-check-audit';
import { ReplyDraftRow, ReplyDraftsRepository } from './reply-drafts.repository';
import { ReplyLanding } from './reply-landing';
import { CheckTrigger, choosePublication } from './reply-publication-choice';

export const BLOCKED_NOTE = 'Не опубликовано: проверка безопасности заблокировала и текст ИИ, и шаблон';
const BLOCKED_TEMPLATE_NOTE = 'Не опубликовано: проверка безопасности заблокировала текст шаблона';
const ANSWERED_NOTE = 'Не опубликовано: на маркетплейсе уже есть ответ';

/** A held publication's job that ran before its time: delayed until then without using an attempt. */
class PublicationHeld extends Error implements JobErrorTraits {
  constructor(private readonly until: Date) {
    super(`The reply is held until ${until.toISOString()}`);
    this.name = 'PublicationHeld';
  }

  delaysJob(): number {
    return this.until.getTime();
  }
}

export type ReplyPublishOutcome = { outcome: 'sent' | 'error'; source: ReplySource | null } | { skipped: 'not-pending' };

/**
 * Spec: Reply rules 2-6. Publishes one pending draft: the checked text goes out with the call of its kind, once. The
 * queue retries a failed call (3 attempts, pauses from 5 s); a text the check blocks is never retried.
 */
@Injectable()
export class ReplyPublisher {
  constructor(
    private readonly drafts: ReplyDraftsRepository,
    private readonly inbox: InboxRepository,
    private readonly client: MarketplaceClient,
    private readonly landing: ReplyLanding,
    private readonly audit: AuditService,
  ) {}

  async publish(payload: ReplyPublishPayload, job: Job): Promise<ReplyPublishOutcome> {
    const draft = await this.publishable(payload);
    if (!draft) return { skipped: 'not-pending' };
    const item = await this.inbox.findOfAccount(draft.mpAccountId, draft.inboxItemId);
    if (!item) return { skipped: 'not-pending' };
    // Answered elsewhere meanwhile (a sync or a send saw it); an answer of ours that may have landed is looked up below.
    if (item.answerText !== null && !draft.publishingAt) {
      await this.drafts.markError(payload, ANSWERED_NOTE, false);
      await this.recordSend(payload, draft, { outcome: 'error', source: null, attempt: attemptOf(job), note: ANSWERED_NOTE });
      return { outcome: 'error', source: null };
    }
    const choice = choosePublication(draft);
    await this.recordTriggers(payload, draft, choice.triggers);
    if (!choice.publish) {
      const note = draft.source === 'ai' ? BLOCKED_NOTE : BLOCKED_TEMPLATE_NOTE;
      await this.drafts.markError(payload, note, true);
      await this.recordSend(payload, draft, { outcome: 'error', source: null, attempt: attemptOf(job), note });
      return { outcome: 'error', source: null };
    }
    const landed = draft.publishingAt ? await this.landing.answerOf(item) : null;
    const published =
      landed === null
        ? await this.send(payload, item, choice.publish)
        : { text: landed.text, source: draft.publishedSource ?? choice.publish.source };
    await this.drafts.markSent(payload, published, new Date());
    await this.recordSend(payload, draft, { outcome: 'sent', source: published.source, attempt: attemptOf(job) });
    return { outcome: 'sent', source: published.source };
  }

  /**
   * The draft of this publication while it is pending; a held one only once its time has come, taken in one conditional
   * update that a cancel cannot then win (undefined when the cancel or a send came first). A job that ran early, by
   * another host's clock, goes back to the queue until then.
   */
  private async publishable(payload: ReplyPublishPayload): Promise<ReplyDraftRow | undefined> {
    const draft = await this.drafts.pending(payload);
    if (!draft?.scheduledAt) return draft;
    const now = new Date();
    if (draft.scheduledAt > now) throw new PublicationHeld(draft.scheduledAt);
    return this.drafts.takeHeld(payload, now);
  }

  /** After the last attempt (or an error no retry cures): the draft is in error with the reason. */
  async failed(payload: ReplyPublishPayload, message: string, job: Job): Promise<void> {
    const draft = await this.drafts.markError(payload, `Маркетплейс не принял ответ: ${message}`, false);
    if (draft)
      await this.recordSend(payload, draft, { outcome: 'error', source: draft.publishedSource, attempt: attemptOf(job), note: draft.note });
  }

  private async send(
    payload: ReplyPublishPayload,
    item: InboxItemRecord,
    published: { text: string; source: ReplySource },
  ): Promise<{ text: string; source: ReplySource }> {
    await this.drafts.markPublishing(payload, published.source);
    const options = { accountId: item.mpAccountId };
    if (item.kind === 'feedback') await this.client.call(feedbackAnswer, options, { id: item.mpId, text: published.text });
    else await this.client.call(questionUpdate, options, { id: item.mpId, answer: { text: published.text }, state: 'wbRu' });
    return published;
  }

  /** Reply rule 5: every check trigger. */
  private async recordTriggers(payload: ReplyPublishPayload, draft: ReplyDraftRow, triggers: CheckTrigger[]): Promise<void> {
    for (const trigger of triggers) await this.audit.record(checkTriggerEntry(draft, trigger, payload.userId));
  }

  private async recordSend(payload: ReplyPublishPayload, draft: ReplyDraftRow, details: Record<string, unknown>): Promise<void> {
    await this.audit.record({
      action: 'autoreply.send',
      userId: payload.userId,
      mpAccountId: draft.mpAccountId,
      entityType: 'reply_draft',
      entityId: draft.id,
      details: { feedbackId: draft.inboxItemId, ...details },
    });
  }
}
