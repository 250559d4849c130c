import { defineJob } from '../../queue/job-definition';
import { CONTENT_FIELDS, ContentField } from './content-prompt';

export interface ContentGeneratePayload {
  mpAccountId: string;
  userId: string;
  nmIds: number[];
  fields: ContentField[];
  notes: string | null;
  /** The code of the error that ended the job, set as it fails (the job status shows it). */
  errorCode?: string;
}

function isGeneratePayload(payload: unknown): payload is ContentGeneratePayload {
  const candidate = payload as Partial<ContentGeneratePayload> | null;
  return (
    typeof candidate?.mpAccountId === 'string' &&
    typeof candidate.userId === 'string' &&
    Array.isArray(candidate.nmIds) &&
    candidate.nmIds.every((nmId) => Number.isSafeInteger(nmId)) &&
    Array.isArray(candidate.fields) &&
    candidate.fields.every((field) => CONTENT_FIELDS.includes(field)) &&
    (candidate.notes === null || typeof candidate.notes === 'string')
  );
}

/**
 * The texts of up to 100 cards, one draft each. Made once: a retry would ask the AI again for the cards already done,
 * and an AI that is down fails every card alike.
 */
export const CONTENT_GENERATE_JOB = defineJob<ContentGeneratePayload>({
  name: 'content.generate',
  queue: 'content-generate',
  attempts: 1,
  failedMessage: 'Не удалось подготовить тексты карточек',
  validate: isGeneratePayload,
});

export interface ContentPublishPayload {
  mpAccountId: string;
  draftId: string;
  /** The approval this job publishes: a draft approved again gets a new job. */
  publication: number;
  userId: string;
}

function isPublishPayload(payload: unknown): payload is ContentPublishPayload {
  const candidate = payload as Partial<ContentPublishPayload> | null;
  return (
    typeof candidate?.mpAccountId === 'string' &&
    typeof candidate.draftId === 'string' &&
    Number.isInteger(candidate.publication) &&
    typeof candidate.userId === 'string'
  );
}

/** An approved draft sent to the marketplace, paced by the update's rate rule (the client waits for its token). */
export const CONTENT_PUBLISH_JOB = defineJob<ContentPublishPayload>({
  name: 'content.publish',
  queue: 'content-publish',
  attempts: 3,
  backoffMs: 5000,
  failedMessage: 'Не удалось отправить тексты карточки',
  validate: isPublishPayload,
});

/** CONTENT_VERIFY_DELAY_MS after the send: the card and the error list read, the draft published or rejected. */
export const CONTENT_VERIFY_JOB = defineJob<ContentPublishPayload>({
  name: 'content.verify',
  queue: 'content-publish',
  attempts: 3,
  backoffMs: 60_000,
  failedMessage: 'Не удалось проверить, применил ли маркетплейс тексты карточки',
  validate: isPublishPayload,
});
