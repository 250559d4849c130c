import { describe, expect, it } from 'vitest';

import { characteristicIssues } from './content-characteristics';

const charcs = [
  { charcID: 1, name: 'Цвет', required: true, charcType: 1, maxCount: 2 },
  { charcID: 2, name: 'Вес', required: false, charcType: 4, maxCount: 0 },
  { charcID: 3, name: 'Состав', required: true, charcType: 1, maxCount: 0 },
];

describe('characteristicIssues', () => {
  it.each([
    [
      'all in order',
      [
        { id: 1, value: ['белый'] },
        { id: 2, value: 300 },
        { id: 3, value: ['хлопок', 'лён', 'вискоза'] },
      ],
      [],
    ],
    ['a required one left out', [{ id: 1, value: ['белый'] }], ['warning:Не заполнена обязательная характеристика «Состав»']],
    [
      'more values than maxCount',
      [
        { id: 1, value: ['a', 'b', 'c'] },
        { id: 3, value: ['x'] },
      ],
      ['error:«Цвет»: не больше 2 значений'],
    ],
    [
      'a number as strings',
      [
        { id: 1, value: ['a'] },
        { id: 2, value: ['300'] },
        { id: 3, value: ['x'] },
      ],
      ['error:«Вес»: нужно одно число'],
    ],
    [
      'an unknown one',
      [
        { id: 1, value: ['a'] },
        { id: 9, value: ['x'] },
        { id: 3, value: ['x'] },
      ],
      ['error:Характеристики 9 нет у предмета'],
    ],
  ])('%s', (_name, characteristics, issues) => {
    expect(characteristicIssues(characteristics, charcs).map((issue) => `${issue.severity}:${issue.message}`)).toEqual(issues);
  });

  it('checks nothing without the subject list', () => {
    expect(characteristicIssues([{ id: 9, value: 'x' }], [])).toEqual([]);
  });
});
