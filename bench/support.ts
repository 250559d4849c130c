import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/common/runtime/project-root';

export interface LoadResult {
  requestsPerSecond: number;
  /** Worst p99 over the rounds. */
  p99Ms: number;
  p50Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

interface Round {
  requests: number;
  durationSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function round(url: string, connections: number, durationSec: number): Promise<Round> {
  const result = await autocannon({ url, connections, duration: durationSec });
  return { requests: result.requests.total, durationSec: result.duration, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

function summarise(rounds: Round[]): LoadResult {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.durationSec, 0);
  const p50s = rounds.map((r) => r.p50).sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(requests / seconds),
    p99Ms: Math.max(...rounds.map((r) => r.p99)),
    p50Ms: p50s[Math.floor(p50s.length / 2)],
    requests,
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * Loads several URLs in alternating short rounds, after a warm-up of each. This machine's speed drifts
 * by a factor of two within seconds; alternating rounds lets the drift hit every target alike.
 */
export async function loadAlternating(urls: string[], options: { connections: number; totalSec: number; roundSec: number; warmupSec: number }): Promise<LoadResult[]> {
  for (const url of urls) await round(url, options.connections, options.warmupSec);
  const rounds: Round[][] = urls.map(() => []);
  for (let elapsed = 0; elapsed < options.totalSec; elapsed += options.roundSec) {
    for (const [index, url] of urls.entries()) rounds[index].push(await round(url, options.connections, options.roundSec));
  }
  if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(rounds.map((list) => list.map((r) => Math.round(r.requests / r.durationSec)))));
  return rounds.map(summarise);
}

/**
 * Pins a process (all its threads) to one core with taskset, so that a server and the load generator
 * do not fight over a core. Returns false when taskset is not available.
 */
export function pinToCore(pid: number, core: number): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(core), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Writes bench/results/<name>-<time>.json and returns its path. */
export function writeResult(name: string, result: unknown): string {
  const dir = join(projectRoot(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
