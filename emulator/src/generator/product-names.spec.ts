import { describe, expect, it } from 'vitest';

import { cardAt, CatalogShape } from './catalog';
import { ADJECTIVES, NounForm, productName } from './product-names';

function adjective(masculine: string) {
  return ADJECTIVES.find((item) => item.m === masculine)!;
}

/** How a title of each subject starts: the noun, then an adjective ending as the noun's gender and number asks. */
const AGREEING_TITLE: Record<string, RegExp> = {
  Футболки: /^Футболка [а-яё]+ая /,
  Платья: /^Платье [а-яё]+(ое|ее) /,
  Джинсы: /^Джинсы [а-яё]+(ые|ие) /,
  Кроссовки: /^Кроссовки [а-яё]+(ые|ие) /,
  Рюкзаки: /^Рюкзак [а-яё]+(ый|ий|ой) /,
  Кружки: /^Кружка [а-яё]+ая /,
  Наушники: /^Наушники [а-яё]+(ые|ие) /,
  'Чехлы для телефонов': /^Чехол для телефона [а-яё]+(ый|ий|ой) /,
};

describe('product names', () => {
  it.each<[string, NounForm, string, string]>([
    ['Джинсы', 'plural', 'базовый', 'Джинсы базовые'],
    ['Кроссовки', 'plural', 'яркий', 'Кроссовки яркие'],
    ['Платье', 'n', 'лёгкий', 'Платье лёгкое'],
    ['Футболка', 'f', 'классический', 'Футболка классическая'],
    ['Рюкзак', 'm', 'спортивный', 'Рюкзак спортивный'],
  ])('%s (%s) with «%s» is «%s»', (name, form, masculine, expected) => {
    expect(productName({ name, form }, adjective(masculine))).toBe(expected);
  });

  it('every adjective has its four forms with their endings', () => {
    for (const item of ADJECTIVES) {
      expect(item.m).toMatch(/(ый|ий|ой)$/);
      expect(item.f).toMatch(/(ая|яя)$/);
      expect(item.n).toMatch(/(ое|ее)$/);
      expect(item.plural).toMatch(/(ые|ие)$/);
    }
  });

  it('every generated card title agrees in gender and number and ends with the brand', () => {
    const shape: CatalogShape = { seed: 2026, cards: 2000, nmIdBase: 100_000, startMs: Date.UTC(2026, 0, 1), photosUrl: '' };
    const subjects = new Set<string>();
    for (let index = 0; index < shape.cards; index++) {
      const card = cardAt(shape, index);
      subjects.add(card.subjectName);
      expect(card.title, card.subjectName).toMatch(AGREEING_TITLE[card.subjectName]);
      expect(card.title.endsWith(` ${card.brand}`)).toBe(true);
    }
    expect([...subjects].sort()).toEqual(Object.keys(AGREEING_TITLE).sort());
  });
});
