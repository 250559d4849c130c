import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { drizzle } from 'drizzle-orm/node-postgres';
import { and, count, eq, inArray, max } from 'drizzle-orm';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { Client, Pool } from 'pg';
import { KeyRing } from '../src/common/crypto/key-ring';
import { loadConfig } from '../src/config/app-config';
import { DEVELOPMENT_PLACEHOLDERS } from '../src/config/env.definitions';
import * as schema from '../src/database/schema';
import { insertProducts, sellerNmIds } from '../test/support/pricing-catalog';
import { PRICING_BULK_JOB } from '../src/modules/pricing/pricing.jobs';
import { freePort, runBuilt, waitForHttp } from '../test/support/spawn-service';
import { writeResult } from './support';

/**
 * 50 bulk jobs of 1 000 items for one account: one upload each, so the prices upload limit alone sets the pace.
 * The limit runs four times faster on both sides (10 per 1.5 s): the floor is 50 uploads at that rate, 7.5 s, and
 * the whole run (first request to last job finished) must stay within 10 % of it, with no 429. Much faster than that,
 * the writes of 1 000 history rows and snapshots per chunk (the same 1 000 products in every job, so one after
 * another) and the validation of 50 bodies of 1 000 items on this 2-core machine would set the pace, not the limit.
 */
const TIME_SCALE = 0.25;
const JOBS = 50;
const ITEMS = 1000;
const FLOOR_MS = (JOBS / 10) * 6000 * TIME_SCALE;
const TARGET_RATIO = 1.1;
const SEED = 11;
const DATABASE_ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface CallRecord {
  atMs: number;
  status: number;
}

