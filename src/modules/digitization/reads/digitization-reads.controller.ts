import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import {
  DigitizationOrderItemDto,
  DigitizationOrderListQueryDto,
  DigitizationReportListQueryDto,
  DigitizationReportRowItemDto,
  DigitizationSaleItemDto,
  DigitizationSaleListQueryDto,
} from './digitization-reads.dto';
import { DigitizationReadsRepository } from './digitization-reads.repository';

const MONEY_NOTE = 'Суммы — числа с копейками, как их дал маркетплейс; идентификаторы отчёта — строки (могут превышать 2^53).';

@ApiTags('digitization')
@Controller('digitization')
export class DigitizationReadsController {
  constructor(private readonly repository: DigitizationReadsRepository) {}

  @Get('orders')
  @AccountScope({ from: 'query' })
  @ApiOperation({ summary: 'Загруженные заказы кабинета', description: `Дни from и to — по дате заказа, по Москве. ${MONEY_NOTE}` })
  @ApiPageResponse(DigitizationOrderItemDto)
  orders(@CurrentScope() scope: DataScope, @Query() query: DigitizationOrderListQueryDto): Promise<Page<DigitizationOrderItemDto>> {
    return this.repository.findOrderPage({ ...query, accountId: scope.accountId });
  }

  @Get('sales')
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Загруженные продажи и возвраты кабинета',
    description: `Одна лента: kind=sale — продажи, kind=return — возвраты. Дни from и to — по дате продажи или возврата, по Москве. ${MONEY_NOTE}`,
  })
  @ApiPageResponse(DigitizationSaleItemDto)
  sales(@CurrentScope() scope: DataScope, @Query() query: DigitizationSaleListQueryDto): Promise<Page<DigitizationSaleItemDto>> {
    return this.repository.findSalePage({ ...query, accountId: scope.accountId });
  }

  @Get('financial-report')
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Строки отчёта о реализации кабинета',
    description: `Дни from и to — по дате операции rrDate. ${MONEY_NOTE}`,
  })
  @ApiPageResponse(DigitizationReportRowItemDto)
  report(@CurrentScope() scope: DataScope, @Query() query: DigitizationReportListQueryDto): Promise<Page<DigitizationReportRowItemDto>> {
    return this.repository.findReportPage({ ...query, accountId: scope.accountId });
  }
}
