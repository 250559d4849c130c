import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountsReader } from '../../../accounts/accounts.reader';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { summarise } from '../../../common/kpi/kpi-summary';
import { PricingSummaryDto, PricingSummaryQueryDto } from './pricing-summary.dto';
import { PricingSummaryRepository } from './pricing-summary.repository';

@ApiTags('pricing')
@Controller('pricing')
export class PricingSummaryController {
  constructor(
    private readonly repository: PricingSummaryRepository,
    private readonly accounts: AccountsReader,
  ) {}

  @Get('summary')
  @AccountScope({ from: 'query', brand: 'brandId' })
  @ApiOperation({
    summary: 'Показатели ценообразования за 7 или 30 суток UTC с изменением к предыдущему окну',
    description: 'Изменения считаются принятыми маркетплейсом загрузками; применение каждой цены маркетплейсом не отслеживается.',
  })
  @ApiOkResponse({ type: PricingSummaryDto })
  summary(@CurrentScope() scope: DataScope, @Query() query: PricingSummaryQueryDto): Promise<PricingSummaryDto> {
    return summarise(
      query,
      (window) => this.repository.indicators(scope, window),
      () => this.accounts.connectedAt(scope.accountId),
    );
  }
}
