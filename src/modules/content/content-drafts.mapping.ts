import type { ContentTexts } from '../../database/schema';
import type { ContentDiffDto, ContentDraftDto } from './content.dto';
import { canonicalJson } from './content-card-hash';
import type { ContentDraftRow } from './content-drafts.repository';

/** The fields the draft changes, each with its value before and after. */
export function diffOf(current: ContentTexts, proposed: ContentTexts): ContentDiffDto[] {
  return (['title', 'description', 'characteristics'] as const)
    .filter((field) => canonicalJson(current[field]) !== canonicalJson(proposed[field]))
    .map((field) => ({ field, before: current[field], after: proposed[field] }));
}

export function contentDraftDto(row: ContentDraftRow): ContentDraftDto {
  return {
    id: row.id,
    mpAccountId: row.mpAccountId,
    nmId: row.nmId,
    baseHash: row.baseHash,
    keywords: row.keywords,
    current: row.current,
    proposed: row.proposed,
    diff: diffOf(row.current, row.proposed),
    scoreBefore: row.scoreBefore,
    scoreAfter: row.scoreAfter,
    issues: row.issues,
    status: row.status,
    mpError: row.mpError,
    note: row.note,
    knowledgeSources: row.knowledgeSources,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
