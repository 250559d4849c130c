import Redis from 'ioredis';
import { Registry } from 'prom-client';

import { loadConfig } from '../src/config/app-config';
import { MarketplaceClient } from '../src/marketplace/client/marketplace-client';
import { MarketplaceMetrics } from '../src/marketplace/client/marketplace-metrics';
import { RateBuckets } from '../src/marketplace/client/rate-buckets';
import { RateRules } from '../src/marketplace/client/rate-rules';
import { priceUpload } from '../src/marketplace/endpoints/prices';
import { redisKey, redisOptions } from '../src/redis/redis.module';

/**
 * One process of the client benchmark: BENCH_CALLERS callers upload prices for one account until the runs of all
 * processes together have made BENCH_CALLS uploads (a shared counter in Redis). Limits run BENCH_TIME_SCALE faster.
 */
async function main(): Promise<void> {
  const env = process.env as Record<string, string>;
  const config = loadConfig(process.env);
  const redis = new Redis({ ...redisOptions(config), lazyConnect: false });
  const client = new MarketplaceClient(
    config,
    new RateBuckets(redis, redisKey(config, 'mp')),
    new RateRules(Number(env.BENCH_TIME_SCALE)),
    { plaintextKey: async () => env.BENCH_TOKEN },
    new MarketplaceMetrics(new Registry()),
    { warn: () => undefined },
  );
  const counter = redisKey(config, 'bench', 'issued');
  const total = Number(env.BENCH_CALLS);
  let failures = 0;
  const caller = async () => {
    for (let issued = await redis.incr(counter); issued <= total; issued = await redis.incr(counter)) {
      const body = { data: [{ nmID: Number(env.BENCH_NM_ID), price: 1000 + issued }] };
      await client
        .request({ accountId: env.BENCH_ACCOUNT_ID, scope: 'prices', method: 'POST', path: priceUpload.path, body })
        .catch(() => (failures += 1));
    }
  };
  await Promise.all(Array.from({ length: Number(env.BENCH_CALLERS) }, caller));
  process.stdout.write(`${JSON.stringify({ failures })}\n`);
  redis.disconnect();
}

void main();
