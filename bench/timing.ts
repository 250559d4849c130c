/** The sample value at `share` (0..1) of ascending times: the nearest rank; 0 of no sample. */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];
}

/** `warmup` untimed runs of `run`, then `runs` timed ones: each one's time in ms (0.1 ms), in the order run. */
export async function timedRuns(run: () => Promise<unknown>, warmup: number, runs: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await run();
  const timesMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    timesMs.push(Math.round((performance.now() - started) * 10) / 10);
  }
  return timesMs;
}
