import { hasEmail, hasLink } from './reply-check-contacts';
import { hasInstruction, hasMarkdown, hasPlaceholder, InjectionSign, instructionFamilies } from './reply-check-instructions';
import { hasContact } from './reply-check-messengers';
import { normaliseForCheck, normaliseLines } from './reply-check-normalise';
import { hasPhone } from './reply-check-phones';

export type { InjectionSign } from './reply-check-instructions';
export { INJECTION_SIGNS } from './reply-check-instructions';

/** The check's rules, as the API names them (400 `details[].errors`, audit `autoreply.check`), in their fixed order. */
export type ReplyCheckRule =
  'noLinks' | 'noEmails' | 'noPhones' | 'noContacts' | 'noInstructions' | 'noPlaceholders' | 'noMarkdown' | 'noBidiControls' | 'length';

export interface CheckResult {
  ok: boolean;
  /** The rules the text fails, in a fixed order; empty when it passes. */
  rules: ReplyCheckRule[];
}

// Spec, Limits: reply text 2 to 2000 characters (Reply rule 4); complaint text at most 4000 (Reply rule 7).
const REPLY_LENGTH = { min: 2, max: 2000 };
const COMPLAINT_LENGTH = { min: 1, max: 4000 };

/** Whether the text's length lies within the bounds, counting characters as a reader does: a surrogate pair (most emoji) is one. */
function lengthWithin(text: string, bounds: { min: number; max: number }): boolean {
  // Pairs only shorten the count, at most to half the code units: they are counted only where that could matter.
  if (text.length <= bounds.max && text.length >= 2 * bounds.min) return true;
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) count--;
  }
  return count >= bounds.min && count <= bounds.max;
}

function check(text: string, bounds: { min: number; max: number }): CheckResult {
  const rules: ReplyCheckRule[] = [];
  const { lines, contact, bidiControls } = normaliseForCheck(text);
  if (hasLink(contact)) rules.push('noLinks');
  if (hasEmail(contact)) rules.push('noEmails');
  if (hasPhone(contact)) rules.push('noPhones');
  if (hasContact(lines, contact)) rules.push('noContacts');
  if (hasInstruction(lines)) rules.push('noInstructions');
  if (hasPlaceholder(lines)) rules.push('noPlaceholders');
  if (hasMarkdown(lines)) rules.push('noMarkdown');
  // A text that reorders what the reader sees is refused whatever it shows once the controls are dropped.
  if (bidiControls) rules.push('noBidiControls');
  if (!lengthWithin(text.trim(), bounds)) rules.push('length');
  return { ok: rules.length === 0, rules };
}

/**
 * The pre-publication check of a reply (spec, Reply rule 4): length; no links, e-mails, phones, messenger contacts,
 * traces of AI instructions, unfilled placeholders, markdown or bidi controls.
 */
export function checkReply(text: string): CheckResult {
  return check(text, REPLY_LENGTH);
}

/** The check an AI-rewritten complaint text must pass to be kept (spec, Reply rule 7): the same rules, up to 4000 characters. */
export function checkComplaint(text: string): CheckResult {
  return check(text, COMPLAINT_LENGTH);
}

/** Instructions aimed at a model in a buyer's feedback (spec, States: Complaint): such a complaint stays a draft. */
export function injectionSigns(buyerText: string): InjectionSign[] {
  return instructionFamilies(normaliseLines(buyerText));
}
