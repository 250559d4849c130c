import { chunkCount } from './price-math';
import type { PriceBulkReportDto } from './pricing.dto';
import type { BulkChunkRow, BulkJobSummary } from './pricing-bulk.repository';

/** The report of a bulk job: counters and, per chunk tried, its task id or rejection text. */
export function bulkReport(job: BulkJobSummary, chunks: BulkChunkRow[], chunkSize: number): PriceBulkReportDto {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    counters: {
      items: job.itemCount,
      chunks: chunkCount(job.itemCount, chunkSize),
      accepted: chunks.filter((chunk) => chunk.taskId !== null).length,
      rejected: chunks.filter((chunk) => chunk.taskId === null).length,
    },
    result: {
      chunks: chunks.map((chunk) => ({
        index: chunk.index,
        items: chunk.items,
        ...(chunk.taskId !== null ? { taskId: chunk.taskId } : {}),
        ...(chunk.errorText !== null ? { errorText: chunk.errorText } : {}),
      })),
    },
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}
