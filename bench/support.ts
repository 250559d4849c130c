import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import autocannon from 'autocannon';

import { projectRoot } from '../src/common/runtime/project-root';
import { LoadRequest, pacedRound, PacedRoundResult } from './paced-load';

export interface LoadResult {
  requestsPerSecond: number;
  /** CPU time the server process spent per request, user + system (null where /proc is missing). */
  cpuMicrosPerRequest: number | null;
  /** Worst p99 over the rounds. */
  p99Ms: number;
  p50Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

interface Round extends PacedRoundResult {
  cpuMs: number | null;
}

/** CPU time used so far by a process, from /proc/<pid>/stat (utime + stime, in clock ticks of 10 ms). */
export function cpuTimeMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function round(target: LoadTarget, connections: number, durationSec: number, overallRate?: number): Promise<Round> {
  const cpuBefore = cpuTimeMs(target.pid);
  const measured =
    overallRate === undefined
      ? await autocannon({
          url: target.url,
          connections,
          duration: durationSec,
          headers: target.headers,
          requests: target.requests ?? target.paths?.map((path) => ({ path })),
        }).then((result) => ({
          requests: result.requests.total,
          durationSec: result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        }))
      : await pacedRound({
          url: target.url,
          headers: target.headers,
          paths: target.paths,
          requests: target.requests,
          rate: overallRate,
          durationSec,
          connections,
        });
  const cpuAfter = cpuTimeMs(target.pid);
  return { cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore, ...measured };
}

function summarise(rounds: Round[]): LoadResult {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.durationSec, 0);
  const p50s = rounds.map((r) => r.p50).sort((a, b) => a - b);
  const cpuMs = rounds.some((r) => r.cpuMs === null) ? null : rounds.reduce((sum, r) => sum + (r.cpuMs ?? 0), 0);
  return {
    requestsPerSecond: Math.round(requests / seconds),
    cpuMicrosPerRequest: cpuMs === null ? null : Math.round((cpuMs * 1000 * 10) / requests) / 10,
    p99Ms: Math.max(...rounds.map((r) => r.p99)),
    p50Ms: p50s[Math.floor(p50s.length / 2)],
    requests,
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

export interface LoadTarget {
  url: string;
  /** The server's process id, for its CPU time. */
  pid: number;
  headers?: Record<string, string>;
  /** Paths that each connection requests in turn instead of the url's own. */
  paths?: string[];
  /** Requests (a method, a body) sent in turn instead of the paths. */
  requests?: LoadRequest[];
}

/**
 * Loads several targets in alternating short rounds, after a warm-up of each. This machine's speed drifts
 * by a factor of two within seconds; alternating rounds lets the drift hit every target alike. With overallRate
 * the requests are offered evenly paced at that rate over at most `connections` sockets (see pacedRound), instead
 * of as many as the server answers.
 */
export async function loadAlternating(
  targets: LoadTarget[],
  options: { connections: number; totalSec: number; roundSec: number; warmupSec: number; overallRate?: number },
): Promise<LoadResult[]> {
  for (const target of targets) await round(target, options.connections, options.warmupSec, options.overallRate);
  const rounds: Round[][] = targets.map(() => []);
  for (let elapsed = 0; elapsed < options.totalSec; elapsed += options.roundSec) {
    for (const [index, target] of targets.entries())
      rounds[index].push(await round(target, options.connections, options.roundSec, options.overallRate));
  }
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
