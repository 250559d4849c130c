import { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';

import type { KpiEnvelope } from './kpi-envelope';
import type { KpiPeriod } from './kpi-window';

/** What the API docs say of one indicator; nullable where a window may have nothing to measure. */
export interface KpiIndicatorDoc {
  description: string;
  nullable?: true;
}

const DELTA_PROPERTY = {
  type: Number,
  nullable: true,
  description:
    'Изменение к предыдущему окну той же длины, % от модуля прежнего значения: (текущее − прежнее) / |прежнее| × 100; рост — всегда плюс, в том числе у отрицательных показателей; null — не с чем сравнить: прежнее значение 0 или его нет, либо данные кабинета (для digitization — импортированные заказы и продажи, для остальных модулей — с подключения кабинета) покрывают предыдущее окно не целиком',
};

class KpiEnvelopeDto {
  @ApiProperty({ enum: ['7d', '30d'] }) period!: KpiPeriod;
  @ApiProperty({ enum: ['RUB'] }) currency!: 'RUB';
  @ApiProperty({ description: 'Когда показатели рассчитаны' }) updatedAt!: Date;
}

/**
 * The response DTO of a summary from its one list of indicators: each indicator and its <indicator>Delta, in that
 * order, so that the API docs and the envelope cannot drift, and the daily series' item (`<module>SummaryDay` in the API docs). A
 * module names it: `class XSummaryDto extends KpiSummaryDto('X', X_INDICATORS) {}`.
 */
export function KpiSummaryDto<K extends string>(module: string, indicators: Record<K, KpiIndicatorDoc>): Type<KpiEnvelope<K>> {
  class KpiSummary extends KpiEnvelopeDto {}
  class KpiDay {}
  Object.defineProperty(KpiDay, 'name', { value: `${module}SummaryDay` });
  ApiProperty({ type: String, description: 'Сутки UTC, YYYY-MM-DD' })(KpiDay.prototype, 'day');
  for (const [name, doc] of Object.entries<KpiIndicatorDoc>(indicators)) {
    ApiProperty({ type: Number, ...doc })(KpiSummary.prototype, name);
    ApiProperty(DELTA_PROPERTY)(KpiSummary.prototype, `${name}Delta`);
    ApiProperty({ type: Number, ...doc })(KpiDay.prototype, name);
  }
  ApiProperty({ type: [KpiDay], required: false, description: 'С series=daily: показатели каждых суток UTC окна, от старых к новым' })(
    KpiSummary.prototype,
    'days',
  );
  return KpiSummary as Type<KpiEnvelope<K>>;
}
