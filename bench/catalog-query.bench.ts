import { isDeepStrictEqual } from 'node:util';

import { JwtService } from '@nestjs/jwt';
import { fillPlaceholders } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import { Pool } from 'pg';

import { loadConfig } from '../src/config/app-config';
import { escapeLike } from '../src/database/like';
import * as schema from '../src/database/schema';
import { CatalogProductsRepository, ProductListFilter } from '../src/modules/catalog/products/catalog-products.repository';
import { freePort, runBuilt, RunningProcess, waitForHttp } from '../test/support/spawn-service';
import { ACCOUNT_ID, DATABASE_URL, OWNER_ID, PRODUCTS, seedCatalog } from './catalog-seed';
import { SERVICE_MAIN } from './service-stack';
import { loadAlternating, LoadResult, pinToCore, writeResult } from './support';

/**
 * Targets of a search page of a 100 000-product catalog against the bare handler running the same prepared statement:
 * the app's CPU time per request at most twice the bare handler's, its throughput at 50 connections at least 0.8 of
 * the bare handler's, and p99 under 50 ms at a fixed offered rate of half the bare handler's throughput (at saturation
 * 50 connections over ~700 req/s queue 70 ms for any server, Little's law).
 */
const TARGET_CPU_FACTOR = 2;
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 50;
const LOAD = { connections: 50, totalSec: 10, roundSec: 2, warmupSec: 3 };
/** Share of the bare handler's measured throughput offered at a fixed rate for the latency target. */
const OFFERED_SHARE = 0.5;
const SERVER_CORE = 0;
const LOAD_CORE = 1;
/** Each matches tens to hundreds of the seeded products: a kind with a style (200), a vendor code prefix (100), an nmId piece (100, 10). */
const FRAGMENTS = ['платье миди', 'ЮБКА МИНИ', 'худи оверсайз', 'куртка утеплённая', 'art-0421', 'ART-0777', '100995', '1004567'];

function pathOf(fragment: string): string {
  return `/catalog/products?mpAccountId=${ACCOUNT_ID}&q=${encodeURIComponent(fragment)}&limit=20`;
}

/**
 * The baseline: bare Fastify and pg running the app's prepared search statement under a
 * name on a pool set up like the app's, answering the same JSON.
 */
function serveBare(port: number): void {
  // As the app's pool: named statements planned for their values on every run.
  const pool = new Pool({ connectionString: DATABASE_URL, max: 10, options: '-c plan_cache_mode=force_custom_plan' });
  const filter: ProductListFilter = { accountId: ACCOUNT_ID, brandIds: 'all', q: 'stand-in', sort: 'updatedAt', sortDir: 'desc' };
  const { sql: text, params } = new CatalogProductsRepository(drizzle(pool, { schema })).searchStatement(filter).getQuery();
  const app = Fastify({ logger: false });
  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/catalog/products', async (request) => {
    const query = request.query as Record<string, string>;
    const limit = Number(query.limit ?? 20);
    const values = fillPlaceholders(params, {
      accountId: query.mpAccountId,
      pattern: escapeLike(query.q),
      limit,
      offset: 0,
    });
    const page = await pool.query({ name: 'catalog_search_bare', text, values });
    const total = page.rows.length ? Number(page.rows[0].count) : 0;
    const items = page.rows.map((row) => ({
      nmId: Number(row.nm_id),
      vendorCode: row.vendor_code,
      title: row.title,
      brand: row.brand,
      brandId: row.brand_id,
      photo: row.photo,
      price: row.price,
      discount: row.discount,
      discountedPrice: row.discounted_price === null ? null : Number(row.discounted_price),
      clubDiscount: row.club_discount,
      priceUpdatedAt: row.price_updated_at,
      pricePending: row.price_pending,
      costPrice: row.cost_price === null ? null : Number(row.cost_price),
      updatedAt: row.updated_at,
    }));
    const totalPages = Math.ceil(total / limit);
    return { items, meta: { total, page: 1, limit, totalPages, hasNext: totalPages > 1, hasPrev: false } };
  });
  void app.listen({ port, host: '127.0.0.1' });
  process.once('SIGTERM', () =>
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
  );
}

async function startServer(script: string, env: Record<string, string>, args: string[], port: number): Promise<RunningProcess> {
  const server = runBuilt(script, env, args, true);
  pinToCore(server.child.pid!, SERVER_CORE);
  await waitForHttp(`http://127.0.0.1:${port}/health/live`);
  return server;
}

/** Both servers must answer the same page, or the comparison is not of the same work. */
async function expectSameAnswers(bareUrl: string, appUrl: string, headers: Record<string, string>): Promise<number[]> {
  const totals: number[] = [];
  for (const fragment of FRAGMENTS) {
    const [bare, app] = await Promise.all([
      fetch(bareUrl + pathOf(fragment)).then((r) => r.json()),
      fetch(appUrl + pathOf(fragment), { headers }).then((r) => r.json() as Promise<{ meta: { total: number } }>),
    ]);
    if (!isDeepStrictEqual(bare, app))
      throw new Error(
        `the bare handler and the app answer ${fragment} differently:\n${JSON.stringify(bare).slice(0, 300)}\n${JSON.stringify(app).slice(0, 300)}`,
      );
    totals.push(app.meta.total);
  }
  return totals;
}

