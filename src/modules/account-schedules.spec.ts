// Every module's job definitions.
import './index';

import { describe, expect, it } from 'vitest';

import type { AppConfig } from '../config/app-config';
import { definedJobs } from '../queue/job-definition';
import { scheduleTicks } from '../queue/job-schedules';

/**
 * Schedules whose jobs do not take the account's lease: the bid, repricer and A/B rotation runs have locks of their own,
 * the sweep no account, the slot monitor's polls are short reads that need none.
 */
const LEASE_FREE = [
  'autobidder.run.schedule',
  'repricer.schedule',
  'ab-tests.rotation.schedule',
  'autoreply.publish.sweep',
  'booking.slot-monitor.schedule',
];

const MINUTE_MS = 60_000;
/** A Moscow day: 2026-03-02 00:00 MSK. */
const DAY_START = Date.parse('2026-03-01T21:00:00Z');

const configWith = (incrementMinutes: number) =>
  ({ queues: { digitizationIncrementIntervalMs: incrementMinutes * MINUTE_MS } }) as AppConfig;

/** The product's schedules whose per-account jobs take the account's lease. */
function leaseSchedules() {
  return definedJobs().filter(
    (definition) => definition.schedule && !definition.name.startsWith('test.') && !LEASE_FREE.includes(definition.name),
  );
}

describe('schedules of an account', () => {
  it('are the ones the README table lists', () => {
    expect(leaseSchedules().map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'accounting.sync.schedule',
        'autobidder.sync.schedule',
        'autoreply.sync.schedule',
        'booking.supplies.schedule',
        'catalog.cards.schedule',
        'catalog.prices.schedule',
        'digitization.increment.schedule',
        'digitization.nightly.schedule',
        'inventory.sync.schedule',
        'rnp.refresh.schedule',
        'rnp.refresh.nightly.schedule',
      ]),
    );
  });

  it('the A/B rotation runs every 5 minutes at :04, :09, … under its own lock', () => {
    const rotation = definedJobs().find((definition) => definition.name === 'ab-tests.rotation.schedule')!;
    const ticks = scheduleTicks(rotation.schedule!, configWith(30), new Date(DAY_START - 1), { count: 3 });
    expect(ticks.map((tick) => new Date(tick).toISOString())).toEqual([
      '2026-03-01T21:04:00.000Z',
      '2026-03-01T21:09:00.000Z',
      '2026-03-01T21:14:00.000Z',
    ]);
  });

  it.each([30, 5, 10, 15, 60])('never fire two in one minute over a day (increment tier every %i minutes)', (incrementMinutes) => {
    const firing = new Map<number, string[]>();
    for (const { name, schedule } of leaseSchedules()) {
      for (const tick of scheduleTicks(schedule!, configWith(incrementMinutes), new Date(DAY_START - 1), {
        until: DAY_START + 24 * 60 * MINUTE_MS - 1,
      })) {
        const minute = Math.floor(tick / MINUTE_MS);
        firing.set(minute, [...(firing.get(minute) ?? []), name]);
      }
    }
    const collisions = [...firing]
      .filter(([, names]) => names.length > 1)
      .map(([minute, names]) => [new Date(minute * MINUTE_MS).toISOString(), names]);
    expect(collisions).toEqual([]);
    // Every schedule keeps its period: 288 five-minute, two of 144 ten-minute, two of 48 half-hourly, 24 hourly ticks, four daily.
    expect(firing.size).toBe(288 + 144 + 144 + 48 + 48 + 24 + 1 + 1 + 1 + 1 + (24 * 60) / incrementMinutes);
  });

  it('keep the spec times of the daily ones: digitisation at 00:00, the pulse at 01:00, cards at 04:00 and accounting at 06:00 Moscow', () => {
    const firstTick = (name: string) =>
      scheduleTicks(leaseSchedules().find((definition) => definition.name === name)!.schedule!, configWith(30), new Date(DAY_START - 1), {
        count: 1,
      })[0];
    expect(new Date(firstTick('digitization.nightly.schedule')).toISOString()).toBe('2026-03-01T21:00:00.000Z');
    expect(new Date(firstTick('rnp.refresh.nightly.schedule')).toISOString()).toBe('2026-03-01T22:00:00.000Z');
    expect(new Date(firstTick('catalog.cards.schedule')).toISOString()).toBe('2026-03-02T01:00:00.000Z');
    expect(new Date(firstTick('accounting.sync.schedule')).toISOString()).toBe('2026-03-02T03:00:00.000Z');
  });
});
