import { EnumField, UuidField } from '../validation/fields';
import { DEFAULT_KPI_PERIOD, KPI_PERIODS, KPI_SERIES, KpiPeriod, KpiSeries } from './kpi-window';

/** `?mpAccountId=<uuid>&period=7d|30d` of every summary route; period defaults to 30d. */
export class KpiQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @EnumField(KPI_PERIODS, { optional: true, description: 'Окно: последние 7 или 30 суток UTC (по умолчанию 30d)' })
  period: KpiPeriod = DEFAULT_KPI_PERIOD;

  @EnumField(KPI_SERIES, {
    optional: true,
    description: 'daily — добавить в ответ days: показатели каждых суток UTC текущего окна, от старых к новым (для графиков)',
  })
  series?: KpiSeries;
}