export async function catalogQuery(): Promise<boolean> {
  const pinned = pinToCore(process.pid, LOAD_CORE);
  const appPort = await freePort();
  const barePort = await freePort();
  // The full app as users run it: api role, every guard, pipe and hook, the request log on (to /dev/null); inbound limits off, or 50 connections hit them at once.
  const appServer = await startServer(
    SERVICE_MAIN,
    {
      NODE_ENV: 'development',
      APP_ROLE: 'api',
      PORT: String(appPort),
      LOG_LEVEL: 'info',
      DATABASE_URL,
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'soa-bench',
      THROTTLE_ENABLED: 'false',
    },
    [],
    appPort,
  );
  const bareServer = { current: null as RunningProcess | null };
  try {
    const pool = new Pool({ connectionString: DATABASE_URL, max: 2 });
    await seedCatalog(pool).finally(() => pool.end());
    bareServer.current = await startServer(__filename, { BENCH_DATABASE_URL: DATABASE_URL }, ['--bare', String(barePort)], barePort);
    const token = new JwtService({ secret: loadConfig({ NODE_ENV: 'development' }).auth.accessSecret }).sign(
      { sub: OWNER_ID, role: 'seller' },
      { algorithm: 'HS256', expiresIn: '1h' },
    );
    const headers = { authorization: `Bearer ${token}` };
    const matches = await expectSameAnswers(`http://127.0.0.1:${barePort}`, `http://127.0.0.1:${appPort}`, headers);
    const paths = FRAGMENTS.map(pathOf);
    const targets = [
      { url: `http://127.0.0.1:${barePort}`, pid: bareServer.current.child.pid!, paths },
      { url: `http://127.0.0.1:${appPort}`, pid: appServer.child.pid!, paths, headers },
    ];
    const [bare, app] = await loadAlternating(targets, LOAD);
    const overallRate = Math.round(bare.requestsPerSecond * OFFERED_SHARE);
    const [bareAtRate, appAtRate] = await loadAlternating(targets, { ...LOAD, overallRate });
    const ratio = Math.round((app.requestsPerSecond / bare.requestsPerSecond) * 100) / 100;
    const cpuFactor =
      app.cpuMicrosPerRequest === null || bare.cpuMicrosPerRequest === null
        ? null
        : Math.round((app.cpuMicrosPerRequest / bare.cpuMicrosPerRequest) * 100) / 100;
    const clean = (result: LoadResult) => result.non2xx === 0 && result.errors === 0;
    const passed =
      cpuFactor !== null &&
      cpuFactor <= TARGET_CPU_FACTOR &&
      ratio >= TARGET_RATIO &&
      appAtRate.p99Ms < TARGET_P99_MS &&
      clean(app) &&
      clean(appAtRate);
    const target = { cpuFactor: TARGET_CPU_FACTOR, ratio: TARGET_RATIO, p99MsAtRate: TARGET_P99_MS, offeredShare: OFFERED_SHARE };
    const file = writeResult('catalog-query', {
      load: LOAD,
      pinned,
      products: PRODUCTS,
      fragments: Object.fromEntries(FRAGMENTS.map((f, i) => [f, matches[i]])),
      bare,
      app,
      overallRate,
      bareAtRate,
      appAtRate,
      ratio,
      cpuFactor,
      target,
      passed,
    });
    console.log(
      `cores: ${pinned ? `servers on ${SERVER_CORE}, load generator on ${LOAD_CORE}, PostgreSQL unpinned` : 'not pinned (taskset missing)'}; ${LOAD.connections} connections, ${LOAD.totalSec} s each in ${LOAD.roundSec} s rounds`,
    );
    console.log(`${PRODUCTS} products; fragments and matches: ${FRAGMENTS.map((f, i) => `${f} ${matches[i]}`).join(', ')}`);
    console.log(
      `bare Fastify + pg: ${bare.requestsPerSecond} req/s, p50 ${bare.p50Ms} ms, p99 ${bare.p99Ms} ms, ${bare.cpuMicrosPerRequest} µs CPU per request`,
    );
    console.log(
      `full app:          ${app.requestsPerSecond} req/s, p50 ${app.p50Ms} ms, p99 ${app.p99Ms} ms, ${app.cpuMicrosPerRequest} µs CPU per request, non-2xx ${app.non2xx}`,
    );
    console.log(
      `offered ${overallRate} req/s: bare p50 ${bareAtRate.p50Ms} ms, p99 ${bareAtRate.p99Ms} ms; app p50 ${appAtRate.p50Ms} ms, p99 ${appAtRate.p99Ms} ms, ${appAtRate.cpuMicrosPerRequest} µs CPU per request`,
    );
    console.log(
      `catalog-query: CPU per request ${cpuFactor} × bare (target <= ${TARGET_CPU_FACTOR}), throughput ${ratio} × bare (target >= ${TARGET_RATIO}), ` +
        `p99 ${appAtRate.p99Ms} ms at ${overallRate} req/s (target < ${TARGET_P99_MS}) -> ${passed ? 'PASS' : 'FAIL'} [${file}]`,
    );
    return passed;
  } finally {
    const servers = [appServer, bareServer.current].filter((server): server is RunningProcess => server !== null);
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
  }
}

if (require.main === module && process.argv[2] === '--bare') serveBare(Number(process.argv[3]));
