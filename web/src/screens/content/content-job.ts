import type { JobStatusOf } from '../../api/use-job-status';

/** What a finished content job made: a draft of each card found on the marketplace, and the cards it did not find. */
export interface ContentJobResult {
  drafts: { nmId: number; draftId: string }[];
  missing: number[];
}

export function contentJobResult(job: JobStatusOf<'/content/jobs/{jobId}'> | undefined): ContentJobResult | null {
  const result = job?.result as Partial<ContentJobResult> | null | undefined;
  if (!result) return null;
  return { drafts: result.drafts ?? [], missing: result.missing ?? [] };
}
