import type { ReplyDraftDto } from './reply-drafts.dto';
import type { ReplyDraftRow } from './reply-drafts.repository';

export function replyDraftDto(row: ReplyDraftRow): ReplyDraftDto {
  return {
    id: row.id,
    feedbackId: row.inboxItemId,
    status: row.status,
    text: row.text,
    source: row.source,
    scenarioId: row.scenarioId,
    templateId: row.templateId,
    note: row.note,
    knowledgeSources: row.kbSources,
    scheduledAt: row.scheduledAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
