import { Agent, request } from 'node:http';

import { percentile } from './timing';

/** What one round of load measured, paced or not. */
export interface PacedRoundResult {
  requests: number;
  durationSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One request a load sends: GET of the path unless a method (and a body) is given. */
export interface LoadRequest {
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
}

export interface PacedRoundOptions {
  url: string;
  headers?: Record<string, string>;
  paths?: string[];
  /** Requests sent in turn instead of the paths. */
  requests?: LoadRequest[];
  /** Requests per second, each sent at its own due time whether or not earlier ones were answered (open loop). */
  rate: number;
  durationSec: number;
  /** Keep-alive sockets at most; a request due while all are busy waits for one, and that wait counts as latency. */
  connections: number;
}

/**
 * A fixed offered rate, paced evenly: request i is due at start + i / rate and its latency runs from that due time
 * to the end of its answer, so a server that falls behind shows it. (autocannon's overallRate lets every connection
 * fire its whole share at the start of each second, a burst that measures the queue of that burst, and then adds
 * corrected samples at a 1 ms interval.)
 */
export async function pacedRound(options: PacedRoundOptions): Promise<PacedRoundResult> {
  const base = new URL(options.url);
  const requests = options.requests ?? (options.paths ?? [base.pathname + base.search]).map((path) => ({ path }) as LoadRequest);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.round(options.rate * options.durationSec);
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const startedAt = performance.now();

  const send = (index: number): Promise<void> =>
    new Promise((resolve) => {
      const dueAt = startedAt + index * intervalMs;
      const { path, method = 'GET', body } = requests[index % requests.length];
      const headers = body === undefined ? options.headers : { ...options.headers, 'content-length': String(Buffer.byteLength(body)) };
      const outgoing = request({ host: base.hostname, port: base.port, path, method, headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - dueAt);
          if (response.statusCode === undefined || response.statusCode < 200 || response.statusCode >= 300) non2xx += 1;
          resolve();
        });
      });
      outgoing.on('error', () => {
        errors += 1;
        resolve();
      });
      outgoing.end(body);
    });

  const inFlight: Promise<void>[] = [];
  while (sent < total) {
    const due = Math.min(total, Math.floor((performance.now() - startedAt) / intervalMs) + 1);
    while (sent < due) inFlight.push(send(sent++));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + sent * intervalMs - performance.now())));
  }
  await Promise.all(inFlight);
  const durationSec = (performance.now() - startedAt) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    durationSec,
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    non2xx,
    errors,
  };
}
