import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { BidLogEntryDto, BidLogQueryDto } from './bid-log.dto';
import { BidLogService } from './bid-log.service';

/** Spec: Bid engine routes, the bid log. */
@ApiTags('autobidder')
@Controller('autobidder/bid-log')
export class BidLogController {
  constructor(private readonly log: BidLogService) {}

  @Get()
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Журнал изменений ставок',
    description: 'Изменения ставок движком ставок, новые первыми; ставки в копейках. Снижения ставок лимитами бюджета сюда не пишутся.',
  })
  @ApiPageResponse(BidLogEntryDto)
  list(@Query() query: BidLogQueryDto): Promise<Page<BidLogEntryDto>> {
    return this.log.list(query);
  }
}
