import { describe, expect, it } from 'vitest';

import type { PulseCell } from './pulse-cells';
import { cellLines, completenessView, flagsView, freshnessText, periodHeading, planDaysText, planFactText, planText } from './pulse-text';

const EMPTY: PulseCell = {
  period: '2026-12-01',
  ordersQty: null,
  ordersSum: null,
  buyoutPct: null,
  adSpend: null,
  drrPct: null,
  price: null,
  stock: null,
  daysOfCover: null,
  planOrders: null,
  planCompletionPct: null,
  flags: [],
  completeness: { funnel: true, ads: true, price: true, stock: true },
};

/** Thousands as the seller reads them, typed with a plain space here. */
const plain = (lines: string[]) => lines.map((line) => line.replace(/\u202f/g, ' '));

describe('a pulse cell as the matrix shows it', () => {
  it.each([
    ['no figures: orders only, as a dash', EMPTY, ['Заказы: —']],
    [
      'every figure',
      {
        ...EMPTY,
        ordersQty: 2,
        ordersSum: 2000,
        planOrders: 10,
        planCompletionPct: 20,
        buyoutPct: 50,
        adSpend: 300.5,
        drrPct: 15.03,
        price: 1080,
        stock: 5,
        daysOfCover: 5.4,
      },
      [
        'Заказы: 2 шт. · 2 000 ₽',
        'План: 2 из 10 (20 %)',
        'Выкуп: 50 %',
        'Реклама: 301 ₽ · ДРР 15,03 %',
        'Цена: 1 080 ₽',
        'Остаток: 5 шт. · запас 5,4 дн.',
      ],
    ],
    [
      'a plan without orders known yet, spend without DRR, stock without cover',
      { ...EMPTY, planOrders: 10, adSpend: 50, stock: 0 },
      ['Заказы: —', 'План: — из 10', 'Реклама: 50 ₽', 'Остаток: 0 шт.'],
    ],
  ])('%s', (_case, cell, lines) => {
    expect(plain(cellLines(cell))).toEqual(lines);
  });

  it.each([
    [[], null],
    [['below_plan'], { background: 'yellow.1', title: 'Ниже плана: заказов меньше 70 % плана за эти дни' }],
    [
      ['price_changed', 'oos_risk'],
      {
        background: 'red.1',
        title: 'Риск нехватки: запаса меньше чем на 7 дней продаж\nЦена изменилась: цена для покупателя не та, что накануне',
      },
    ],
  ] as const)('flags %j colour the cell and explain themselves', (flags, view) => {
    expect(flagsView(flags)).toEqual(view);
  });

  it.each([
    [{ funnel: true, ads: true, price: true, stock: true }, null],
    [
      { funnel: true, ads: false, price: true, stock: false },
      { text: 'нет: реклама, остатки', title: 'Данные за эти дни. Пришли: воронка, цена. Нет: реклама, остатки' },
    ],
    [
      { funnel: false, ads: false, price: false, stock: false },
      { text: 'нет: воронка, реклама, цена, остатки', title: 'Данные за эти дни. Пришли: ничего. Нет: воронка, реклама, цена, остатки' },
    ],
  ])('completeness %j', (completeness, view) => {
    expect(completenessView(completeness)).toEqual(view);
  });
});

describe('the matrix’s other texts', () => {
  it.each([
    [2, 10, 20, '2 из 10 (20 %)'],
    [0, 30, 0, '0 из 30 (0 %)'],
    [7, null, null, '7'],
    [null, 0, null, '— из 0'],
    [3, 7, 42.9, '3 из 7 (42,9 %)'],
  ])('orders %s against a plan of %s', (orders, plan, pct, text) => {
    expect(planFactText(orders, plan, pct)).toBe(text);
  });

  it('names a day or a week by its Monday', () => {
    expect(periodHeading('2026-11-30', 'day')).toBe('30.11');
    expect(periodHeading('2026-11-30', 'week')).toBe('Неделя с 30.11');
  });

  it.each([
    [
      { status: 'action', planOrdersPerDay: 10, planPrice: 1500, targetDrrPct: 12.5, manager: 'Ольга' },
      'Акция · 10 в день · 1 500 ₽ · ДРР до 12,5 % · Ольга',
    ],
    [{ status: 'monitoring', planOrdersPerDay: null, planPrice: null, targetDrrPct: null, manager: '' }, 'Наблюдение'],
    [{ status: 'paused', planOrdersPerDay: 0, planPrice: null, targetDrrPct: 0, manager: '' }, 'Пауза · 0 в день · ДРР до 0 %'],
  ] as const)('the plan %j', (plan, text) => {
    expect(planText(plan).replace(/\u202f/g, ' ')).toBe(text);
  });

  it.each([
    [null, null, 'Без срока'],
    ['2026-12-01', '2026-12-31', '01.12.2026 — 31.12.2026'],
    ['2026-12-01', null, 'с 01.12.2026'],
    [null, '2026-12-31', 'по 31.12.2026'],
  ])('the plan’s days from %s to %s', (dateFrom, dateTo, text) => {
    expect(planDaysText({ dateFrom, dateTo })).toBe(text);
  });

  it.each([
    [null, 'Пульс ещё не обновлялся'],
    [0, 'Пульс обновлён 0 мин назад'],
    [59, 'Пульс обновлён 59 мин назад'],
    [60, 'Пульс обновлён 1 ч назад'],
    [1500, 'Пульс обновлён 25 ч назад'],
  ])('freshness of %s minutes', (minutes, text) => {
    expect(freshnessText(minutes)).toBe(text);
  });
});
