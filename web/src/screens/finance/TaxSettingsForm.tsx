import { Group, NativeSelect, NumberInput, Paper, Title } from '@mantine/core';

import { ApiForm } from '../../ui/ApiForm';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { fieldError } from '../../ui/field-error';
import { requiredNumber } from '../../ui/typed-number';
import { useStoredForm } from '../../ui/use-stored-form';
import { type SettingsFields, useSaveSettings, useSettings } from './finance-queries';
import { TAX_REGIME_TEXT, type TaxRegime } from './finance-text';

const REGIMES = Object.entries(TAX_REGIME_TEXT).map(([value, label]) => ({ value, label }));

interface SettingsValues {
  taxRegime: TaxRegime;
  taxRatePct: number | string;
}

const fieldsOf = (values: SettingsValues): SettingsFields => ({
  taxRegime: values.taxRegime,
  taxRatePct: requiredNumber(values.taxRatePct),
});

const settingsErrors = (values: SettingsValues) => {
  const rate = requiredNumber(values.taxRatePct);
  return Number.isFinite(rate) && rate >= 0 && rate <= 100 ? {} : { taxRatePct: 'Ставка — от 0 до 100 %' };
};

/** The tax regime and rate of the P&L's tax line; the API takes both together, so a change of either sends both. */
export function TaxSettingsForm({ mpAccountId }: { mpAccountId: string }) {
  const settings = useSettings(mpAccountId);
  const stored = settings.data && { taxRegime: settings.data.taxRegime, taxRatePct: settings.data.taxRatePct };
  const form = useStoredForm({
    stored,
    newValues: { taxRegime: 'none', taxRatePct: 0 },
    fieldsOf,
    validate: settingsErrors,
    together: [['taxRegime', 'taxRatePct']],
  });
  const save = useSaveSettings(mpAccountId);
  const submit = form.submit(() => save.mutate(form.changes as SettingsFields, { onSuccess: () => form.reset() }));

  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        Налог в P&L
      </Title>
      <ErrorNotice error={settings.error} />
      <ApiForm
        onSubmit={submit}
        error={save.error}
        pending={save.isPending}
        canSubmit={form.canSave}
        submitLabel="Сохранить налог"
        success={save.isSuccess && 'Налог сохранён'}
      >
        <Group align="flex-start">
          <NativeSelect label="Налоговый режим" data={REGIMES} w={280} {...form.inputProps('taxRegime')} />
          <NumberInput
            label="Ставка, %"
            min={0}
            max={100}
            decimalScale={2}
            decimalSeparator=","
            w={140}
            {...form.inputProps('taxRatePct')}
            error={form.errors.taxRatePct ?? fieldError(save.error, 'taxRatePct')}
          />
        </Group>
      </ApiForm>
    </Paper>
  );
}
