import { chunkCount } from './price-math';
import type { PriceBulkJobDto, PriceBulkReportDto } from './pricing.dto';
import type { BulkChunkRow, BulkJobSummary } from './pricing-bulk.repository';

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

/** The report of a bulk job: counters and, per chunk tried, its task id or rejection text. */
export function bulkReport(job: BulkJobSummary, chunks: BulkChunkRow[], chunkSize: number): PriceBulkReportDto {
  const accepted = chunks.filter((chunk) => chunk.taskId !== null).length;
  return {
    ...bulkJob(job, { accepted, rejected: chunks.length - accepted }, chunkSize),
    result: {
      chunks: chunks.map((chunk) => ({
        index: chunk.index,
        items: chunk.items,
        ...(chunk.taskId !== null ? { taskId: chunk.taskId } : {}),
        ...(chunk.errorText !== null ? { errorText: chunk.errorText } : {}),
      })),
    },
  };
}