function databaseUrl(name: string): string {
  const url = new URL(DATABASE_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function emulatorJson<T>(url: string, init?: RequestInit): Promise<T> {
  return (await (await fetch(url, init)).json()) as T;
}

/** A seller of the service owning an account with the emulator seller's key and its cards in the catalog. */
async function seed(db: ReturnType<typeof drizzle<typeof schema>>, token: string): Promise<{ userId: string; accountId: string; nmIds: number[] }> {
  const [user] = await db.insert(schema.users).values({ email: `bench-${randomUUID()}@example.com`, displayName: 'Bench', passwordHash: 'x' }).returning({ id: schema.users.id });
  const accountId = randomUUID();
  const config = loadConfig({});
  const sealed = new KeyRing(config.encryption.keys, config.encryption.activeKeyId).seal(token, accountId);
  await db.insert(schema.mpAccounts).values({ id: accountId, ownerId: user.id, name: 'Bench', keyId: sealed.keyId, keyNonce: sealed.nonce, keyCiphertext: sealed.ciphertext, keyTag: sealed.tag, keyLast4: token.slice(-4) });
  const nmIds = sellerNmIds(100_000_000 + (SEED % 900) * 1_000_000, ITEMS);
  await insertProducts(db, accountId, nmIds);
  return { userId: user.id, accountId, nmIds };
}

export async function pricingBulkPace(): Promise<boolean> {
  const emulatorPort = await freePort();
  const emulator = runBuilt(join(__dirname, '..', 'emulator', 'main.js'), { EMULATOR_PORT: String(emulatorPort), EMULATOR_LIMIT_TIME_SCALE: String(TIME_SCALE) }, [], true);
  const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
  const databaseName = `soa_bench_pricing_${randomUUID().slice(0, 8)}`;
  const prefix = `benchpricing${randomUUID().slice(0, 8)}`;
  const port = await freePort();
  const env = {
    DATABASE_URL: databaseUrl(databaseName),
    REDIS_URL,
    REDIS_PREFIX: prefix,
    PORT: String(port),
    MP_API_BASE_URL: emulatorUrl,
    LOG_LEVEL: 'silent',
    THROTTLE_ENABLED: 'false',
    BENCH_RATE_TIME_SCALE: String(TIME_SCALE),
    SCHEDULES_ENABLED: 'false',
  };
  // The api takes the 50 requests and their validation; the worker's uploads and writes run beside it, as deployed.
  const api = runBuilt(join(__dirname, 'scaled-rate-service.js'), { ...env, APP_ROLE: 'api' });
  const worker = runBuilt(join(__dirname, 'scaled-rate-service.js'), { ...env, APP_ROLE: 'worker' });
  const pool = new Pool({ connectionString: databaseUrl(databaseName), max: 2 });
  const redisUrl = new URL(REDIS_URL);
  const bulkQueue = new Queue(PRICING_BULK_JOB.queue, { connection: { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) }, prefix });
  try {
    await waitForHttp(`${emulatorUrl}/__emulator/faults`);
    await waitForHttp(`http://127.0.0.1:${port}/health/live`, 60_000);
    while ((await bulkQueue.getWorkers()).length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const seller = await emulatorJson<{ sellerId: string; token: string }>(`${emulatorUrl}/__emulator/sellers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: SEED, cards: ITEMS }),
    });
    const db = drizzle(pool, { schema });
    const { userId, accountId, nmIds } = await seed(db, seller.token);
    const headers = { authorization: `Bearer ${new JwtService({ secret: DEVELOPMENT_PLACEHOLDERS.JWT_ACCESS_SECRET }).sign({ sub: userId, role: 'seller' })}`, 'content-type': 'application/json' };
    const bodies = Array.from({ length: JOBS }, (_, job) => JSON.stringify({ mpAccountId: accountId, items: nmIds.map((nmID) => ({ nmID, price: 1000 + job })) }));

    const startedAt = Date.now();
    const answers = await Promise.all(bodies.map((body) => fetch(`http://127.0.0.1:${port}/pricing/bulk`, { method: 'POST', headers, body })));
    const submittedMs = Date.now() - startedAt;
    const ids = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { bulkJobId: string }).bulkJobId));
    const jobs = schema.priceBulkJobs;
    for (;;) {
      const [{ n }] = await db.select({ n: count() }).from(jobs).where(and(inArray(jobs.id, ids), inArray(jobs.status, ['completed', 'failed'])));
      if (n === JOBS) break;
      if (Date.now() - startedAt > 120_000) throw new Error(`only ${n} of ${JOBS} bulk jobs finished in 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [{ last }] = await db.select({ last: max(jobs.finishedAt) }).from(jobs).where(inArray(jobs.id, ids));
    const [{ accepted }] = await db.select({ accepted: count() }).from(schema.priceBulkChunks).where(and(inArray(schema.priceBulkChunks.bulkJobId, ids), eq(schema.priceBulkChunks.items, ITEMS)));
    const { calls } = await emulatorJson<{ calls: CallRecord[] }>(`${emulatorUrl}/__emulator/calls?sellerId=${seller.sellerId}&scope=prices`);
    calls.sort((a, b) => a.atMs - b.atMs);

    const totalMs = last!.getTime() - startedAt;
    const uploadSpanMs = calls[calls.length - 1].atMs - calls[0].atMs;
    const answered429 = calls.filter((call) => call.status === 429).length;
    const statuses = Object.fromEntries([...new Set(calls.map((call) => call.status))].map((status) => [status, calls.filter((call) => call.status === status).length]));
    const ratio = Math.round((totalMs / FLOOR_MS) * 1000) / 1000;
    const passed = ratio <= TARGET_RATIO && answered429 === 0 && calls.length === JOBS && accepted === JOBS && answers.every((answer) => answer.status === 202);
    const result = { jobs: JOBS, items: ITEMS, timeScale: TIME_SCALE, floorMs: FLOOR_MS, totalMs, submittedMs, uploadSpanMs, uploads: calls.length, statuses, acceptedChunks: accepted, answered429, ratio, target: { ratio: TARGET_RATIO, answered429: 0 }, passed };
    const file = writeResult('pricing', result);
    console.log(
      `pricing: ${JOBS} bulk jobs x ${ITEMS} items in ${totalMs} ms (submitted in ${submittedMs} ms, uploads spread over ${uploadSpanMs} ms), floor ${FLOOR_MS} ms, ` +
        `ratio ${ratio} (target <= ${TARGET_RATIO}), uploads ${calls.length} ${JSON.stringify(statuses)}, accepted ${accepted}, 429 ${answered429} -> ${passed ? 'PASS' : 'FAIL'} [${file}]`,
    );
    return passed;
  } finally {
    await bulkQueue.close();
    for (const process of [api, worker]) process.child.kill('SIGTERM');
    await Promise.all([api.exited, worker.exited]);
    emulator.child.kill('SIGTERM');
    await emulator.exited;
    await pool.end();
    const admin = new Client({ connectionString: DATABASE_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
}
