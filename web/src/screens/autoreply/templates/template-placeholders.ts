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

/** Spec, Reply template: the six placeholders a template may hold, each as it is written and as a seller reads it. */
export const PLACEHOLDER_CHIPS = TEMPLATE_PLACEHOLDERS.map((name) => ({ written: `{{ ${name} }}`, label: PLACEHOLDER_LABELS[name] }));

/** The text with `written` put in place of the selection, and where the caret goes after it. */
export function insertAt(text: string, selection: { start: number; end: number }, written: string): { text: string; caret: number } {
  return { text: text.slice(0, selection.start) + written + text.slice(selection.end), caret: selection.start + written.length };
}
