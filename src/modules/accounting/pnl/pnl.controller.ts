import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { PnlQueryDto, PnlReportDto, PnlTraceDto, PnlTraceQueryDto } from './pnl.dto';
import { PnlService } from './pnl.service';

const DEFINITIONS =
  'Суммы в рублях с копейками, считаются в PostgreSQL (numeric) и округляются до копеек там же. По операциям журнала за дни по Москве ' +
  '(удалённые и выплаты не входят): выручка = Σ sale; возвраты = −Σ return; комиссия, логистика, хранение, приёмка, эквайринг = −Σ своих ' +
  'операций; штрафы = −Σ (penalty + deduction); прочее (otherMp) = −Σ (compensation + loyalty + other + packaging + fulfilment); ' +
  'себестоимость = Σ по продажам и возвратам штук × себестоимость, действующая на день операции (последняя с validFrom не позже него), ' +
  'плюс −Σ ручных cogs; штуки без себестоимости учитываются только в costCoveragePct. Операционная прибыль = выручка − возвраты − ' +
  'себестоимость − комиссия − логистика − хранение − приёмка − штрафы − эквайринг − прочее; реклама = −Σ advertising. Налог по настройкам ' +
  'кабинета, на базу каждой строки отдельно, с округлением до копеек: usn_income — ставка × (выручка − возвраты); usn_income_expense и osno ' +
  '— ставка × max(0, операционная прибыль − реклама); none — 0; плюс −Σ ручных строк tax. Чистая прибыль = операционная − реклама − налог; ' +
  'marginPct = чистая ÷ (выручка − возвраты) × 100, roiPct = чистая ÷ себестоимость × 100 (null при делителе 0), costCoveragePct = ' +
  'проданные штуки с себестоимостью ÷ проданные штуки × 100 (null без продаж); проценты с 2 знаками. ' +
  'Общие строки без товара (хранение, приёмка, реклама с nmId null) при nm и brand делятся между товарами пропорционально штукам, ' +
  'проданным за период (ключ — штуки продаж), до копейки: каждый товар получает целые копейки своей доли, оставшиеся копейки — по одной ' +
  'товарам с наибольшими остатками; доли в сумме равны общей строке. Без продаж за период общие строки не делятся и остаются в ' +
  'unallocated. Товары с расходами без продаж есть в списке (выручка 0). Остальные операции без товара при nm и brand — в unallocated. ' +
  'Итоги = Σ всех строк (всех страниц) + unallocated по каждому показателю, кроме налога: налог итогов считается на базу итогов, и ' +
  'taxDifference = налог итогов − Σ налога строк и unallocated (сверка до копейки; чистая прибыль итогов отличается от Σ строк на ту же ' +
  'разницу). Постранично (page, limit ≤ 100) при любой группировке: дни, недели, месяцы — по возрастанию ключа; товары и бренды — по ' +
  'убыванию выручки, затем по nmId. Менеджер видит только товары открытых ему брендов с их долями общих строк (и по дням — долю каждой ' +
  'общей строки в её день); unallocated у него null. Период не длиннее REPORT_MAX_PERIOD_DAYS дней, dateTo не раньше dateFrom, иначе 400 BAD_REQUEST.';

/** The P&L by day, week, month, SKU or brand, and the ledger rows behind each figure. */
@ApiTags('accounting')
@Controller('accounting/reports/pnl')
export class PnlController {
  constructor(private readonly pnl: PnlService) {}

  @Get()
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({ summary: 'P&L кабинета по дням, неделям, месяцам, товарам или брендам', description: DEFINITIONS })
  @ApiOkResponse({ type: PnlReportDto })
  report(@CurrentScope() scope: DataScope, @Query() query: PnlQueryDto): Promise<PnlReportDto> {
    return this.pnl.report(scope, query);
  }

  @Get('trace')
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({
    summary: 'Операции журнала, из которых сложен показатель строки P&L',
    description:
      'Постранично, по дате операции. contribution — сколько операция даёт показателю: для себестоимости продажи и возврата — штуки × ' +
      'себестоимость на день операции (costPrice, costValidFrom); для общей строки без товара (split) — доля товаров строки. Σ contribution ' +
      'всех страниц = figure = показатель строки P&L до копейки. Налог, прибыль и проценты — не суммы операций, их здесь нет. Ключ, какого ' +
      'группировка не даёт (не понедельник для week, не nmId для nm), — 400 BAD_REQUEST.',
  })
  @ApiOkResponse({ type: PnlTraceDto })
  trace(@CurrentScope() scope: DataScope, @Query() query: PnlTraceQueryDto): Promise<PnlTraceDto> {
    return this.pnl.trace(scope, query);
  }
}
