import { KpiIndicatorDoc, KpiSummaryDto } from '../../../common/kpi/kpi-summary.dto';

const AB_TESTS_INDICATORS = {
  running: { description: 'Тесты, которые шли (ротировали фото) хотя бы часть окна' },
  completed: { description: 'Тесты, завершённые в окне (с победителем или без)' },
  winnersFoundPct: { nullable: true, description: 'Доля завершённых в окне тестов с победителем, %; null — завершённых нет' },
  avgCtrUpliftPct: {
    nullable: true,
    description: 'Средний прирост CTR победителя к среднему остальных вариантов, %, по тестам окна с победителем; null — таких нет',
  },
  interrupted: { description: 'Тесты, прерванные в окне: фото карточки изменили не через сервис' },
} satisfies Record<string, KpiIndicatorDoc>;

export type AbTestsIndicator = keyof typeof AB_TESTS_INDICATORS;

export class AbTestsSummaryDto extends KpiSummaryDto('AbTests', AB_TESTS_INDICATORS) {}
