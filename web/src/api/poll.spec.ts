import { describe, expect, it } from 'vitest';

import { POLL_MS, pollWhile } from './poll';

const running = pollWhile((sync: { state: string } | undefined) => sync?.state === 'running');

describe('pollWhile', () => {
  it.each([
    { shown: 'a running sync', data: { state: 'running' }, error: null, interval: POLL_MS },
    { shown: 'a finished sync', data: { state: 'idle' }, error: null, interval: false },
    { shown: 'nothing read yet', data: undefined, error: null, interval: false },
    { shown: 'a running sync whose next read failed', data: { state: 'running' }, error: new Error('Сервис недоступен'), interval: false },
  ])('$shown: read again after $interval', ({ data, error, interval }) => {
    expect(running({ state: { data, error } })).toBe(interval);
  });
});
