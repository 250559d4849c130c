import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../common/auth/authenticated-user';
import { CurrentRequestMeta, RequestMeta } from '../../common/auth/request-meta';
import { AccountScope } from '../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../common/http/pagination.dto';
import { UuidParam } from '../../common/validation/uuid-param';
import { UPLOAD_MAX_ITEMS } from './price-upload';
import {
  DiscountBulkCreateDto,
  DiscountSetDto,
  PriceBulkAcceptedDto,
  PriceBulkCreateDto,
  PriceBulkJobDto,
  PriceBulkListQueryDto,
  PriceBulkReportDto,
  PriceHistoryItemDto,
  PriceHistoryQueryDto,
  PriceSetDto,
  PriceTaskDto,
} from './pricing.dto';
import { PricingService } from './pricing.service';
import { PricingBulkService } from './pricing-bulk.service';

/** Spec: Pricing routes 5, said in every description of a change. */
const ACCEPTANCE_ONLY =
  'Ответ подтверждает приём загрузки маркетплейсом, а не применение цены: применение, карантин цен и ошибки по отдельным товарам не отслеживаются.';
const LIMIT = 'Загрузки кабинета идут не чаще 10 за 6 секунд.';
/** What a bulk job learns beyond acceptance: the items the marketplace refused, within the confirmation time. */
const BULK_CONFIRMATION =
  'После загрузок задача спрашивает маркетплейс, какие товары он не применил: отчёт перечисляет их с его текстом (result.rejectedItems); товары, о которых он не сообщил за время ожидания, — «не подтверждено» (result.confirmation = timed_out). Карантин цен не отслеживается.';

@ApiTags('pricing')
@Controller('pricing')
export class PricingController {
  constructor(
    private readonly pricing: PricingService,
    private readonly bulk: PricingBulkService,
  ) {}

  @Post('price')
  @HttpCode(200)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Изменить цену (и скидку) одного товара',
    description: `Одна загрузка с одним товаром, синхронно; товар должен быть в каталоге кабинета. Отказ маркетплейса — 400 BAD_REQUEST с его текстом. ${ACCEPTANCE_ONLY}`,
  })
  @ApiOkResponse({ type: PriceTaskDto })
  setPrice(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: PriceSetDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<PriceTaskDto> {
    return this.pricing.setPrice(user, body, meta);
  }

  @Post('discount')
  @HttpCode(200)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Изменить скидку одного товара (0 убирает скидку)',
    description: `Одна загрузка с одним товаром, синхронно. ${ACCEPTANCE_ONLY}`,
  })
  @ApiOkResponse({ type: PriceTaskDto })
  setDiscount(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: DiscountSetDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<PriceTaskDto> {
    return this.pricing.setDiscount(user, body, meta);
  }

  @Post('bulk')
  @HttpCode(202)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: `Пакетное изменение цен (до ${UPLOAD_MAX_ITEMS} товаров)`,
    description: `Задача в очереди: пакеты до ${UPLOAD_MAX_ITEMS} товаров, каждый одной загрузкой; отказ одного пакета не останавливает остальные. Все nmID должны быть в каталоге кабинета, иначе 400 со списком (details.nmIds). ${LIMIT} ${BULK_CONFIRMATION}`,
  })
  @ApiAcceptedResponse({ type: PriceBulkAcceptedDto })
  createPriceBulk(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: PriceBulkCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<PriceBulkAcceptedDto> {
    return this.bulk.create(user, body.mpAccountId, 'price', body.items, meta);
  }

  @Post('discount/bulk')
  @HttpCode(202)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: `Пакетное изменение скидок (до ${UPLOAD_MAX_ITEMS} товаров)`,
    description: `Как пакетное изменение цен, только скидки. ${LIMIT} ${BULK_CONFIRMATION}`,
  })
  @ApiAcceptedResponse({ type: PriceBulkAcceptedDto })
  createDiscountBulk(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: DiscountBulkCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<PriceBulkAcceptedDto> {
    return this.bulk.create(user, body.mpAccountId, 'discount', body.items, meta);
  }

  @Get('bulk')
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Пакетные изменения кабинета, новые первыми',
    description: `Состояние и счётчики каждой задачи, как в её отчёте, без списка пакетов. Пользователь видит свои задачи, администратор — все задачи кабинета. ${BULK_CONFIRMATION}`,
  })
  @ApiPageResponse(PriceBulkJobDto)
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: PriceBulkListQueryDto): Promise<Page<PriceBulkJobDto>> {
    return this.bulk.list(user, query);
  }

  @Get('bulk/:id')
  @ApiOperation({
    summary: 'Состояние и отчёт пакетного изменения',
    description: `Видит автор задачи и администратор. По каждому пакету — номер загрузки (taskId) или текст отказа (errorText); completed после попытки отправить все пакеты. ${BULK_CONFIRMATION}`,
  })
  @ApiOkResponse({ type: PriceBulkReportDto })
  report(@CurrentUser() user: AuthenticatedUser, @UuidParam('id') id: string): Promise<PriceBulkReportDto> {
    return this.bulk.report(user, id);
  }

  @Get('history')
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'История изменений цен и скидок, новые первыми',
    description: 'Изменения, принятые маркетплейсом: ручные, пакетные и репрайсера.',
  })
  @ApiPageResponse(PriceHistoryItemDto)
  history(@Query() query: PriceHistoryQueryDto): Promise<Page<PriceHistoryItemDto>> {
    return this.pricing.history(query);
  }
}
