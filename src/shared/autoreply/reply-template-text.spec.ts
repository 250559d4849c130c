import { describe, expect, it } from 'vitest';

import { fillTemplate, TemplateFacts, unknownPlaceholders } from './reply-template-text';

describe('unknownPlaceholders (Reply template)', () => {
  it.each<[string, string[]]>([
    ['Спасибо за отзыв!', []],
    ['Спасибо за {{reviewText}} и {{ rating }} звёзд', []],
    ['{{  productName  }} бренда {{brand}}, артикул {{ supplierArticle }}, это {{kind}}', []],
    ['Цена {{ price }}', ['{{ price }}']],
    ['{{Rating}} с большой буквы', ['{{Rating}}']],
    ['{{}} пустой', ['{{}}']],
    ['{{ price }} и снова {{ price }} и {{ city}}', ['{{ price }}', '{{ city}}']],
    ['одна скобка {rating} и {{ rating } не плейсхолдеры', []],
  ])('%s', (text, unknown) => {
    expect(unknownPlaceholders(text)).toEqual(unknown);
  });

  it('scans a long text of near-matches in linear time (a backtracking scan would take seconds)', () => {
    const text = '{{ '.repeat(30_000) + 'rating';
    const started = performance.now();
    expect(unknownPlaceholders(text)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('fillTemplate', () => {
  const facts: TemplateFacts = {
    kind: 'feedback',
    text: 'Отличное платье',
    rating: 5,
    productName: 'Платье миди',
    brand: 'Acme',
    supplierArticle: 'ART-1',
  };

  it('fills every allowed placeholder, with or without spaces', () => {
    expect(fillTemplate('{{kind}} «{{ reviewText }}» на {{rating}}: {{ productName }} {{brand}} {{ supplierArticle }}', facts)).toBe(
      'отзыв «Отличное платье» на 5: Платье миди Acme ART-1',
    );
  });

  it('leaves empty what a question does not have, and names its kind', () => {
    expect(fillTemplate('[{{rating}}] {{ kind }} {{brand}}', { ...facts, kind: 'question', rating: null, brand: null })).toBe('[] вопрос ');
  });

  it('keeps a text that carries a placeholder-like value as it is', () => {
    expect(fillTemplate('{{ reviewText }}', { ...facts, text: '{{ rating }}' })).toBe('{{ rating }}');
  });
});
