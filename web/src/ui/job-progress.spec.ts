import { describe, expect, it } from 'vitest';

import { countdownText, secondsUntil } from './job-progress';

const NOW = Date.parse('2026-11-25T10:00:00.000Z');

describe('secondsUntil', () => {
  it.each([
    [null, null],
    ['2026-11-25T10:00:07.000Z', 7],
    ['2026-11-25T10:00:06.200Z', 7],
    ['2026-11-25T10:04:00.000Z', 240],
    ['2026-11-25T10:00:00.000Z', 0],
    ['2026-11-25T09:59:50.000Z', 0],
  ])('resumeAt %s leaves %s s', (resumeAt, seconds) => {
    expect(secondsUntil(resumeAt, NOW)).toBe(seconds);
  });
});

describe('countdownText', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [60, '1:00'],
    [240, '4:00'],
    [485, '8:05'],
  ])('%i s reads %s', (seconds, text) => {
    expect(countdownText(seconds)).toBe(text);
  });
});
