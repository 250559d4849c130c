import { describe, expect, it } from 'vitest';

import { abTestFieldsOf, abTestFormErrors, AbTestFormValues, NEW_AB_TEST_VALUES } from './ab-test-form';

const IMAGES = ['0b6d1c8e-8e0a-4a57-9d7e-1f1f1f1f1f01', '0b6d1c8e-8e0a-4a57-9d7e-1f1f1f1f1f02'];
const values = (overrides: Partial<AbTestFormValues> = {}): AbTestFormValues => ({
  ...NEW_AB_TEST_VALUES,
  nmId: 123,
  advertId: '9001',
  variants: IMAGES,
  ...overrides,
});

describe('the new A/B test form', () => {
  it('sends the switch rule of the chosen kind only, with the defaults of the other settings', () => {
    expect(abTestFieldsOf(values())).toEqual({
      nmId: 123,
      advertId: 9001,
      variants: IMAGES,
      switchEvery: { impressions: 2000 },
      targetImpressionsPerVariant: 10_000,
      settleMinutes: 30,
      onFinish: 'restore',
    });
    expect(abTestFieldsOf(values({ switchBy: 'hours', switchHours: 4 })).switchEvery).toEqual({ hours: 4 });
  });

  it('refuses a test without a card, a campaign and two images', () => {
    expect(abTestFormErrors({ ...NEW_AB_TEST_VALUES })).toEqual({
      nmId: 'Выберите карточку',
      advertId: 'Выберите кампанию',
      variants: 'Загрузите от 2 до 10 изображений',
    });
    expect(abTestFormErrors(values())).toEqual({});
  });

  it.each([
    [{ switchImpressions: 999 }, 'switchImpressions'],
    [{ switchImpressions: '' }, 'switchImpressions'],
    [{ switchBy: 'hours', switchHours: 6 }, 'switchHours'],
    [{ targetImpressions: 2_000_000 }, 'targetImpressions'],
    [{ settleMinutes: -1 }, 'settleMinutes'],
  ] as const)('refuses %o out of the service bounds', (overrides, field) => {
    expect(Object.keys(abTestFormErrors(values(overrides)))).toEqual([field]);
  });

  it('checks only the switch rule of the chosen kind', () => {
    expect(abTestFormErrors(values({ switchBy: 'hours', switchImpressions: '' }))).toEqual({});
  });
});
