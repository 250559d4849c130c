import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { COMPLAINT_REASONS } from '../../../shared/autoreply/complaint-reasons';
import { ComplaintReasonListDto } from './complaint-rules.dto';

@ApiTags('autoreply')
@Controller('autoreply/complaint-reasons')
export class ComplaintReasonsController {
  @Get()
  @ApiOperation({
    summary: 'Причины жалоб на отзывы',
    description: 'Как на сайте продавца маркетплейса; по умолчанию inaccurate_information.',
  })
  @ApiOkResponse({ type: ComplaintReasonListDto })
  list(): ComplaintReasonListDto {
    return { items: COMPLAINT_REASONS.map(({ code, label }) => ({ code, label })) };
  }
}
