import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, sql } from 'drizzle-orm';

import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { PageRequest, queryPage } from '../../../database/query-page';
import { bidLog } from '../../../database/schema/autobidder';
import { products } from '../../../database/schema/catalog';
import type { BidReason } from '../../../shared/autobidder/bid-reason';
import type { BidLogEntryDto } from './bid-log.dto';

export interface BidLogFilter extends PageRequest {
  accountId: string;
  advertId?: number;
}

const ENTRY = {
  advertId: bidLog.advertId,
  campaignName: bidLog.campaignName,
  nmId: bidLog.nmId,
  productName: products.title,
  placement: bidLog.placement,
  bidBefore: bidLog.bidBefore,
  bidAfter: bidLog.bidAfter,
  reason: bidLog.reason,
  // The bid's before and after are the entry's own columns, also for entries stored before the reason held them.
  reasonFields: sql<BidReason | null>`${bidLog.reasonFields} || jsonb_build_object('before', ${bidLog.bidBefore}, 'after', ${bidLog.bidAfter})`,
  strategyId: bidLog.strategyId,
  createdAt: bidLog.createdAt,
};

/** Reads of the bid log, newest first. */
@Injectable()
export class BidLogRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  findPage(filter: BidLogFilter): Promise<Page<BidLogEntryDto>> {
    const where = and(
      eq(bidLog.mpAccountId, filter.accountId),
      filter.advertId === undefined ? undefined : eq(bidLog.advertId, filter.advertId),
    );
    return queryPage(
      filter,
      (limit, offset) =>
        this.db
          .select(ENTRY)
          .from(bidLog)
          .leftJoin(products, and(eq(products.mpAccountId, bidLog.mpAccountId), eq(products.nmId, bidLog.nmId)))
          .where(where)
          .orderBy(desc(bidLog.createdAt), desc(bidLog.id))
          .limit(limit)
          .offset(offset),
      () => this.db.select({ total: count() }).from(bidLog).where(where),
    );
  }
}
