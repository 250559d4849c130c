import { Inject, Injectable } from '@nestjs/common';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { ContentTexts } from '../../database/schema';
import { MarketplaceClient } from '../../marketplace/client/marketplace-client';
import { Card, cardsErrorList, cardsUpdate, CardUpdate, cardUpdateOf } from '../../marketplace/endpoints/content';
import { QueueService } from '../../queue/queue.service';
import { AuditService } from '../audit/audit.service';
import { canonicalJson, cardHash } from './content-card-hash';
import { ContentCardSource } from './content-card-source';
import { ContentDraftRow, ContentDraftsRepository } from './content-drafts.repository';
import { CONTENT_VERIFY_JOB, type ContentPublishPayload } from './content-job-definitions';
import { reviewTexts } from './content-review';
import { hasBlockingIssue } from './content-score';

export const CARD_CHANGED = 'карточка изменилась на маркетплейсе';
const CARD_GONE = 'карточки больше нет на маркетплейсе';
const BLOCKED = 'в текстах есть ошибки: такие тексты не отправляются';
const NOT_APPLIED = 'Маркетплейс не применил изменения карточки';
/** Error-list pages read at most (100 batches each). */
const ERROR_PAGES_MAX = 10;

export type PublishOutcome = { skipped: 'not-approved' } | { status: 'draft'; note: string } | { status: 'publishing' | 'rejected_by_mp' };
export type VerifyOutcome = { skipped: 'not-publishing' } | { status: 'published' | 'rejected_by_mp' };

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** The card's own characteristics as an update sends them. */
function updateCharacteristics(texts: ContentTexts): CardUpdate['characteristics'] {
  return texts.characteristics.map(({ id, value }) => ({ id, value }));
}

/**
 * The whole card as read just now, with only the fields the draft changed replaced: every other field goes back
 * exactly as the marketplace gave it (reference 15.1: an update overwrites the whole card).
 */
export function updateOf(fresh: Card, draft: Pick<ContentDraftRow, 'current' | 'proposed'>): CardUpdate {
  const update = cardUpdateOf(fresh);
  const { current, proposed } = draft;
  if (proposed.title !== current.title) update.title = proposed.title;
  if (proposed.description !== current.description) update.description = proposed.description;
  if (!same(proposed.characteristics, current.characteristics)) update.characteristics = updateCharacteristics(proposed);
  return update;
}

/** Whether the card as read shows the texts that were sent. */
function applied(card: Card, draft: ContentDraftRow): boolean {
  const characteristics = (card.characteristics ?? []).map(({ id, value }) => ({ id, value }));
  return (
    card.title === draft.proposed.title &&
    (card.description ?? '') === draft.proposed.description &&
    same(characteristics, updateCharacteristics(draft.proposed))
  );
}

/**
 * Publishing an approved draft (spec: content studio): the card read again just before; one changed since the draft
 * was made is not sent and the draft goes back to the seller; otherwise the whole card is sent with the draft's
 * texts, and CONTENT_VERIFY_DELAY_MS later the card and the error list tell whether the marketplace applied it.
 */
