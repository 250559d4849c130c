import { describe, expect, it } from 'vitest';

import { kpiEnvelope } from './kpi-envelope';
import { kpiDelta, kpiWindows } from './kpi-window';

describe('KPI windows and deltas', () => {
  it('7d: the last 7 UTC days up to the end of today, and the 7 days before, touching without overlap', () => {
    const { current, previous } = kpiWindows('7d', new Date('2026-11-21T19:05:00Z'));
    expect(current).toEqual({ from: new Date('2026-11-15T00:00:00Z'), to: new Date('2026-11-22T00:00:00Z') });
    expect(previous).toEqual({ from: new Date('2026-11-08T00:00:00Z'), to: new Date('2026-11-15T00:00:00Z') });
  });

  it('30d at the very start of a UTC day', () => {
    const { current, previous } = kpiWindows('30d', new Date('2026-03-01T00:00:00Z'));
    expect(current).toEqual({ from: new Date('2026-01-31T00:00:00Z'), to: new Date('2026-03-02T00:00:00Z') });
    expect(previous.to).toEqual(current.from);
    expect(previous.to.getTime() - previous.from.getTime()).toBe(30 * 86_400_000);
  });

  it.each([
    [20, 10, 100],
    [5, 10, -50],
    [10, 10, 0],
    [1, 3, -66.7],
    [0, 4, -100],
    [7, 0, null],
    [7, null, null],
    [null, 3, null],
    // Signed indicators (an average change in percent): against the magnitude, a rise is positive.
    [-5, -10, 50],
    [-10, -5, -100],
    [-15, -10, -50],
    [5, -5, 200],
    [0, -4, 100],
    [-3, 2, -250],
    [-2.5, 0, null],
  ])('delta of %s against %s is %s', (current, previous, delta) => {
    expect(kpiDelta(current, previous)).toBe(delta);
  });

  it('the envelope carries period, currency, updatedAt and each indicator with its delta', () => {
    const at = new Date('2026-11-21T10:00:00Z');
    expect(kpiEnvelope('7d', { runs: 4, avgPct: null }, { runs: 2, avgPct: 3 }, at)).toEqual({
      period: '7d',
      currency: 'RUB',
      updatedAt: at,
      runs: 4,
      runsDelta: 100,
      avgPct: null,
      avgPctDelta: null,
    });
  });
});
