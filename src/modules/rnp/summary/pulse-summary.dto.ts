import { ApiProperty } from '@nestjs/swagger';

import { KpiIndicatorDoc, KpiSummaryDto } from '../../../common/kpi/kpi-summary.dto';

const PULSE_INDICATORS = {
  ordersSum: { description: 'Заказы, ₽ (воронка маркетплейса, а где её ещё нет — импорт заказов)' },
  ordersQty: { description: 'Заказы, шт.' },
  buyoutPct: { nullable: true, description: 'Выкуп, %: выкупы от заказов по дням с воронкой; null — заказов не было' },
  adSpend: { description: 'Расход на рекламу, ₽' },
  drrPct: { nullable: true, description: 'ДРР, %: расход на рекламу от заказов ₽; null — заказов не было' },
  orderConversionPct: { nullable: true, description: 'Конверсия из перехода в карточку в заказ, %; null — переходов не было' },
  skusNeedingAttention: { description: 'Товаров с любой отметкой за окно' },
  oosRiskSkus: { description: 'Товаров с риском нехватки (запас меньше 7 дней) за окно' },
  planCompletionPct: {
    nullable: true,
    description: 'Выполнение плана заказов, %: заказы товаров с планом от плана в день × дни; null — плана нет',
  },
} satisfies Record<string, KpiIndicatorDoc>;

export type PulseIndicator = keyof typeof PULSE_INDICATORS;

/** The pulse summary's own schema: the KPI envelope of its indicators, and how fresh the pulse is. */
export class PulseSummaryDto extends KpiSummaryDto('RnpAnalytics', PULSE_INDICATORS) {
  @ApiProperty({ type: Number, nullable: true, description: 'Минут с последнего обновления пульса кабинета; null — ещё не обновлялся' })
  dataFreshnessMinutes!: number | null;
}
