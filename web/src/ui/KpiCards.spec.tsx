import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { components } from '../api/schema';
import { renderInApp } from '../test/render';
import type { KpiCardSpec } from './kpi-card-spec';
import { KpiCards } from './KpiCards';

const SUMMARY: PricingSummary = {
  period: '7d',
  currency: 'RUB',
  updatedAt: '2026-01-08T00:00:00.000Z',
  priceChanges: 1234,
  priceChangesDelta: 50,
  productsRepriced: 8,
  productsRepricedDelta: -12.5,
  bulkJobs: 2,
  bulkJobsDelta: 0,
  rejectedUploads: 3,
  rejectedUploadsDelta: 200,
  avgDiscountPct: null,
  avgDiscountPctDelta: null,
};

type PricingSummary = components['schemas']['PricingSummaryDto'];

const PRICING_CARDS: KpiCardSpec<PricingSummary>[] = [
  { indicator: 'priceChanges', label: 'Изменения цен и скидок', unit: 'count', rise: 'good' },
  { indicator: 'productsRepriced', label: 'Товары с изменённой ценой', unit: 'count', rise: 'good' },
  { indicator: 'bulkJobs', label: 'Массовые изменения', unit: 'count', rise: 'good' },
  { indicator: 'rejectedUploads', label: 'Отклонённые загрузки', unit: 'count', rise: 'bad' },
  { indicator: 'avgDiscountPct', label: 'Средняя скидка', unit: 'percent', rise: 'neutral' },
];

/** A card's text and the colour of its change line. */
function card(name: string) {
  const group = screen.getByRole('group', { name });
  const change = within(group).getAllByText(/./).at(-1)!;
  return { text: group.textContent!.replace(/\u202f/g, ' '), color: change.style.color };
}

describe('the KPI cards', () => {
  it('shows each value with its change against the previous window: arrow, sign, and a colour by whether a rise is good news', () => {
    renderInApp(<KpiCards title="Цены" summary={SUMMARY} cards={PRICING_CARDS} />);

    expect(screen.getByRole('region', { name: 'Цены' })).toBeTruthy();
    expect(card('Изменения цен и скидок')).toEqual({
      text: 'Изменения цен и скидок1 234↑ +50 %',
      color: 'var(--mantine-color-green-text)',
    });
    expect(card('Товары с изменённой ценой')).toEqual({
      text: 'Товары с изменённой ценой8↓ −12,5 %',
      color: 'var(--mantine-color-red-text)',
    });
    expect(card('Массовые изменения')).toEqual({ text: 'Массовые изменения2→ 0 %', color: 'var(--mantine-color-gray-text)' });
    expect(card('Отклонённые загрузки')).toEqual({ text: 'Отклонённые загрузки3↑ +200 %', color: 'var(--mantine-color-red-text)' });
  });

  it('says there is nothing to compare with when the delta is null, in grey, and a dash for a value the window has not', () => {
    renderInApp(<KpiCards title="Цены" summary={SUMMARY} cards={PRICING_CARDS} />);

    expect(card('Средняя скидка')).toEqual({ text: 'Средняя скидка— нет данных для сравнения', color: 'var(--mantine-color-gray-text)' });
  });

  it('shows no change line for an indicator the summary gives no delta of, and money to the kopeck', () => {
    type Balance = { balance: number | null; revenue: number; revenueDelta: number | null };
    const cards: KpiCardSpec<Balance>[] = [
      { indicator: 'balance', label: 'Баланс', unit: 'kopecks', rise: 'good' },
      { indicator: 'revenue', label: 'Выручка', unit: 'kopecks', rise: 'good' },
    ];
    renderInApp(<KpiCards title="Финансы" summary={{ balance: 1250.5, revenue: 0.29, revenueDelta: null }} cards={cards} />);

    expect(screen.getByRole('group', { name: 'Баланс' }).textContent!.replace(/\u202f/g, ' ')).toBe('Баланс1 250,50 ₽');
    expect(card('Выручка').text).toBe('Выручка0,29 ₽ нет данных для сравнения');
  });
});
