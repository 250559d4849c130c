import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountScope } from '../../../common/auth/scope.guards';
import { PricingSummaryDto, PricingSummaryQueryDto } from './pricing-summary.dto';
import { PricingSummaryService } from './pricing-summary.service';

@ApiTags('pricing')
@Controller('pricing')
export class PricingSummaryController {
  constructor(private readonly summaries: PricingSummaryService) {}

  @Get('summary')
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Показатели ценообразования за 7 или 30 суток UTC с изменением к предыдущему окну',
    description: 'Изменения считаются принятыми маркетплейсом загрузками; применение каждой цены маркетплейсом не отслеживается.',
  })
  @ApiOkResponse({ type: PricingSummaryDto })
  summary(@Query() query: PricingSummaryQueryDto): Promise<PricingSummaryDto> {
    return this.summaries.summary(query) as Promise<PricingSummaryDto>;
  }
}
