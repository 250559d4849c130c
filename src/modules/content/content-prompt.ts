import type { ContentKeyword, ContentSubjectCharc, ContentTexts } from '../../database/schema';
import type { CardTextsRequest } from '../../llm/llm-card-texts';
import type { Card } from '../../marketplace/endpoints/content';
import type { KnowledgeFact } from './content-knowledge';
import { TITLE_MAX } from './content-score';

export const CONTENT_FIELDS = ['title', 'description', 'characteristics'] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

/** The labels of the quoted texts (the emulated AI provider reads the same). */
export const CONTENT_LABELS = {
  card: 'Карточка товара',
  charcs: 'Характеристики предмета',
  keywords: 'Поисковые запросы покупателей',
  facts: 'Факты о товаре из базы знаний',
  notes: 'Пожелания продавца',
} as const;

const FIELD_NAMES: Record<ContentField, string> = { title: 'название', description: 'описание', characteristics: 'характеристики' };

/** Our own words to the model; everything about the card reaches it only as quoted data. */
function instructions(fields: readonly ContentField[]): string {
  return [
    'Ты пишешь тексты карточки товара маркетплейса на русском языке.',
    `Перепиши ${fields.map((field) => FIELD_NAMES[field]).join(', ')} по процитированным данным: карточке, характеристикам предмета, поисковым запросам, фактам базы знаний и пожеланиям продавца.`,
    `Название не длиннее ${TITLE_MAX} символов, описание от 1000 до 2000 символов; естественно используй частые поисковые запросы.`,
    'Не упоминай чужие бренды, не пиши «лучший», «№1», «гарантия 100%» и других утверждений, которых нет в фактах; без ссылок, телефонов, e-mail и разметки.',
    'Характеристики — только из списка предмета: charcType 1 — массив строк не длиннее maxCount, charcType 4 — одно число; заполни обязательные.',
    'Ответь одним объектом JSON: {"title": строка, "description": строка, "characteristics": [{"id": число, "value": массив строк или число}]}.',
  ].join(' ');
}

export interface CardTextsInput {
  card: Card;
  current: ContentTexts;
  fields: readonly ContentField[];
  keywords: readonly ContentKeyword[];
  facts: readonly KnowledgeFact[];
  subjectCharcs: readonly ContentSubjectCharc[];
  notes: string | null;
}

/** The request for a card's texts: each piece of material quoted on its own, as JSON text. */
export function cardTextsRequest(input: CardTextsInput): CardTextsRequest {
  const card = { ...input.current, brand: input.card.brand, subjectName: input.card.subjectName ?? null };
  const quoted: CardTextsRequest['quoted'] = [
    { label: CONTENT_LABELS.card, text: JSON.stringify(card) },
    { label: CONTENT_LABELS.charcs, text: JSON.stringify(input.subjectCharcs) },
    { label: CONTENT_LABELS.keywords, text: JSON.stringify(input.keywords) },
    { label: CONTENT_LABELS.facts, text: JSON.stringify(input.facts.map((fact) => fact.text)) },
  ];
  if (input.notes) quoted.push({ label: CONTENT_LABELS.notes, text: input.notes });
  return { instructions: instructions(input.fields), quoted };
}
