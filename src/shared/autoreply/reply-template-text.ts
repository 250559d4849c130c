import type { InboxKind } from './inbox-kinds';

/** Spec: Reply template. The only placeholders a template may hold; spaces inside the braces are optional. */
export const TEMPLATE_PLACEHOLDERS = ['reviewText', 'rating', 'productName', 'brand', 'supplierArticle', 'kind'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

const ALLOWED = new Set<string>(TEMPLATE_PLACEHOLDERS);
/** `{{ name }}`: no braces inside, so the scan stays linear. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** The placeholders of a text that are not allowed, as written (`{{ price }}`), each once. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const [written, name] of text.matchAll(PLACEHOLDER)) if (!ALLOWED.has(name.trim())) unknown.add(written);
  return [...unknown];
}

/** What fills the placeholders for one feedback or question. */
export interface TemplateFacts {
  kind: InboxKind;
  text: string;
  rating: number | null;
  productName: string | null;
  brand: string | null;
  supplierArticle: string | null;
}

const KIND_WORDS: Record<InboxKind, string> = { feedback: 'отзыв', question: 'вопрос' };

/** The template with its placeholders filled; a value the item does not have becomes empty text. */
export function fillTemplate(template: string, facts: TemplateFacts): string {
  const values: Record<TemplatePlaceholder, string> = {
    reviewText: facts.text,
    rating: facts.rating === null ? '' : String(facts.rating),
    productName: facts.productName ?? '',
    brand: facts.brand ?? '',
    supplierArticle: facts.supplierArticle ?? '',
    kind: KIND_WORDS[facts.kind],
  };
  return template.replace(PLACEHOLDER, (written, name: string) => {
    const key = name.trim();
    return ALLOWED.has(key) ? values[key as TemplatePlaceholder] : written;
  });
}
