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
