import { describe, expect, it } from 'vitest';

import {
  fillTemplate,
  insertAt,
  PLACEHOLDER_CHIPS,
  shownTemplateText,
  storedTemplateText,
  tokenSpans,
  unknownPlaceholders,
} from './template-placeholders';

describe('PLACEHOLDER_CHIPS (spec, Reply template)', () => {
  it('offers exactly the six allowed placeholders, none of them flagged', () => {
    expect(PLACEHOLDER_CHIPS.map((chip) => chip.stored)).toEqual([
      '{{ reviewText }}',
      '{{ rating }}',
      '{{ productName }}',
      '{{ brand }}',
      '{{ supplierArticle }}',
      '{{ kind }}',
    ]);
    expect(unknownPlaceholders(PLACEHOLDER_CHIPS.map((chip) => chip.stored).join(' '))).toEqual([]);
  });

  it('shows each as its Russian label in brackets', () => {
    expect(PLACEHOLDER_CHIPS.map((chip) => chip.token)).toEqual([
      '[Текст отзыва]',
      '[Оценка]',
      '[Название товара]',
      '[Бренд]',
      '[Артикул продавца]',
      '[Отзыв или вопрос]',
    ]);
  });
});

describe('shownTemplateText and storedTemplateText', () => {
  it.each<[string, string, string]>([
    [
      'Спасибо за {{ kind }} о {{productName}}!',
      'Спасибо за [Отзыв или вопрос] о [Название товара]!',
      'Спасибо за {{ kind }} о {{ productName }}!',
    ],
    ['Оценка {{  rating }}: {{ reviewText }}', 'Оценка [Оценка]: [Текст отзыва]', 'Оценка {{ rating }}: {{ reviewText }}'],
    ['Скидка {{ discount }} [по акции]', 'Скидка {{ discount }} [по акции]', 'Скидка {{ discount }} [по акции]'],
    ['{{ brand }}{{ supplierArticle }}', '[Бренд][Артикул продавца]', '{{ brand }}{{ supplierArticle }}'],
    ['Без плейсхолдеров', 'Без плейсхолдеров', 'Без плейсхолдеров'],
  ])('%s', (stored, shown, storedAgain) => {
    expect(shownTemplateText(stored)).toBe(shown);
    expect(storedTemplateText(shown)).toBe(storedAgain);
  });

  it('keeps a placeholder typed in braces, and a token of no placeholder as text', () => {
    expect(storedTemplateText('[Оценка] и {{ rating }}, [Цена]')).toBe('{{ rating }} и {{ rating }}, [Цена]');
  });
});

describe('tokenSpans', () => {
  it('marks the tokens of known placeholders only', () => {
    expect(tokenSpans('За [Оценка] [Цена] спасибо, [Бренд]')).toEqual([
      { text: 'За ', token: false },
      { text: '[Оценка]', token: true },
      { text: ' [Цена] спасибо, ', token: false },
      { text: '[Бренд]', token: true },
    ]);
    expect(tokenSpans('')).toEqual([]);
  });
});

describe('insertAt', () => {
  it.each<[string, { start: number; end: number }, string, { text: string; caret: number }]>([
    ['', { start: 0, end: 0 }, '{{ rating }}', { text: '{{ rating }}', caret: 12 }],
    ['Спасибо!', { start: 7, end: 7 }, ' {{ kind }}', { text: 'Спасибо {{ kind }}!', caret: 18 }],
    ['Оценка X.', { start: 7, end: 8 }, '{{ rating }}', { text: 'Оценка {{ rating }}.', caret: 19 }],
    ['Текст', { start: 5, end: 5 }, '{{ brand }}', { text: 'Текст{{ brand }}', caret: 16 }],
  ])('%s at %o', (text, selection, written, result) => {
    expect(insertAt(text, selection, written)).toEqual(result);
  });
});

describe('unknownPlaceholders and the preview', () => {
  it.each<[string, string[]]>([
    ['Спасибо за {{ kind }} о {{ productName }}', []],
    ['Скидка {{ discount }} на {{ productName }}', ['{{ discount }}']],
    ['{{ name }}, {{ city}} и {{ name }}', ['{{ name }}', '{{ city}}']],
  ])('%s flags %o', (text, unknown) => {
    expect(unknownPlaceholders(text)).toEqual(unknown);
  });

  it('fills a preview from an inbox item as the service would, an unknown placeholder left as written', () => {
    const item = {
      kind: 'question' as const,
      text: 'Есть размер M?',
      rating: null,
      productName: 'Футболка',
      brand: 'Бренд',
      supplierArticle: 'A-1',
    };
    expect(fillTemplate('Спасибо за {{ kind }} о «{{productName}}» ({{ rating }}) {{ price }}', item)).toBe(
      'Спасибо за вопрос о «Футболка» () {{ price }}',
    );
  });
});
