import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { RequestMeta } from '../../common/auth/request-meta';
import { AppError } from '../../common/errors/app-error';
import { Page } from '../../common/http/pagination.dto';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { BulkItem, BulkJobKind } from '../../database/schema/pricing';
import { QueueService } from '../../queue/queue.service';
import { AuditService } from '../audit/audit.service';
import { CatalogReader } from '../catalog/products/catalog.reader';
import { PriceBulkAcceptedDto, PriceBulkJobDto, PriceBulkListQueryDto, PriceBulkReportDto } from './pricing.dto';
import { PRICING_BULK_JOB } from './pricing.jobs';
import { PricingBulkRepository } from './pricing-bulk.repository';
import { bulkJob, bulkReport } from './pricing-bulk-report';

/** How many missing nmIds the message names; details carry all of them. */
const MISSING_IN_MESSAGE = 20;

const AUDIT_ACTIONS: Record<BulkJobKind, string> = { price: 'pricing.bulk', discount: 'pricing.discount.bulk' };

/** Spec: Pricing routes 2-4. Bulk changes run as a job; the report is read from the job's chunks. */
@Injectable()
export class PricingBulkService {
  constructor(
    private readonly bulks: PricingBulkRepository,
    private readonly catalog: CatalogReader,
    private readonly queues: QueueService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Every nmID must be in the account's catalog: the history and the snapshot are kept per product, and the
   * user learns at once which items are wrong instead of from a partly failed upload later.
   */
  async create(
    user: AuthenticatedUser,
    mpAccountId: string,
    kind: BulkJobKind,
    input: BulkItem[],
    meta: RequestMeta,
  ): Promise<PriceBulkAcceptedDto> {
    const items = input.map(({ nmID, price, discount }) => (kind === 'price' ? { nmID, price, discount } : { nmID, discount }));
    const missing = await this.catalog.missingNmIds(
      mpAccountId,
      items.map((item) => item.nmID),
    );
    if (missing.length > 0) {
      const named = missing.slice(0, MISSING_IN_MESSAGE).join(', ') + (missing.length > MISSING_IN_MESSAGE ? ', …' : '');
      throw new AppError('BAD_REQUEST', `Товаров нет в каталоге кабинета (${missing.length}): ${named}`, { details: { nmIds: missing } });
    }
    const bulkJobId = await this.bulks.insertJob({ mpAccountId, ownerId: user.id, kind, items });
    try {
      await this.queues.enqueue(PRICING_BULK_JOB, { bulkJobId }, { jobId: bulkJobId });
    } catch (error) {
      // A job that never reached the queue would stay pending for ever.
      await this.bulks.deleteJob(bulkJobId);
      throw error;
    }
    await this.audit.record({
      action: AUDIT_ACTIONS[kind],
      userId: user.id,
      mpAccountId,
      entityType: 'price-bulk-job',
      entityId: bulkJobId,
      details: { kind, items: items.length },
      meta,
    });
    return { bulkJobId };
  }

  /**
   * The account's jobs, newest first. Only the jobs whose report the user may read (spec: Pricing routes 4): their own,
   * every job for an admin.
   */
  async list(user: AuthenticatedUser, query: PriceBulkListQueryDto): Promise<Page<PriceBulkJobDto>> {
    const page = await this.bulks.findPage({ ...query, ownerId: user.role === 'admin' ? null : user.id });
    return { items: page.items.map((job) => bulkJob(job, job, this.config.pricing.bulkChunkSize)), meta: page.meta };
  }

  /** Spec: Pricing routes 4. The owner of the job and admins see it; anyone else gets 404. */
  async report(user: AuthenticatedUser, id: string): Promise<PriceBulkReportDto> {
    const job = await this.bulks.findSummaryFor(id, user.role === 'admin' ? null : user.id);
    if (!job) throw AppError.notFound('Пакетное изменение цен не найдено');
    const [chunks, rejections] = await Promise.all([this.bulks.chunks(id), this.bulks.itemRejections(id)]);
    return bulkReport(job, chunks, rejections, this.config.pricing.bulkChunkSize);
  }
}
