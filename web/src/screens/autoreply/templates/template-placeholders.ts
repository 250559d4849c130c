import {
  fillTemplate,
  TEMPLATE_PLACEHOLDERS,
  TemplateFacts,
  TemplatePlaceholder,
  unknownPlaceholders,
} from '@shared/autoreply/reply-template-text';

export { fillTemplate, unknownPlaceholders };
export type { TemplateFacts };

const PLACEHOLDER_LABELS: Record<TemplatePlaceholder, string> = {
  reviewText: 'Текст отзыва',
  rating: 'Оценка',
  productName: 'Название товара',
  brand: 'Бренд',
  supplierArticle: 'Артикул продавца',
  kind: 'Отзыв или вопрос',
};

/** A placeholder as the editor shows it: its Russian label in square brackets, a token the seller reads. */
const token = (name: TemplatePlaceholder) => `[${PLACEHOLDER_LABELS[name]}]`;

/**
 * Spec, Reply template: the six placeholders a template may hold, each as the editor shows it (`token`), as a seller
 * reads it (`label`) and as it is stored (`stored`).
 */
export const PLACEHOLDER_CHIPS = TEMPLATE_PLACEHOLDERS.map((name) => ({
  token: token(name),
  label: PLACEHOLDER_LABELS[name],
  stored: `{{ ${name} }}`,
}));

/** A known placeholder as stored, with or without spaces inside the braces. */
const STORED = new RegExp(`\\{\\{\\s*(${TEMPLATE_PLACEHOLDERS.join('|')})\\s*\\}\\}`, 'g');
const BY_TOKEN = new Map(PLACEHOLDER_CHIPS.map((chip) => [chip.token, chip.stored]));
/** A token of the editor: a label in brackets, no brackets inside. */
const TOKEN = /\[[^[\]]*\]/g;

/** The stored text as the editor shows it: each known placeholder as its token; an unknown one left as written. */
export const shownTemplateText = (stored: string) => stored.replace(STORED, (_written, name: TemplatePlaceholder) => token(name));

/** The editor's text as it is stored: each token as its placeholder; other brackets, and placeholders typed as such, kept. */
export const storedTemplateText = (shown: string) => shown.replace(TOKEN, (written) => BY_TOKEN.get(written) ?? written);

/** The text with `written` put in place of the selection, and where the caret goes after it. */
export function insertAt(text: string, selection: { start: number; end: number }, written: string): { text: string; caret: number } {
  return { text: text.slice(0, selection.start) + written + text.slice(selection.end), caret: selection.start + written.length };
}

/** Where the editor's tokens are in its text, to draw each as a chip over it. */
export function tokenSpans(shown: string): { text: string; token: boolean }[] {
  const spans: { text: string; token: boolean }[] = [];
  let from = 0;
  for (const match of shown.matchAll(TOKEN)) {
    if (!BY_TOKEN.has(match[0])) continue;
    if (match.index > from) spans.push({ text: shown.slice(from, match.index), token: false });
    spans.push({ text: match[0], token: true });
    from = match.index + match[0].length;
  }
  if (from < shown.length) spans.push({ text: shown.slice(from), token: false });
  return spans;
}
