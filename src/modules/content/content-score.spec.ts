import { describe, expect, it } from 'vitest';

import { DEFAULT_DESCRIPTION_BOUNDS, hasBlockingIssue, scoreContent } from './content-score';

const context = { competitorBrands: ['UrbanLine'], factTexts: [], descriptionBounds: DEFAULT_DESCRIPTION_BOUNDS, subjectCharcs: [] };
const TITLE_40 = 'Футболка хлопковая оверсайз чёрная Mira!';
const DESCRIPTION_1000 = `Футболка из хлопка. ${'Мягкая ткань, ровные швы. '.repeat(40)}`.slice(0, 1000);
const KEYWORDS = ['футболка хлопок', 'футболка оверсайз'];

describe('scoreContent', () => {
  it.each([
    ['everything in place', TITLE_40, DESCRIPTION_1000, KEYWORDS, context, 100, []],
    ['no search phrases: coverage left out, the rest scaled to 100', TITLE_40, DESCRIPTION_1000, [], context, 100, []],
    ['half the phrases covered', TITLE_40, DESCRIPTION_1000, ['футболка хлопок', 'платье летнее'], context, 85, ['keywords:info']],
    [
      'title of 20 characters: half its points',
      'Футболка хлопок Mira',
      DESCRIPTION_1000,
      KEYWORDS,
      context,
      75,
      ['title:info', 'keywords:info'],
    ],
    ['title of 61 characters: an error, no title points', 'Ф'.repeat(61), DESCRIPTION_1000, [], context, 71, ['title:error']],
    [
      'description of 500: half its points, a warning',
      TITLE_40,
      DESCRIPTION_1000.slice(0, 500),
      KEYWORDS,
      context,
      85,
      ['description:warning'],
    ],
    ['description over the maximum: an error', TITLE_40, 'а'.repeat(2001), [], context, 57, ['description:error']],
    ['a competitor brand in the title', 'Футболка как у UrbanLine хлопковая оверсайз', DESCRIPTION_1000, [], context, 86, ['title:error']],
    ['an unbacked claim', TITLE_40, `${DESCRIPTION_1000} Лучший выбор.`, [], context, 86, ['description:warning']],
    [
      'a claim a knowledge-base fact backs',
      TITLE_40,
      `${DESCRIPTION_1000} Лучший выбор.`,
      [],
      { ...context, factTexts: ['Признан лучший товар года'] },
      100,
      [],
    ],
    [
      'a link (the pre-publication check)',
      TITLE_40,
      `${DESCRIPTION_1000} Смотрите https://shop.example`,
      [],
      context,
      86,
      ['description:error'],
    ],
    ['an empty card', '', '', KEYWORDS, context, 20, ['title:error', 'description:warning', 'keywords:info']],
    [
      'a claim that starts with a sign, glued to the word before',
      TITLE_40,
      `${DESCRIPTION_1000} Товар№1 сезона.`,
      [],
      context,
      86,
      ['description:warning'],
    ],
    ['a claim written with ё', TITLE_40, `${DESCRIPTION_1000} Самый дешёвый!`, [], context, 86, ['description:warning']],
    ['a claim inside a longer word is no claim', TITLE_40, `${DESCRIPTION_1000} Лучшийвыбор.`, [], context, 100, []],
    [
      'a phrase covered only inside a longer word is missing',
      TITLE_40,
      DESCRIPTION_1000,
      ['суперфутболка'],
      context,
      70,
      ['keywords:info'],
    ],
    ['a title of 40 emoji counts 40 characters, not 80', '😀'.repeat(40), DESCRIPTION_1000, [], context, 100, []],
  ])('%s', (_name, title, description, keywords, scoreContext, score, issues) => {
    const result = scoreContent({ texts: { title, description }, keywords, context: scoreContext });
    expect(result.score).toBe(score);
    expect(result.issues.map((issue) => `${issue.field}:${issue.severity}`)).toEqual(issues);
  });

  it('a brand inside a longer word is not the brand', () => {
    const texts = { title: TITLE_40, description: `${DESCRIPTION_1000} UrbanLineStyle` };
    const result = scoreContent({ texts, keywords: [], context });
    expect(result.issues).toEqual([]);
  });

  it('only errors block sending', () => {
    expect(hasBlockingIssue([{ field: 'title', message: '', severity: 'warning' }])).toBe(false);
    expect(hasBlockingIssue([{ field: 'title', message: '', severity: 'error' }])).toBe(true);
  });
});
