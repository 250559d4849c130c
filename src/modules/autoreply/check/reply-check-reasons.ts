import { CheckDetector, checkReply } from './reply-check';

/** Spec, Reply rule 4: each detector of the pre-publication check as the reason a seller reads. */
const REASONS: Record<CheckDetector, string> = {
  length: 'Длина ответа должна быть от 2 до 2000 символов',
  link: 'В ответе ссылка или адрес сайта',
  email: 'В ответе адрес электронной почты',
  phone: 'В ответе номер телефона',
  instruction: 'В ответе следы инструкций ИИ-сервиса',
  placeholder: 'В ответе незаполненное поле шаблона',
  markdown: 'В ответе разметка, которую маркетплейс покажет знаками',
};

/** Why the service's pre-publication check would block this reply text; empty when it passes. */
export function replyBlockReasons(text: string): string[] {
  return checkReply(text).detectors.map((detector) => REASONS[detector]);
}
