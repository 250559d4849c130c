import { describe, expect, it } from 'vitest';

import { fillTemplate, insertAt, PLACEHOLDER_CHIPS, unknownPlaceholders } from './template-placeholders';

describe('PLACEHOLDER_CHIPS (spec, Reply template)', () => {
  it('offers exactly the six allowed placeholders, none of them flagged', () => {
    expect(PLACEHOLDER_CHIPS.map((chip) => chip.written)).toEqual([
      '{{ reviewText }}',
      '{{ rating }}',
      '{{ productName }}',
      '{{ brand }}',
      '{{ supplierArticle }}',
      '{{ kind }}',
    ]);
    expect(unknownPlaceholders(PLACEHOLDER_CHIPS.map((chip) => chip.written).join(' '))).toEqual([]);
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
