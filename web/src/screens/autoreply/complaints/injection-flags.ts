import type { components } from '../../../api/schema';

type AuditEntry = components['schemas']['AuditLogResponseDto'];

/** Spec: States, Complaint. The audit action the service writes when a feedback it prepared a complaint for shows injection signs. */
export const INJECTION_ACTION = 'autoreply.complaint.injection';

/** The signs' families (the service's reply check) as the seller reads them. */
const SIGN_TEXT: Record<string, string> = {
  'role-marker': 'служебные пометки ролей (system:, assistant:)',
  'ignore-previous': 'просьба забыть или игнорировать инструкции',
  'model-mention': 'обращение к ИИ или языковой модели',
  'prompt-fragment': 'куски запроса к ИИ',
};

/** Why the complaint stays a draft: the feedback tried to give instructions to the AI that writes the complaint. */
export function injectionExplanation(signs: string[]): string {
  const found = signs.map((sign) => SIGN_TEXT[sign] ?? sign).join('; ');
  return (
    'В тексте отзыва есть признаки попытки управлять ИИ' +
    (found ? ` (${found})` : '') +
    '. Жалоба оставлена черновиком: прочитайте отзыв и текст жалобы сами, прежде чем подавать её.'
  );
}

/** The complaints flagged in the audit log, each with its explanation; a complaint prepared again is flagged by its latest record. */
export function injectionFlags(entries: AuditEntry[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (const entry of entries) {
    if (entry.action !== INJECTION_ACTION || !entry.entityId || flags.has(entry.entityId)) continue;
    const signs = Array.isArray(entry.details.signs) ? entry.details.signs.filter((sign) => typeof sign === 'string') : [];
    flags.set(entry.entityId, injectionExplanation(signs));
  }
  return flags;
}
