import { describe, expect, it } from 'vitest';

import { conditionText, templateName } from './scenario-text';

describe('conditionText', () => {
  it.each<[Parameters<typeof conditionText>[0], string]>([
    [{ kind: 'both', brand: null, ratingMin: null, ratingMax: null }, 'Отзывы и вопросы'],
    [{ kind: 'feedbacks', brand: 'Бренд', ratingMin: 4, ratingMax: 5 }, 'Отзывы, бренд Бренд, оценка 4–5'],
    [{ kind: 'feedbacks', brand: null, ratingMin: 1, ratingMax: 1 }, 'Отзывы, оценка 1'],
    [{ kind: 'feedbacks', brand: null, ratingMin: 3, ratingMax: null }, 'Отзывы, оценка от 3'],
    [{ kind: 'questions', brand: null, ratingMin: null, ratingMax: 2 }, 'Вопросы, оценка до 2'],
  ])('%o', (scenario, text) => {
    expect(conditionText(scenario)).toBe(text);
  });
});

describe('templateName', () => {
  const templates = [{ id: 't1', name: 'Благодарность' }];
  it.each<[string, string]>([
    ['t1', 'Благодарность'],
    ['t2', 'шаблон удалён'],
  ])('%s', (id, name) => {
    expect(templateName(templates, id)).toBe(name);
  });
});
