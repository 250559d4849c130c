import { chunkCount } from './price-math';
import type { BulkConfirmation, PriceBulkJobDto, PriceBulkReportDto } from './pricing.dto';
import type { BulkChunkRow, BulkItemRejectionRow, BulkJobSummary } from './pricing-bulk.repository';

/** A bulk job's state and counters; accepted and rejected count its chunks tried so far. */
export function bulkJob(job: BulkJobSummary, tried: { accepted: number; rejected: number }, chunkSize: number): PriceBulkJobDto {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    counters: {
      items: job.itemCount,
      chunks: chunkCount(job.itemCount, chunkSize),
      accepted: tried.accepted,
      rejected: tried.rejected,
    },
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

/** Pending while the job runs; once it ended, complete when every accepted chunk was confirmed. */
function confirmationOf(job: BulkJobSummary, unconfirmed: BulkChunkRow[]): BulkConfirmation {
  if (job.status === 'pending' || job.status === 'active') return 'pending';
  return unconfirmed.length === 0 ? 'complete' : 'timed_out';
}

/**
 * The report of a bulk job: counters, per chunk tried its task id or rejection text, and the items of accepted chunks
 * the marketplace refused.
 */
export function bulkReport(
  job: BulkJobSummary,
  chunks: BulkChunkRow[],
  rejections: BulkItemRejectionRow[],
  chunkSize: number,
): PriceBulkReportDto {
  const accepted = chunks.filter((chunk) => chunk.taskId !== null).length;
  const unconfirmed = chunks.filter((chunk) => chunk.taskId !== null && chunk.confirmedAt === null);
  return {
    ...bulkJob(job, { accepted, rejected: chunks.length - accepted }, chunkSize),
    result: {
      chunks: chunks.map((chunk) => ({
        index: chunk.index,
        items: chunk.items,
        ...(chunk.taskId !== null ? { taskId: chunk.taskId } : {}),
        ...(chunk.errorText !== null ? { errorText: chunk.errorText } : {}),
      })),
      confirmation: confirmationOf(job, unconfirmed),
      itemsRejected: rejections.length,
      itemsUnconfirmed: unconfirmed.reduce((sum, chunk) => sum + chunk.items, 0),
      rejectedItems: rejections.map(({ chunkIndex, nmId, errorText }) => ({ chunkIndex, nmId, errorText })),
    },
  };
}
