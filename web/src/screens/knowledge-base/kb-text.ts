import { counted, number } from '@shared/format';

import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type Article = Schemas['KbArticleDto'];
export type ArticleType = Article['type'];
export type ArticleStatus = Article['status'];
export type KbDocument = Schemas['KbDocumentDto'];
type DocumentStatus = KbDocument['status'];
type Sign = Schemas['KbFlaggedChunkDto']['signs'][number];

/** Spec: knowledge base, article types. */
export const TYPE_TEXT: Record<ArticleType, string> = {
  product_fact: 'Факт о товаре',
  policy: 'Правило магазина',
  faq: 'Вопрос и ответ',
  brand_voice: 'Тон бренда',
  template: 'Образец ответа',
  news: 'Новость',
};

export const STATUS_TEXT: Record<ArticleStatus, string> = { draft: 'черновик', published: 'опубликована', archived: 'в архиве' };
export const STATUS_COLOR: Record<ArticleStatus, string> = { draft: 'gray', published: 'green', archived: 'dimmed' };

const options = <K extends string>(texts: Record<K, string>) =>
  (Object.keys(texts) as K[]).map((value) => ({ value, label: texts[value] }));
export const TYPE_OPTIONS = options(TYPE_TEXT);
export const STATUS_OPTIONS = options(STATUS_TEXT);

/** The signs of a fragment that reads like instructions for the AI. */
export const SIGN_TEXT: Record<Sign, string> = {
  'role-marker': 'метка роли',
  'ignore-previous': '«забудь прежние указания»',
  'model-mention': 'обращение к модели',
  'prompt-fragment': 'кусок промпта',
};

/** The longest article body the service takes (spec: knowledge base). */
export const BODY_MAX = 50_000;

/** The cards of an article typed as nmIDs separated by commas or spaces; null when one of them is not an nmID. */
export function parseNmIds(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  if (!parts.every((part) => /^\d{1,12}$/.test(part))) return null;
  return [...new Set(parts.map(Number))];
}

/** A search score from 0 to 1 as the seller reads it. */
export const scoreText = (score: number) => score.toLocaleString('ru-RU', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/** Where a found fragment comes from: the article and its version, or the document by its file's name. */
export const sourceText = (source: { sourceType: 'article' | 'document'; title: string; version: number }) =>
  source.sourceType === 'article' ? `Статья «${source.title}», версия ${source.version}` : `Документ «${source.title}»`;

/** What the file picker offers; the service decides by the content (spec: knowledge base, documents). */
export const DOCUMENT_ACCEPT = '.pdf,.docx,.xlsx,.txt,.md,application/pdf,text/plain,text/markdown';
export const DOCUMENT_TYPES_TEXT = 'PDF, DOCX, XLSX или текст в UTF-8 (TXT, MD), до 10 МБ';

/** A document's state as the seller reads it. */
export function documentStateText(document: Pick<KbDocument, 'status' | 'chunksCount' | 'failureReason'>): string {
  switch (document.status) {
    case 'processing':
      return 'обрабатывается';
    case 'indexed':
      return `проиндексирован (${counted(document.chunksCount, ['фрагмент', 'фрагмента', 'фрагментов'])})`;
    case 'failed':
      return `ошибка: ${document.failureReason ?? 'причина неизвестна'}`;
    case 'skipped':
      return 'нет текста';
  }
}

export const DOCUMENT_STATUS_COLOR: Record<DocumentStatus, string> = {
  processing: 'blue',
  indexed: 'green',
  failed: 'red',
  skipped: 'gray',
};

/** A file's size in КБ, or in МБ from one megabyte. */
export const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${number(Math.max(1, Math.round(bytes / 1024)), 0)} КБ` : `${number(bytes / (1024 * 1024), 1)} МБ`;
