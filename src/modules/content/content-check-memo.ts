import { createHash } from 'node:crypto';

import { checkComplaint, type ReplyCheckRule } from '../../shared/autoreply/check/reply-check';

/** Texts whose findings are kept: the cards of a few large catalogs, about 100 bytes each. */
const REMEMBERED = 50_000;

const findings = new Map<string, readonly ReplyCheckRule[]>();

/**
 * The rules of the pre-publication check a text fails, remembered by the text's SHA-1 in this process (the least
 * recently used forgotten first): a catalog's texts change only when a cards sync sees them change, while the audit
 * scores every card on every visit, and the check is most of a card's score.
 */
export function checkFindings(text: string): readonly ReplyCheckRule[] {
  const key = createHash('sha1').update(text).digest('base64');
  let rules = findings.get(key);
  if (rules === undefined) {
    rules = checkComplaint(text).rules;
    if (findings.size >= REMEMBERED) findings.delete(findings.keys().next().value!);
  } else findings.delete(key);
  findings.set(key, rules);
  return rules;
}
