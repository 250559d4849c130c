import { describe, expect, it } from 'vitest';

import { byPrecedence, moved, priorityChanges } from './scenario-order';

describe('moved', () => {
  it.each<[number, number, string[]]>([
    [0, 2, ['b', 'c', 'a']],
    [2, 0, ['c', 'a', 'b']],
    [1, 1, ['a', 'b', 'c']],
    [1, 2, ['a', 'c', 'b']],
  ])('from %i to %i', (from, to, result) => {
    expect(moved(['a', 'b', 'c'], from, to)).toEqual(result);
  });
});

describe('priorityChanges', () => {
  it.each<[string, { id: string; priority: number }[], { id: string; priority: number }[]]>([
    [
      'already in steps: nothing to send',
      [
        { id: 'a', priority: 10 },
        { id: 'b', priority: 20 },
      ],
      [],
    ],
    [
      'two created with the default 100, the newer put first',
      [
        { id: 'b', priority: 100 },
        { id: 'a', priority: 100 },
      ],
      [
        { id: 'b', priority: 10 },
        { id: 'a', priority: 20 },
      ],
    ],
    [
      'only the moved ones change',
      [
        { id: 'a', priority: 10 },
        { id: 'c', priority: 30 },
        { id: 'b', priority: 20 },
      ],
      [
        { id: 'c', priority: 20 },
        { id: 'b', priority: 30 },
      ],
    ],
  ])('%s', (_name, ordered, changes) => {
    expect(priorityChanges(ordered)).toEqual(changes);
  });
});

describe('byPrecedence (spec, Reply rule 1)', () => {
  it('orders by priority, ties by creation time', () => {
    const scenarios = [
      { id: 'late', priority: 100, createdAt: '2026-01-02T00:00:00.000Z' },
      { id: 'first', priority: 10, createdAt: '2026-01-03T00:00:00.000Z' },
      { id: 'early', priority: 100, createdAt: '2026-01-01T00:00:00.000Z' },
    ];
    expect(byPrecedence(scenarios).map((scenario) => scenario.id)).toEqual(['first', 'early', 'late']);
  });
});
