import { checkReply, ReplyCheckRule } from './reply-check';

/** Spec, Reply rule 4: each rule of the pre-publication check as the reason a seller reads. */
const REASONS: Record<ReplyCheckRule, string> = {
  noLinks: 'В ответе ссылка или адрес сайта',
  noEmails: 'В ответе адрес электронной почты',
  noPhones: 'В ответе номер телефона',
  noContacts: 'В ответе мессенджер, соцсеть или приглашение связаться вне маркетплейса',
  noInstructions: 'В ответе следы инструкций ИИ-сервиса',
  noPlaceholders: 'В ответе незаполненное поле шаблона',
  noMarkdown: 'В ответе разметка, которую маркетплейс покажет знаками',
  noBidiControls: 'В ответе управляющие символы направления текста',
  length: 'Длина ответа должна быть от 2 до 2000 символов',
};

export interface ReplyCheckFailure {
  rule: ReplyCheckRule;
  /** The reason in Russian, as the seller reads it. */
  message: string;
}

/** Which rules of the service's pre-publication check this reply text fails, each with its reason; empty when it passes. */
export function replyCheckFailures(text: string): ReplyCheckFailure[] {
  return checkReply(text).rules.map((rule) => ({ rule, message: REASONS[rule] }));
}
