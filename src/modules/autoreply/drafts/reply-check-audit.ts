import type { RequestMeta } from '../../../common/auth/request-meta';
import type { AuditEntry } from '../../audit/audit.service';
import type { CheckTrigger } from './reply-publication-choice';

/** The draft a check ran for, as far as its audit record names it. */
interface CheckedDraft {
  id: string;
  mpAccountId: string;
  inboxItemId: string;
}

/**
 * Reply rule 5: a check that fired, at publication or at send, as the audit log keeps it: which text (ai, template or
 * the seller's manual edit) and the rules it failed, never the text itself nor the buyer's words.
 */
export function checkTriggerEntry(draft: CheckedDraft, trigger: CheckTrigger, userId: string | null, meta?: RequestMeta): AuditEntry {
  return {
    action: 'autoreply.check',
    userId,
    mpAccountId: draft.mpAccountId,
    entityType: 'reply_draft',
    entityId: draft.id,
    details: { feedbackId: draft.inboxItemId, text: trigger.text, rules: trigger.rules },
    meta,
  };
}
