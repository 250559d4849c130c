import { describe, expect, it } from 'vitest';

import { summarise } from './kpi-summary';
import { KpiSummaryDto } from './kpi-summary.dto';
import { KpiWindow, kpiWindows } from './kpi-window';

const DAY_MS = 86_400_000;
const LONG_AGO = new Date('2000-01-01T00:00:00Z');

/** Where @nestjs/swagger lists a DTO's documented properties. */
const SWAGGER_PROPERTIES = 'swagger/apiModelPropertiesArray';

describe('KPI summaries', () => {
  it('the DTO documents the envelope fields, then each indicator followed by its Delta, from one list', () => {
    class SampleSummaryDto extends KpiSummaryDto('Sample', {
      runs: { description: 'Запуски' },
      avgPct: { nullable: true, description: 'Среднее' },
    }) {}
    expect(Reflect.getMetadata(SWAGGER_PROPERTIES, SampleSummaryDto.prototype)).toEqual([
      ':period',
      ':currency',
      ':updatedAt',
      ':runs',
      ':runsDelta',
      ':avgPct',
      ':avgPctDelta',
      ':days',
    ]);
  });

  it('summarise measures the current window and the one before and answers the envelope', async () => {
    const windows: KpiWindow[] = [];
    const body = await summarise(
      { period: '7d' },
      async (window) => {
        windows.push(window);
        return { runs: windows.length === 1 ? 4 : 2 };
      },
      async () => LONG_AGO,
    );
    expect(windows).toHaveLength(2);
    expect(windows[1].to).toEqual(windows[0].from);
    expect(body).toMatchObject({ period: '7d', currency: 'RUB', runs: 4, runsDelta: 100 });
    expect(body).not.toHaveProperty('days');
  });

  it.each([
    ['from the start of the previous window', 0, 100],
    ['from a moment into the previous window (part of it)', 1, null],
    ['from within the current window', 8 * DAY_MS, null],
  ])('with the data held %s, the deltas are %s', async (_, afterPreviousStartMs, delta) => {
    const { previous } = kpiWindows('7d');
    const body = await summarise(
      { period: '7d' },
      async (window) => ({ runs: window.from.getTime() === previous.from.getTime() ? 1 : 2 }),
      async () => new Date(previous.from.getTime() + afterPreviousStartMs),
    );
    expect(body.runs).toBe(2);
    expect(body.runsDelta).toBe(delta);
  });

  it('with no data held at all, the deltas are null', async () => {
    const body = await summarise(
      { period: '30d' },
      async () => ({ runs: 3 }),
      async () => null,
    );
    expect(body).toMatchObject({ runs: 3, runsDelta: null });
  });

  it('with the daily series, each UTC day of the window is measured by the same function, oldest first', async () => {
    const windows: KpiWindow[] = [];
    const body = await summarise(
      { period: '7d', series: 'daily' },
      async (window) => {
        windows.push(window);
        return { runs: window.from.getUTCDate() };
      },
      async () => LONG_AGO,
    );
    const [current] = windows;
    expect(body.days).toHaveLength(7);
    expect(body.days![0]).toEqual({ day: current.from.toISOString().slice(0, 10), runs: current.from.getUTCDate() });
    expect(body.days!.map((day) => day.day)).toEqual([...body.days!.map((day) => day.day)].sort());
    expect(new Date(`${body.days![6].day}T00:00:00Z`).getTime() + 86_400_000).toBe(current.to.getTime());
  });
});
