import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it collects again (by
 * default up to 4 times). A worker's jobs hold marketplace answers and database pages a batch at a time (tens of MB
 * live), but a batch that lives across an await is promoted to the old generation, so a stock sync of a large catalog
 * left a few hundred MB of dead batches resident until V8 got round to them. At 1.5 times the worker stays near what
 * it holds; a full collection costs milliseconds beside the network waits of its jobs.
 */
export const WORKER_HEAP_GROWING_PERCENT = 50;

/** Sets the worker's heap growth (before its first job: V8 reads it at each full collection). */
export function tightenWorkerHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${WORKER_HEAP_GROWING_PERCENT}`);
}
