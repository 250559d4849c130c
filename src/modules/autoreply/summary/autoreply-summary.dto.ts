import { KpiIndicatorDoc, KpiSummaryDto } from '../../../common/kpi/kpi-summary.dto';

const AUTOREPLY_INDICATORS = {
  received: { description: 'Отзывы и вопросы, оставленные покупателями в окне' },
  answered: { description: 'Из них отвеченные: нашим ответом или на маркетплейсе' },
  answeredSharePct: { nullable: true, description: 'Доля отвеченных, %; null — в окне ничего не поступило' },
  avgRating: { nullable: true, description: 'Средняя оценка отзывов окна; null — отзывов не было' },
  blockedByCheck: { description: 'Ответы, которые проверка безопасности не пропустила к публикации' },
  avgAnswerTimeHours: { nullable: true, description: 'Среднее время до ответа, часы (где время ответа известно); null — не было' },
} satisfies Record<string, KpiIndicatorDoc>;

export type AutoreplyIndicator = keyof typeof AUTOREPLY_INDICATORS;

export class AutoreplySummaryDto extends KpiSummaryDto('Autoreply', AUTOREPLY_INDICATORS) {}
