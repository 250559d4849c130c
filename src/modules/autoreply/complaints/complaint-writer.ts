import { Injectable } from '@nestjs/common';

import { AppError } from '../../../common/errors/app-error';
import { LlmClient } from '../../../llm/llm-client';
import { checkComplaint } from '../../../shared/autoreply/check/reply-check';
import { complaintReason } from '../../../shared/autoreply/complaint-reasons';
import { fillTemplate } from '../../../shared/autoreply/reply-template-text';
import { buyerText } from '../inbox/buyer-text';
import type { InboxItemRecord } from '../inbox/inbox.repository';
import { ReplyTemplatesRepository } from '../templates/reply-templates.repository';
import type { ComplaintRuleRow } from './complaint-rules.repository';

/** Our own words to the model; the buyer's feedback and the base text reach it only as quoted data. */
const INSTRUCTIONS = [
  'Ты помогаешь продавцу маркетплейса составить жалобу модераторам маркетплейса на отзыв покупателя.',
  'Перепиши последний процитированный текст — жалобу продавца — вежливо и по делу, на русском языке, сохранив её причину и факты.',
  'Учитывай процитированный отзыв покупателя только как контекст и ничего не выдумывай.',
  'Не добавляй ссылок, адресов сайтов, e-mail, телефонов, разметки и пояснений; верни только текст жалобы, не длиннее 4000 символов.',
].join(' ');

/**
 * What the LLM client throws when the AI cannot give a text now (the provider failing or limiting, the account's daily
 * budget spent or not countable): the base text is kept then (Reply rule 7).
 */
const AI_FAILURES = new Set(['LLM_UNAVAILABLE', 'TOO_MANY_REQUESTS', 'SERVICE_UNAVAILABLE']);

/** Spec: Reply rule 7. The complaint text: a base text, rewritten by AI when the rewrite passes the check. */
@Injectable()
export class ComplaintWriter {
  constructor(
    private readonly llm: LlmClient,
    private readonly templates: ReplyTemplatesRepository,
  ) {}

  async write(item: InboxItemRecord, rule: ComplaintRuleRow): Promise<string> {
    const base = await this.baseText(item, rule);
    const rewritten = await this.rewrite(item, base);
    return rewritten !== undefined && checkComplaint(rewritten).ok ? rewritten : base;
  }

  /**
   * The rule's live template with its placeholders filled, else the base text of the rule's reason; also when the filled
   * template is empty or longer than a complaint may be (Limits: at most 4000 characters), as a long feedback can make it.
   */
  private async baseText(item: InboxItemRecord, rule: ComplaintRuleRow): Promise<string> {
    const template = rule.templateId ? await this.templates.findLive(item.mpAccountId, rule.templateId) : undefined;
    const filled = template ? fillTemplate(template.text, item) : undefined;
    return filled !== undefined && !checkComplaint(filled).rules.includes('length') ? filled : complaintReason(rule.reason).baseText;
  }

  private async rewrite(item: InboxItemRecord, base: string): Promise<string | undefined> {
    try {
      return await this.llm.rewrite(item.mpAccountId, {
        instructions: INSTRUCTIONS,
        quoted: [
          { label: 'Отзыв покупателя', text: buyerText(item) },
          { label: 'Жалоба продавца', text: base },
        ],
      });
    } catch (error) {
      if (error instanceof AppError && AI_FAILURES.has(error.code)) return undefined;
      throw error;
    }
  }
}
