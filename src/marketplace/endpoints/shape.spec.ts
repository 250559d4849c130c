import { describe, expect, it } from 'vitest';

import { anything, arrayOf, bigIntText, bool, int, nullable, num, object, oneOf, optional, recordOf, Shape, str } from './shape';

describe('shape checks', () => {
  it.each<[string, Shape<unknown>, unknown[], [unknown, string][]]>([
    [
      'int',
      int,
      [0, -3, 2 ** 40],
      [
        [1.5, 'an integer'],
        ['1', 'an integer'],
        [null, 'an integer'],
      ],
    ],
    [
      'num',
      num,
      [0, 1.25, -7],
      [
        [Number.NaN, 'a number'],
        ['1', 'a number'],
        [undefined, 'a number'],
      ],
    ],
    [
      'str',
      str,
      ['', 'x'],
      [
        [1, 'a string'],
        [null, 'a string'],
      ],
    ],
    [
      'bool',
      bool,
      [true, false],
      [
        ['true', 'a boolean'],
        [0, 'a boolean'],
      ],
    ],
    ['oneOf', oneOf('cpm', 'cpc'), ['cpm', 'cpc'], [['cpa', '"cpm" or "cpc"']]],
    ['nullable', nullable(int), [null, 3], [[undefined, 'an integer']]],
    ['anything', anything, [null, undefined, 'x', {}], []],
    [
      'bigIntText',
      bigIntText,
      ['0', '-5', '9007199254740993'],
      [
        [5, 'an integer'],
        ['1.5', 'an integer'],
        ['', 'an integer'],
      ],
    ],
  ])('%s: fitting values pass, others name what was expected', (_name, shape, good, bad) => {
    for (const value of good) expect(shape.check(value, 'body')).toBeNull();
    for (const [value, expected] of bad) expect(shape.check(value, 'body')).toBe(`body: expected ${expected}`);
  });

  const card = object({ nmID: int, photos: optional(arrayOf(object({ big: str }))), brand: optional(nullable(str)) });

  it('objects: optional fields may be absent, nullable ones null, unnamed fields pass unchecked', () => {
    expect(card.check({ nmID: 1 }, 'body')).toBeNull();
    expect(card.check({ nmID: 1, brand: null, extra: { any: 'thing' } }, 'body')).toBeNull();
    expect(card.check({ nmID: 1, photos: [{ big: 'a' }, { big: 'b' }] }, 'body')).toBeNull();
  });

  it.each<[unknown, string]>([
    [null, 'body: expected an object'],
    [[], 'body: expected an object'],
    [{}, 'body.nmID: expected an integer'],
    [{ nmID: 1, photos: null }, 'body.photos: expected an array'],
    [{ nmID: 1, photos: [{ big: 'a' }, { big: 2 }] }, 'body.photos[1].big: expected a string'],
    [{ nmID: 1, brand: 5 }, 'body.brand: expected a string'],
  ])('the first place that does not fit is named by its path: %j', (value, problem) => {
    expect(card.check(value, 'body')).toBe(problem);
  });

  it('a record checks every value and names the key that does not fit', () => {
    const errors = recordOf(arrayOf(str));
    expect(errors.check({}, 'body')).toBeNull();
    expect(errors.check({ 'A-1': ['x'], 'A-2': [] }, 'body')).toBeNull();
    expect(errors.check({ 'A-1': ['x'], 'A-2': 'y' }, 'body')).toBe('body["A-2"]: expected an array');
    expect(errors.check([], 'body')).toBe('body: expected an object');
  });

  it('names the place, never the value found there', () => {
    expect(card.check({ nmID: 'secret-value' }, 'body')).not.toContain('secret-value');
  });

  it('an object names its bigIntText keys, through arrays, optional and nullable fields, for the exact parse', () => {
    const report = nullable(
      arrayOf(object({ reportId: bigIntText, nmId: int, extra: optional(nullable(bigIntText)), sub: object({ rrdId: bigIntText }) })),
    );
    expect([...(report.exactKeys ?? [])].sort()).toEqual(['extra', 'reportId', 'rrdId']);
    expect(card.exactKeys).toBeUndefined();
  });
});
