import { KpiIndicatorDoc, KpiSummaryDto } from '../../../common/kpi/kpi-summary.dto';

const DIGITIZATION_INDICATORS = {
  orders: { description: 'Заказы окна по дате заказа, отменённые тоже' },
  ordersSum: { description: 'Сумма этих заказов, рубли: цена со скидкой продавца (priceWithDisc)' },
  sales: { description: 'Продажи (выкупы) окна по дате продажи' },
  salesSum: { description: 'Сумма продаж, рубли (priceWithDisc)' },
  returns: { description: 'Возвраты окна по дате возврата' },
  returnsSum: { description: 'Сумма возвратов, рубли (priceWithDisc по модулю)' },
  cancellations: { description: 'Отмены заказов окна по дате отмены' },
  buyoutPct: {
    nullable: true,
    description: 'Процент выкупа: продажи / (продажи + возвраты) × 100, один знак; null — в окне нет ни продаж, ни возвратов',
  },
} satisfies Record<string, KpiIndicatorDoc>;

export type DigitizationIndicator = keyof typeof DIGITIZATION_INDICATORS;

export class DigitizationSummaryDto extends KpiSummaryDto('Digitization', DIGITIZATION_INDICATORS) {}
