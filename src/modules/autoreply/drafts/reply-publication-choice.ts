import type { ReplySource } from '../../../database/schema/autoreply';
import { checkReply, ReplyCheckRule } from '../../../shared/autoreply/check/reply-check';

/** One run of the pre-publication check that fired: which text it was and the rules it failed. */
export interface CheckTrigger {
  text: ReplySource;
  rules: ReplyCheckRule[];
}

export type PublicationChoice =
  { publish: { text: string; source: ReplySource }; triggers: CheckTrigger[] } | { publish: null; triggers: CheckTrigger[] };

/** The texts of a draft the check reads: what was prepared, and the filled template to fall back on. */
export interface DraftTexts {
  text: string;
  source: ReplySource;
  templateText: string;
}

/**
 * Spec: Reply rule 4. The prepared text when it passes the check; an AI text that fails gives way to the filled template;
 * when the template fails too (or was the prepared text and failed), nothing is published.
 */
export function choosePublication(draft: DraftTexts): PublicationChoice {
  const triggers: CheckTrigger[] = [];
  const candidates: { text: string; source: ReplySource }[] = [{ text: draft.text, source: draft.source }];
  if (draft.source === 'ai') candidates.push({ text: draft.templateText, source: 'template' });
  for (const candidate of candidates) {
    const { ok, rules } = checkReply(candidate.text);
    if (ok) return { publish: candidate, triggers };
    triggers.push({ text: candidate.source, rules });
  }
  return { publish: null, triggers };
}
