import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountsReader } from '../../../accounts/accounts.reader';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { KpiQueryDto } from '../../../common/kpi/kpi-query.dto';
import { summarise } from '../../../common/kpi/kpi-summary';
import { AutobidderSummaryDto } from './autobidder-summary.dto';
import { AutobidderSummaryRepository } from './autobidder-summary.repository';

@ApiTags('autobidder')
@Controller('autobidder')
export class AutobidderSummaryController {
  constructor(
    private readonly repository: AutobidderSummaryRepository,
    private readonly accounts: AccountsReader,
  ) {}

  @Get('summary')
  @AccountScope({ from: 'query' })
  @ApiOperation({ summary: 'Показатели рекламы за 7 или 30 суток с изменением к предыдущему окну' })
  @ApiOkResponse({ type: AutobidderSummaryDto })
  summary(@CurrentScope() scope: DataScope, @Query() query: KpiQueryDto): Promise<AutobidderSummaryDto> {
    return summarise(
      query,
      (window) => this.repository.indicators(scope, window),
      () => this.accounts.connectedAt(scope.accountId),
    );
  }
}
