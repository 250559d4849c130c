import { join } from 'node:path';

import { freePort, runBuilt, RunningProcess, waitForHttp } from '../test/support/spawn-service';
import { SERVICE_MAIN } from './service-stack';
import { loadAlternating, LoadResult, pinToCore, writeResult } from './support';

/**
 * Target: the full app keeps at least 60 % of bare Fastify's throughput, p99 under 10 ms. Two more baselines show
 * where the gap lies: bare Fastify doing what every request of the service must do (its server options and response
 * hook: timeouts, request id, X-Request-Id, metrics, the request line), and the same in an empty NestJS application.
 */
const TARGET_RATIO = 0.6;
const TARGET_P99_MS = 10;
const LOAD = { connections: 50, totalSec: 10, roundSec: 2, warmupSec: 3 };
const SERVER_CORE = 0;
const LOAD_CORE = 1;

async function startServer(script: string, env: Record<string, string>, args: string[], port: number): Promise<RunningProcess> {
  const server = runBuilt(script, env, args, true);
  pinToCore(server.child.pid!, SERVER_CORE);
  await waitForHttp(`http://127.0.0.1:${port}/health/live`);
  return server;
}

export async function frameworkOverhead(): Promise<boolean> {
  const pinned = pinToCore(process.pid, LOAD_CORE);
  const barePort = await freePort();
  const requiredPort = await freePort();
  const nestPort = await freePort();
  const appPort = await freePort();
  const bareServer = await startServer(join(__dirname, 'bare-server.js'), {}, [String(barePort)], barePort);
  const requiredServer = await startServer(
    join(__dirname, 'required-work-server.js'),
    { NODE_ENV: 'development', LOG_LEVEL: 'info' },
    [String(requiredPort)],
    requiredPort,
  );
  const nestServer = await startServer(
    join(__dirname, 'nest-floor-server.js'),
    { NODE_ENV: 'development', LOG_LEVEL: 'info' },
    [String(nestPort)],
    nestPort,
  );
  // The full app as users run it: api role, every global guard, pipe and hook, the request log line on (to /dev/null).
  const appServer = await startServer(
    SERVICE_MAIN,
    {
      NODE_ENV: 'development',
      APP_ROLE: 'api',
      PORT: String(appPort),
      LOG_LEVEL: 'info',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/seller_operations_bench',
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'soa-bench',
    },
    [],
    appPort,
  );
  try {
    const [bare, required, nest, app] = await loadAlternating(
      [
        { url: `http://127.0.0.1:${barePort}/health/live`, pid: bareServer.child.pid! },
        { url: `http://127.0.0.1:${requiredPort}/health/live`, pid: requiredServer.child.pid! },
        { url: `http://127.0.0.1:${nestPort}/health/live`, pid: nestServer.child.pid! },
        { url: `http://127.0.0.1:${appPort}/health/live`, pid: appServer.child.pid! },
      ],
      LOAD,
    );
    const rateRatio = (server: LoadResult, baseline: LoadResult) =>
      Math.round((server.requestsPerSecond / baseline.requestsPerSecond) * 100) / 100;
    const ratio = rateRatio(app, bare);
    const ratioToRequired = rateRatio(app, required);
    // When the load generator's core, not the server's, limits bare Fastify, the throughput ratio flatters the app; the
    // ratio of CPU time per request shows what each server would keep if both were CPU-bound.
    const cpuRatio =
      bare.cpuMicrosPerRequest && app.cpuMicrosPerRequest
        ? Math.round((bare.cpuMicrosPerRequest / app.cpuMicrosPerRequest) * 100) / 100
        : null;
    const passed = ratio >= TARGET_RATIO && app.p99Ms < TARGET_P99_MS && app.non2xx === 0 && app.errors === 0;
    const target = { ratio: TARGET_RATIO, p99Ms: TARGET_P99_MS };
    const file = writeResult('framework-overhead', {
      load: LOAD,
      pinned,
      bare,
      required,
      app,
      ratio,
      requiredToBare: rateRatio(required, bare),
      nest,
      nestToBare: rateRatio(nest, bare),
      ratioToNest: rateRatio(app, nest),
      ratioToRequired,
      cpuRatio,
      target,
      passed,
    });
    console.log(
      `cores: ${pinned ? `servers on ${SERVER_CORE}, load generator on ${LOAD_CORE}` : 'not pinned (taskset missing)'}; ${LOAD.connections} connections, ${LOAD.totalSec} s each in ${LOAD.roundSec} s rounds`,
    );
    console.log(`bare Fastify: ${bare.requestsPerSecond} req/s, p99 ${bare.p99Ms} ms, ${bare.cpuMicrosPerRequest} µs CPU per request`);
    console.log(
      `required work: ${required.requestsPerSecond} req/s, p99 ${required.p99Ms} ms, ${required.cpuMicrosPerRequest} µs CPU per request (${rateRatio(required, bare)} × bare)`,
    );
    console.log(
      `Nest floor:   ${nest.requestsPerSecond} req/s, p99 ${nest.p99Ms} ms, ${nest.cpuMicrosPerRequest} µs CPU per request (${rateRatio(nest, bare)} × bare)`,
    );
    console.log(
      `full app:     ${app.requestsPerSecond} req/s, p99 ${app.p99Ms} ms, ${app.cpuMicrosPerRequest} µs CPU per request, non-2xx ${app.non2xx}`,
    );
    console.log(
      `framework-overhead: ratio ${ratio} (target >= ${TARGET_RATIO}; ${ratioToRequired} of the required-work server, ${rateRatio(app, nest)} of the Nest floor; CPU per request ${cpuRatio} of bare's), app p99 ${app.p99Ms} ms (target < ${TARGET_P99_MS}) -> ${passed ? 'PASS' : 'FAIL'} [${file}]`,
    );
    return passed;
  } finally {
    const servers = [bareServer, requiredServer, nestServer, appServer];
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
  }
}
