import { hasEmail, hasLink } from './reply-check-contacts';
import { hasInstruction, hasMarkdown, hasPlaceholder, InjectionSign, instructionFamilies } from './reply-check-instructions';
import { normaliseForCheck, normaliseLines } from './reply-check-normalise';
import { hasPhone } from './reply-check-phones';

export type { InjectionSign } from './reply-check-instructions';

export type CheckDetector = 'length' | 'link' | 'email' | 'phone' | 'instruction' | 'placeholder' | 'markdown';

export interface CheckResult {
  ok: boolean;
  /** The detectors that fired, in a fixed order; empty when the text passes. */
  detectors: CheckDetector[];
}

// Spec, Limits: reply text 2 to 2000 characters (Reply rule 4); complaint text at most 4000 (Reply rule 7).
const REPLY_LENGTH = { min: 2, max: 2000 };
const COMPLAINT_LENGTH = { min: 1, max: 4000 };

/** Characters as a reader counts them: a surrogate pair (most emoji) is one. */
function characterCount(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) count--;
  }
  return count;
}

function check(text: string, bounds: { min: number; max: number }): CheckResult {
  const detectors: CheckDetector[] = [];
  const length = characterCount(text.trim());
  if (length < bounds.min || length > bounds.max) detectors.push('length');
  const { lines, contact } = normaliseForCheck(text);
  if (hasLink(contact)) detectors.push('link');
  if (hasEmail(contact)) detectors.push('email');
  if (hasPhone(lines)) detectors.push('phone');
  if (hasInstruction(lines)) detectors.push('instruction');
  if (hasPlaceholder(lines)) detectors.push('placeholder');
  if (hasMarkdown(lines)) detectors.push('markdown');
  return { ok: detectors.length === 0, detectors };
}

/** The pre-publication check of a reply (spec, Reply rule 4): length, links, e-mails, phones, traces of AI instructions. */
export function checkReply(text: string): CheckResult {
  return check(text, REPLY_LENGTH);
}

/** The check an AI-rewritten complaint text must pass to be kept (spec, Reply rule 7): the same detectors, up to 4000 characters. */
export function checkComplaint(text: string): CheckResult {
  return check(text, COMPLAINT_LENGTH);
}

/** Instructions aimed at a model in a buyer's feedback (spec, States: Complaint): such a complaint stays a draft. */
export function injectionSigns(buyerText: string): InjectionSign[] {
  return instructionFamilies(normaliseLines(buyerText));
}
