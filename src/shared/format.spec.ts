import { describe, expect, it } from 'vitest';

import {
  counted,
  dateTime,
  day,
  dayMonth,
  kopecksAsRoubles,
  moscowDay,
  moscowTime,
  number,
  percent,
  roubles,
  roublesToKopeck,
  signedNumber,
  signedPercent,
} from './format';

// Thousands are apart by a narrow no-break space; the minus is a minus sign.
const NARROW = '\u202f';
const MINUS = '\u2212';

describe('numbers as a seller reads them', () => {
  it.each([
    [3000, undefined, `3${NARROW}000`],
    [1522, undefined, `1${NARROW}522`],
    [1378338, undefined, `1${NARROW}378${NARROW}338`],
    [999, undefined, '999'],
    [0, undefined, '0'],
    [2.5, undefined, '2,5'],
    [3.667, undefined, '3,67'],
    [2.25, 1, '2,3'],
    [1234.5678, 4, `1${NARROW}234,5678`],
    [-3000, undefined, `${MINUS}3${NARROW}000`],
  ])('%d (up to %s decimals) reads %j', (value, decimals, text) => {
    expect(number(value, decimals)).toBe(text);
  });

  it.each([
    [24, '+24'],
    [-3, `${MINUS}3`],
    [0, '0'],
    [1500.5, `+1${NARROW}500,5`],
  ])('a change of %d reads %j', (value, text) => {
    expect(signedNumber(value)).toBe(text);
  });
});

describe('percents', () => {
  it.each([
    [12.5, '12,5 %'],
    [75, '75 %'],
    [0.125, '0,13 %'],
    [null, '—'],
  ])('%j reads %j', (value, text) => {
    expect(percent(value)).toBe(text);
  });

  it.each([
    [24, '+24 %'],
    [-3, `${MINUS}3 %`],
    [12.46, '+12,5 %'],
    [0, '0 %'],
  ])('a change of %d %% reads %j', (value, text) => {
    expect(signedPercent(value)).toBe(text);
  });
});

describe('money', () => {
  it.each([
    [1378338, `1${NARROW}378${NARROW}338 ₽`],
    [1250, `1${NARROW}250 ₽`],
    [12.5, '13 ₽'],
    [0, '0 ₽'],
    [null, '—'],
  ])('%j is shown in whole roubles as %j', (value, text) => {
    expect(roubles(value)).toBe(text);
  });

  it.each([
    [12.5, '12,50 ₽'],
    [1250.05, `1${NARROW}250,05 ₽`],
    [0.29, '0,29 ₽'],
    [3, '3 ₽'],
  ])('spend of %j is shown to the kopeck as %j, never in kopecks', (value, text) => {
    expect(roublesToKopeck(value)).toBe(text);
  });

  it.each([
    [1200, '12 ₽'],
    [1250, '12,50 ₽'],
    [7, '0,07 ₽'],
    [29, '0,29 ₽'],
    [125_005, `1${NARROW}250,05 ₽`],
    [99_999_999_999, `999${NARROW}999${NARROW}999,99 ₽`],
    [-1205, `${MINUS}12,05 ₽`],
    [null, '—'],
  ])('a bid of %j kopecks is shown in roubles as %j', (kopecks, text) => {
    expect(kopecksAsRoubles(kopecks)).toBe(text);
  });
});

describe('dates in Moscow time', () => {
  it.each([
    ['2024-01-29', '29.01.2024'],
    ['2026-11-05', '05.11.2026'],
  ])('the day %s reads %s', (value, text) => {
    expect(day(value)).toBe(text);
  });

  it.each([
    ['2024-01-29', '29.01'],
    ['2026-11-05', '05.11'],
    ['2026-12-31', '31.12'],
  ])('the day %s reads %s on a chart', (value, text) => {
    expect(dayMonth(value)).toBe(text);
  });

  it.each([
    ['2026-11-05T20:59:59.000Z', '05.11.2026'],
    ['2026-11-05T21:00:00.000Z', '06.11.2026'],
    ['2024-01-28T23:30:00.000Z', '29.01.2024'],
  ])('%s is the Moscow day %s', (iso, text) => {
    expect(moscowDay(iso)).toBe(text);
  });

  it.each([
    ['2026-11-26T11:05:00.000Z', '26.11.2026, 14:05'],
    ['2026-11-25T21:30:59.000Z', '26.11.2026, 00:30'],
  ])('%s reads %s in Moscow', (iso, text) => {
    expect(dateTime(iso)).toBe(text);
  });

  it('a wait of seconds ends at a Moscow time to the second', () => {
    expect(moscowTime('2026-11-26T11:05:30.000Z')).toBe('14:05:30');
  });
});

describe('counted', () => {
  it.each([
    [1, '1 день'],
    [2, '2 дня'],
    [5, '5 дней'],
    [7, '7 дней'],
    [21, '21 день'],
    [30, '30 дней'],
    [1000, '1\u202f000 дней'],
  ])('%d reads %s', (count, text) => {
    expect(counted(count, ['день', 'дня', 'дней'])).toBe(text);
  });
});