@Injectable()
export class ContentPublisher {
  constructor(
    private readonly drafts: ContentDraftsRepository,
    private readonly source: ContentCardSource,
    private readonly client: MarketplaceClient,
    private readonly queues: QueueService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async publish(payload: ContentPublishPayload): Promise<PublishOutcome> {
    const draft = await this.drafts.find(payload.draftId);
    if (!draft || draft.publication !== payload.publication) return { skipped: 'not-approved' };
    // A retry after a crash past the send: the send may have landed, so only the check follows.
    if (draft.status === 'publishing') {
      await this.enqueueVerify(payload);
      return { status: 'publishing' };
    }
    if (draft.status !== 'approved') return { skipped: 'not-approved' };
    if (hasBlockingIssue(reviewTexts(draft.proposed, [], draft.scoreContext).issues)) return this.backToDraft(draft, BLOCKED);
    const fresh = await this.source.card(draft.mpAccountId, draft.nmId);
    if (!fresh) return this.backToDraft(draft, CARD_GONE);
    if (cardHash(fresh) !== draft.baseHash) return this.backToDraft(draft, CARD_CHANGED);
    const taken = await this.drafts.move(draft.id, 'approved', 'publishing', { sentAt: new Date() });
    if (!taken) return { skipped: 'not-approved' };
    const update = updateOf(fresh, draft);
    const answer = await this.client.call(cardsUpdate, { accountId: draft.mpAccountId }, [update]).catch(async (error: unknown) => {
      // Not sent: approved again, so that a retry reads the card and sends anew.
      await this.drafts.move(draft.id, 'publishing', 'approved', { sentAt: null });
      throw error;
    });
    await this.audit.record({
      action: 'content.publish',
      userId: payload.userId,
      mpAccountId: draft.mpAccountId,
      entityType: 'content_draft',
      entityId: draft.id,
      details: { nmId: draft.nmId, before: draft.current, after: draft.proposed, status: answer.status },
    });
    const refused = !answer.ok || answer.body.error;
    if (refused) {
      const mpError = answer.ok ? answer.body.errorText : refusalText(answer.body);
      await this.drafts.move(draft.id, 'publishing', 'rejected_by_mp', { mpError, rejectedAt: new Date() });
      return { status: 'rejected_by_mp' };
    }
    await this.enqueueVerify(payload);
    return { status: 'publishing' };
  }

  /** A publication that failed for good (the marketplace down through every attempt): the draft back to the seller. */
  async failed(payload: ContentPublishPayload, message: string): Promise<void> {
    const draft = await this.drafts.find(payload.draftId);
    if (draft?.status === 'approved' && draft.publication === payload.publication)
      await this.drafts.move(draft.id, 'approved', 'draft', { note: `не удалось отправить: ${message}` });
  }

  /** The card as the marketplace shows it and its error list: applied → published; an error entry → rejected with its message. */
  async verify(payload: ContentPublishPayload): Promise<VerifyOutcome> {
    const draft = await this.drafts.find(payload.draftId);
    if (!draft || draft.status !== 'publishing' || draft.publication !== payload.publication) return { skipped: 'not-publishing' };
    const card = await this.source.card(draft.mpAccountId, draft.nmId);
    const errors = card ? await this.errorsOf(draft.mpAccountId, card.vendorCode) : [];
    if (errors.length > 0) {
      await this.drafts.move(draft.id, 'publishing', 'rejected_by_mp', { mpError: errors.join('; '), rejectedAt: new Date() });
      return { status: 'rejected_by_mp' };
    }
    if (card && applied(card, draft)) {
      await this.drafts.move(draft.id, 'publishing', 'published', { publishedAt: new Date() });
      return { status: 'published' };
    }
    await this.drafts.move(draft.id, 'publishing', 'rejected_by_mp', { mpError: NOT_APPLIED, rejectedAt: new Date() });
    return { status: 'rejected_by_mp' };
  }

  /** Reference 15.2: the errors of the card's vendor code in the error list, paged from the oldest batch. */
  private async errorsOf(accountId: string, vendorCode: string): Promise<string[]> {
    const errors: string[] = [];
    let cursor: { limit: number; updatedAt?: string; batchUUID?: string } = { limit: 100 };
    for (let page = 0; page < ERROR_PAGES_MAX; page++) {
      const { body } = await this.client.call(cardsErrorList, { accountId }, { cursor, order: { ascending: true } });
      for (const batch of body.data.items) errors.push(...(batch.errors[vendorCode] ?? []));
      if (!body.data.cursor.next) break;
      cursor = { limit: 100, updatedAt: body.data.cursor.updatedAt, batchUUID: body.data.cursor.batchUUID };
    }
    return errors;
  }

  private async backToDraft(draft: ContentDraftRow, note: string): Promise<PublishOutcome> {
    await this.drafts.move(draft.id, 'approved', 'draft', { note });
    return { status: 'draft', note };
  }

  private async enqueueVerify(payload: ContentPublishPayload): Promise<void> {
    await this.queues.enqueue(CONTENT_VERIFY_JOB, payload, {
      jobId: `verify-${payload.draftId}-${payload.publication}`,
      delay: this.config.content.verifyDelayMs,
    });
  }
}

/** The marketplace's words of a refused update (reference 15.1: errorText and the errors by vendor code). */
function refusalText(body: unknown): string {
  const answer = body as { errorText?: unknown; additionalErrors?: unknown } | null;
  const extra = answer?.additionalErrors && typeof answer.additionalErrors === 'object' ? Object.values(answer.additionalErrors) : [];
  const parts = [answer?.errorText, ...extra].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.length > 0 ? parts.join('; ') : 'Маркетплейс отклонил изменение карточки';
}
