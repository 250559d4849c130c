import { Injectable } from '@nestjs/common';

import type { Page } from '../../../common/http/pagination.dto';
import type { BidLogEntryDto, BidLogQueryDto } from './bid-log.dto';
import { BidLogRepository } from './bid-log.repository';

/** Spec: Bid log entry. What the bid engine changed, newest first. */
@Injectable()
export class BidLogService {
  constructor(private readonly repository: BidLogRepository) {}

  list(query: BidLogQueryDto): Promise<Page<BidLogEntryDto>> {
    return this.repository.findPage({ accountId: query.mpAccountId, advertId: query.campaignId, page: query.page, limit: query.limit });
  }
}
