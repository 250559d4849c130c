import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountScope } from '../../../common/auth/scope.guards';
import { AppError } from '../../../common/errors/app-error';
import { summarise } from '../../../common/kpi/kpi-summary';
import { PricingSummaryDto, PricingSummaryQueryDto } from './pricing-summary.dto';
import { PricingSummaryRepository } from './pricing-summary.repository';

@ApiTags('pricing')
@Controller('pricing')
export class PricingSummaryController {
  constructor(private readonly repository: PricingSummaryRepository) {}

  @Get('summary')
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Показатели ценообразования за 7 или 30 суток UTC с изменением к предыдущему окну',
    description: 'Изменения считаются принятыми маркетплейсом загрузками; применение каждой цены маркетплейсом не отслеживается.',
  })
  @ApiOkResponse({ type: PricingSummaryDto })
  async summary(@Query() query: PricingSummaryQueryDto): Promise<PricingSummaryDto> {
    if (query.brandId && !(await this.repository.hasBrand(query.mpAccountId, query.brandId)))
      throw AppError.notFound('Бренд не найден в этом кабинете');
    const filter = { accountId: query.mpAccountId, brandIds: query.brandId ? [query.brandId] : ('all' as const) };
    return summarise(query, (window) => this.repository.indicators(filter, window));
  }
}
