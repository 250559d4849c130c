import type { components } from '../../api/schema';
import { requiredNumber } from '../../ui/typed-number';

/** What a new test sends besides its cabinet. */
export type AbTestFields = Omit<components['schemas']['AbTestCreateDto'], 'mpAccountId'>;
export type OnFinish = AbTestFields['onFinish'];
export type SwitchBy = 'impressions' | 'hours';

/** The bounds of a test's settings, as the service checks them (its A/B tests' limits). */
export const AB_TEST_BOUNDS = {
  variants: { min: 2, max: 10 },
  impressions: { min: 1000, max: 20_000 },
  hours: { min: 2, max: 5 },
  targetImpressions: { min: 1000, max: 1_000_000 },
  settleMinutes: { min: 0, max: 24 * 60 },
} as const;

/** What the form's inputs hold; number inputs give '' when empty, the campaign's select its number as text. */
export interface AbTestFormValues {
  nmId: number | '';
  advertId: string;
  /** The uploaded images' ids, in the variants' order. */
  variants: string[];
  switchBy: SwitchBy;
  switchImpressions: number | string;
  switchHours: number | string;
  targetImpressions: number | string;
  settleMinutes: number | string;
  onFinish: OnFinish;
}

export const NEW_AB_TEST_VALUES: AbTestFormValues = {
  nmId: '',
  advertId: '',
  variants: [],
  switchBy: 'impressions',
  switchImpressions: 2000,
  switchHours: 3,
  targetImpressions: 10_000,
  settleMinutes: 30,
  onFinish: 'restore',
};

/** The test the form creates: the switch rule by the chosen kind only. */
export function abTestFieldsOf(values: AbTestFormValues): AbTestFields {
  return {
    nmId: Number(values.nmId),
    advertId: Number(values.advertId),
    variants: values.variants,
    switchEvery:
      values.switchBy === 'impressions'
        ? { impressions: requiredNumber(values.switchImpressions) }
        : { hours: requiredNumber(values.switchHours) },
    targetImpressionsPerVariant: requiredNumber(values.targetImpressions),
    settleMinutes: requiredNumber(values.settleMinutes),
    onFinish: values.onFinish,
  };
}

export type AbTestFormErrors = Partial<Record<keyof AbTestFormValues, string>>;

const within = (value: number | string, { min, max }: { min: number; max: number }) => {
  const number = requiredNumber(value);
  return Number.isInteger(number) && number >= min && number <= max;
};

/** What the form refuses before sending: a card, a campaign, 2–10 images and every number within the service's bounds. */
export function abTestFormErrors(values: AbTestFormValues): AbTestFormErrors {
  const errors: AbTestFormErrors = {};
  const { variants, impressions, hours, targetImpressions, settleMinutes } = AB_TEST_BOUNDS;
  if (values.nmId === '') errors.nmId = 'Выберите карточку';
  if (values.advertId === '') errors.advertId = 'Выберите кампанию';
  if (values.variants.length < variants.min || values.variants.length > variants.max)
    errors.variants = `Загрузите от ${variants.min} до ${variants.max} изображений`;
  if (values.switchBy === 'impressions' && !within(values.switchImpressions, impressions))
    errors.switchImpressions = `Целое число от ${impressions.min} до ${impressions.max}`;
  if (values.switchBy === 'hours' && !within(values.switchHours, hours)) errors.switchHours = `Целое число от ${hours.min} до ${hours.max}`;
  if (!within(values.targetImpressions, targetImpressions))
    errors.targetImpressions = `Целое число от ${targetImpressions.min} до ${targetImpressions.max}`;
  if (!within(values.settleMinutes, settleMinutes)) errors.settleMinutes = `Целое число от ${settleMinutes.min} до ${settleMinutes.max}`;
  return errors;
}
