import { KpiIndicatorDoc, KpiSummaryDto } from '../../../common/kpi/kpi-summary.dto';

const AUTOBIDDER_INDICATORS = {
  spend: { description: 'Расход на рекламу по синхронизированной статистике, рубли' },
  views: { description: 'Показы' },
  clicks: { description: 'Клики' },
  ctrPct: { nullable: true, description: 'CTR, %: клики от показов; null — показов не было' },
  cpc: { nullable: true, description: 'Средняя цена клика, рубли; null — кликов не было' },
  orders: { description: 'Заказы с рекламы' },
  drrPct: {
    nullable: true,
    description: 'ДРР, %: расход от суммы продаж окна (импорт продаж); null — продажи окна не импортированы',
  },
  bidChanges: { description: 'Изменения ставок движком ставок (записи журнала ставок)' },
  budgetTriggers: { description: 'Срабатывания лимитов бюджета при проверках' },
} satisfies Record<string, KpiIndicatorDoc>;

export type AutobidderIndicator = keyof typeof AUTOBIDDER_INDICATORS;

export class AutobidderSummaryDto extends KpiSummaryDto('Autobidder', AUTOBIDDER_INDICATORS) {}
