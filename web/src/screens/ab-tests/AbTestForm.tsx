import { Group, NumberInput, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useState } from 'react';

import { campaignQueries } from '../../api/campaign-queries';
import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { FormPanel } from '../../ui/FormPanel';
import { SearchSelect } from '../../ui/SearchSelect';
import { AB_TEST_BOUNDS, abTestFieldsOf, abTestFormErrors, AbTestFormValues, NEW_AB_TEST_VALUES, OnFinish, SwitchBy } from './ab-test-form';
import { ON_FINISH_TEXT } from './ab-test-text';
import { type AbTest, useCreateAbTest } from './ab-tests-queries';
import { CardChoice } from './CardChoice';
import { ImageUploads } from './ImageUploads';

const SWITCH_KINDS = [
  { value: 'impressions', label: 'по показам' },
  { value: 'hours', label: 'по времени' },
];

type ChosenCard = Parameters<Parameters<typeof CardChoice>[0]['onChoose']>[0];

/** A new test (a draft): the card, the campaign, the variants' images and how the variants take turns. */
export function AbTestForm({
  mpAccountId,
  onCancel,
  onCreated,
}: {
  mpAccountId: string;
  onCancel: () => void;
  onCreated: (test: AbTest) => void;
}) {
  const form = useForm<AbTestFormValues>({ mode: 'controlled', initialValues: NEW_AB_TEST_VALUES, validate: abTestFormErrors });
  const [card, setCard] = useState<ChosenCard>(null);
  const create = useCreateAbTest(mpAccountId);
  const { values, errors } = form;
  const setFieldValue = form.setFieldValue;
  const setVariants = useCallback((ids: string[]) => setFieldValue('variants', ids), [setFieldValue]);
  const submit = () => {
    if (!form.validate().hasErrors) create.mutate(abTestFieldsOf(values), { onSuccess: onCreated });
  };
  const { impressions, hours, targetImpressions, settleMinutes, variants } = AB_TEST_BOUNDS;

  return (
    <FormPanel title="Новый A/B-тест главного фото" onCancel={onCancel}>
      <ApiForm onSubmit={submit} error={create.error} pending={create.isPending} submitLabel="Создать тест">
        <CardChoice
          mpAccountId={mpAccountId}
          chosen={card}
          error={errors.nmId as string | undefined}
          onChoose={(product) => {
            setCard(product);
            form.setFieldValue('nmId', product?.nmId ?? '');
          }}
        />
        <SearchSelect
          label="Кампания"
          description="Показы и клики карточки считаются по статистике этой кампании"
          placeholder="Название или номер кампании"
          options={(search) => campaignQueries.choices(mpAccountId, search)}
          value={values.advertId === '' ? null : values.advertId}
          onChange={(value) => form.setFieldValue('advertId', value ?? '')}
          error={errors.advertId ?? fieldError(create.error, 'advertId')}
        />
        <ImageUploads
          mpAccountId={mpAccountId}
          max={variants.max}
          error={(errors.variants as string | undefined) ?? fieldError(create.error, 'variants')}
          onChange={setVariants}
        />
        <Stack gap={4}>
          <Text fw={500} size="sm">
            Переключать варианты
          </Text>
          <Group align="flex-start">
            <SegmentedControl
              aria-label="Переключать варианты"
              data={SWITCH_KINDS}
              value={values.switchBy}
              onChange={(value) => form.setFieldValue('switchBy', value as SwitchBy)}
            />
            {values.switchBy === 'impressions' ? (
              <NumberInput
                label="Каждые N показов"
                min={impressions.min}
                max={impressions.max}
                step={500}
                allowDecimal={false}
                {...form.getInputProps('switchImpressions')}
                error={errors.switchImpressions ?? fieldError(create.error, 'switchEvery.impressions')}
              />
            ) : (
              <NumberInput
                label="Каждые N часов"
                min={hours.min}
                max={hours.max}
                allowDecimal={false}
                {...form.getInputProps('switchHours')}
                error={errors.switchHours ?? fieldError(create.error, 'switchEvery.hours')}
              />
            )}
          </Group>
        </Stack>
        <Group align="flex-start" grow>
          <NumberInput
            label="Целевые показы на вариант"
            min={targetImpressions.min}
            max={targetImpressions.max}
            step={1000}
            allowDecimal={false}
            thousandSeparator=" "
            {...form.getInputProps('targetImpressions')}
            error={errors.targetImpressions ?? fieldError(create.error, 'targetImpressionsPerVariant')}
          />
          <NumberInput
            label="Не учитывать после переключения, мин"
            description="Фото обновляется у покупателей не сразу"
            min={settleMinutes.min}
            max={settleMinutes.max}
            allowDecimal={false}
            {...form.getInputProps('settleMinutes')}
            error={errors.settleMinutes ?? fieldError(create.error, 'settleMinutes')}
          />
        </Group>
        <Radio.Group label="По завершении" value={values.onFinish} onChange={(value) => form.setFieldValue('onFinish', value as OnFinish)}>
          <Group mt={4}>
            {Object.entries(ON_FINISH_TEXT).map(([value, label]) => (
              <Radio key={value} value={value} label={label} />
            ))}
          </Group>
        </Radio.Group>
      </ApiForm>
    </FormPanel>
  );
}
