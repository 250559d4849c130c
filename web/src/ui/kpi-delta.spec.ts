import { describe, expect, it } from 'vitest';

import { deltaView, NO_COMPARISON } from './kpi-delta';

describe('the delta of a KPI card', () => {
  it.each([
    [100, 'good', { text: '+100 %', arrow: '↑', color: 'green' }],
    [-50, 'good', { text: '−50 %', arrow: '↓', color: 'red' }],
    [12.34, 'good', { text: '+12,3 %', arrow: '↑', color: 'green' }],
    [-66.66, 'good', { text: '−66,7 %', arrow: '↓', color: 'red' }],
    [25, 'bad', { text: '+25 %', arrow: '↑', color: 'red' }],
    [-25, 'bad', { text: '−25 %', arrow: '↓', color: 'green' }],
    [5, 'neutral', { text: '+5 %', arrow: '↑', color: 'blue' }],
    [-5, 'neutral', { text: '−5 %', arrow: '↓', color: 'blue' }],
    [0, 'good', { text: '0 %', arrow: '→', color: 'gray' }],
    [0, 'bad', { text: '0 %', arrow: '→', color: 'gray' }],
    [null, 'good', { text: NO_COMPARISON, arrow: '', color: 'gray' }],
    [null, 'bad', { text: NO_COMPARISON, arrow: '', color: 'gray' }],
  ] as const)('%s with a %s rise shows %o', (delta, rise, view) => {
    expect(deltaView(delta, rise)).toEqual(view);
  });

  it('a null delta reads as the spec says: nothing to compare with', () => {
    expect(NO_COMPARISON).toBe('нет данных для сравнения');
  });
});
