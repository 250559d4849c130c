import type { components } from '../../api/schema';
import type { KpiCardSpec } from '../../ui/kpi-card-spec';

type Schemas = components['schemas'];

export const DIGITIZATION_CARDS: KpiCardSpec<Schemas['DigitizationSummaryDto']>[] = [
  { indicator: 'orders', label: 'Заказы', unit: 'count', rise: 'good' },
  { indicator: 'ordersSum', label: 'Сумма заказов', unit: 'roubles', rise: 'good' },
  { indicator: 'sales', label: 'Продажи (выкупы)', unit: 'count', rise: 'good' },
  { indicator: 'salesSum', label: 'Сумма продаж', unit: 'roubles', rise: 'good' },
  { indicator: 'returns', label: 'Возвраты', unit: 'count', rise: 'bad' },
  { indicator: 'returnsSum', label: 'Сумма возвратов', unit: 'roubles', rise: 'bad' },
  { indicator: 'cancellations', label: 'Отмены заказов', unit: 'count', rise: 'bad' },
  { indicator: 'buyoutPct', label: 'Процент выкупа', unit: 'percent', rise: 'good' },
];

export const PRICING_CARDS: KpiCardSpec<Schemas['PricingSummaryDto']>[] = [
  { indicator: 'priceChanges', label: 'Изменения цен и скидок', unit: 'count', rise: 'good' },
  { indicator: 'productsRepriced', label: 'Товары с изменённой ценой', unit: 'count', rise: 'good' },
  { indicator: 'bulkJobs', label: 'Массовые изменения', unit: 'count', rise: 'good' },
  { indicator: 'rejectedUploads', label: 'Отклонённые загрузки', unit: 'count', rise: 'bad' },
  { indicator: 'avgDiscountPct', label: 'Средняя скидка', unit: 'percent', rise: 'neutral' },
];

export const REPRICER_CARDS: KpiCardSpec<Schemas['RepricerSummaryDto']>[] = [
  { indicator: 'runs', label: 'Запуски репрайсера', unit: 'count', rise: 'good' },
  { indicator: 'errorRuns', label: 'Запуски с ошибкой', unit: 'count', rise: 'bad' },
  { indicator: 'pricesChanged', label: 'Цены, изменённые репрайсером', unit: 'count', rise: 'good' },
  { indicator: 'productsCovered', label: 'Товары, цену которых менял репрайсер', unit: 'count', rise: 'good' },
  { indicator: 'avgChangePct', label: 'Среднее изменение цены', unit: 'percent', rise: 'neutral' },
];

export const AUTOBIDDER_CARDS: KpiCardSpec<Schemas['AutobidderSummaryDto']>[] = [
  { indicator: 'spend', label: 'Расход на рекламу', unit: 'roubles', rise: 'neutral' },
  { indicator: 'views', label: 'Показы', unit: 'count', rise: 'good' },
  { indicator: 'clicks', label: 'Клики', unit: 'count', rise: 'good' },
  { indicator: 'ctrPct', label: 'CTR', unit: 'percent', rise: 'good' },
  { indicator: 'cpc', label: 'Средняя цена клика', unit: 'roubles', rise: 'bad' },
  { indicator: 'orders', label: 'Заказы с рекламы', unit: 'count', rise: 'good' },
  { indicator: 'drrPct', label: 'ДРР', unit: 'percent', rise: 'bad' },
  { indicator: 'bidChanges', label: 'Изменения ставок', unit: 'count', rise: 'neutral' },
  { indicator: 'budgetTriggers', label: 'Срабатывания лимитов бюджета', unit: 'count', rise: 'bad' },
];

export const AUTOREPLY_CARDS: KpiCardSpec<Schemas['AutoreplySummaryDto']>[] = [
  { indicator: 'received', label: 'Отзывы и вопросы', unit: 'count', rise: 'neutral' },
  { indicator: 'answered', label: 'Отвеченные', unit: 'count', rise: 'good' },
  { indicator: 'answeredSharePct', label: 'Доля отвеченных', unit: 'percent', rise: 'good' },
  { indicator: 'avgRating', label: 'Средняя оценка отзывов', unit: 'rating', rise: 'good' },
  { indicator: 'blockedByCheck', label: 'Ответы, не пропущенные проверкой', unit: 'count', rise: 'bad' },
  { indicator: 'avgAnswerTimeHours', label: 'Среднее время до ответа', unit: 'hours', rise: 'bad' },
];
