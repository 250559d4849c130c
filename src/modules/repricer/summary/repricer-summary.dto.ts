import { KpiIndicatorDoc, KpiSummaryDto } from '../../../common/kpi/kpi-summary.dto';

const REPRICER_INDICATORS = {
  runs: { description: 'Запуски репрайсера (вручную, по API и по расписанию)' },
  errorRuns: { description: 'Запуски, завершившиеся ошибкой (например, маркетплейс отклонил загрузку)' },
  pricesChanged: { description: 'Цены, изменённые репрайсером и принятые маркетплейсом' },
  productsCovered: { description: 'Товары, цену которых менял репрайсер' },
  avgChangePct: { nullable: true, description: 'Среднее изменение цены, %; null — изменений не было' },
} satisfies Record<string, KpiIndicatorDoc>;

export type RepricerIndicator = keyof typeof REPRICER_INDICATORS;

export class RepricerSummaryDto extends KpiSummaryDto('Repricer', REPRICER_INDICATORS) {}
