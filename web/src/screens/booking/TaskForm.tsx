import { Group, NativeSelect, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BOX_TYPE_NAMES, type BoxType } from '@shared/booking/box-types';

import { warehouseQueries } from '../../api/warehouse-queries';
import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { daysAfter, moscowToday } from '../../ui/moscow-days';
import type { PlanTaskPrefill } from '../../ui/plan-task-link';
import { SearchMultiSelect } from '../../ui/SearchMultiSelect';
import { useCreateTask } from './booking-queries';

const BOX_TYPES = Object.entries(BOX_TYPE_NAMES).map(([value, label]) => ({ value, label }));

interface TaskValues {
  warehouseIds: string[];
  boxTypeId: string;
  dateFrom: string;
  dateTo: string;
  maxCoefficient: number | string;
  minLeadDays: number | string;
  barcodes: { barcode: string; quantity: number | string }[];
}

/**
 * A new slot-watch task: the warehouses, the box type, the days and the highest acceptance coefficient to accept; one
 * started from a replenishment plan comes with the plan's warehouse and the sizes and units to send.
 */
export function TaskForm({ mpAccountId, prefill, onDone }: { mpAccountId: string; prefill: PlanTaskPrefill | null; onDone: () => void }) {
  const today = moscowToday();
  const form = useForm<TaskValues>({
    mode: 'controlled',
    initialValues: {
      warehouseIds: prefill?.warehouseIds.map(String) ?? [],
      boxTypeId: '2',
      dateFrom: daysAfter(today, 1),
      dateTo: daysAfter(today, 14),
      maxCoefficient: 0,
      minLeadDays: 1,
      barcodes: prefill?.barcodes ?? [],
    },
    validate: { warehouseIds: (ids) => (ids.length ? null : 'Выберите хотя бы один склад') },
  });
  const create = useCreateTask(mpAccountId);
  const submit = form.onSubmit((values) =>
    create.mutate(
      {
        warehouseIds: values.warehouseIds.map(Number),
        boxTypeId: Number(values.boxTypeId) as BoxType,
        dateFrom: values.dateFrom,
        dateTo: values.dateTo,
        maxCoefficient: Number(values.maxCoefficient),
        minLeadDays: Number(values.minLeadDays),
        ...(values.barcodes.length > 0 && {
          barcodes: values.barcodes.map(({ barcode, quantity }) => ({ barcode, quantity: Number(quantity) })),
        }),
        ...(prefill && { planId: prefill.planId }),
      },
      { onSuccess: onDone },
    ),
  );

  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {prefill ? 'Задача на поставку по плану' : 'Новая задача поиска слота'}
      </Title>
      <ApiForm onSubmit={() => submit()} error={create.error} pending={create.isPending} submitLabel="Начать поиск">
        <SearchMultiSelect
          label="Склады"
          placeholder="Название или номер склада"
          options={(search) => warehouseQueries.choices(mpAccountId, search)}
          value={form.values.warehouseIds}
          onChange={(ids) => form.setFieldValue('warehouseIds', ids)}
          error={form.errors.warehouseIds ?? fieldError(create.error, 'warehouseIds')}
        />
        {form.values.barcodes.length > 0 && (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Товары из плана поставки
            </Text>
            {form.values.barcodes.map(({ barcode }, index) => (
              <NumberInput
                key={barcode}
                label={`Баркод ${barcode}, шт.`}
                min={1}
                allowDecimal={false}
                {...form.getInputProps(`barcodes.${index}.quantity`)}
                error={fieldError(create.error, `barcodes.${index}.quantity`)}
              />
            ))}
          </Stack>
        )}
        <Group align="flex-start" grow>
          <NativeSelect label="Тип поставки" data={BOX_TYPES} {...form.getInputProps('boxTypeId')} />
          <TextInput label="С" type="date" {...form.getInputProps('dateFrom')} error={fieldError(create.error, 'dateFrom')} />
          <TextInput label="По" type="date" {...form.getInputProps('dateTo')} error={fieldError(create.error, 'dateTo')} />
        </Group>
        <Group align="flex-start" grow>
          <NumberInput
            label="Коэффициент приёмки не выше"
            description="0 — только бесплатная приёмка"
            min={0}
            max={20}
            {...form.getInputProps('maxCoefficient')}
            error={fieldError(create.error, 'maxCoefficient')}
          />
          <NumberInput
            label="Не раньше чем через, дней"
            description="Сколько дней нужно, чтобы собрать и отвезти поставку"
            min={0}
            allowDecimal={false}
            {...form.getInputProps('minLeadDays')}
            error={fieldError(create.error, 'minLeadDays')}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Сервис проверяет коэффициенты приёмки каждые несколько секунд и присылает уведомление, когда подходящий слот появился.
          Забронировать его можно только на сайте продавца: у маркетплейса нет такого API. Когда поставка на этот склад и день появится в
          списке поставок, задача перейдёт в «Поставка запланирована».
        </Text>
      </ApiForm>
    </Paper>
  );
}
