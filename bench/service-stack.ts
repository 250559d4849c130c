import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import { JwtService } from '@nestjs/jwt';
import { drizzle } from 'drizzle-orm/node-postgres';
import Redis from 'ioredis';
import { Client, Pool } from 'pg';

import { serviceLlmEnv } from '../emulator/src/llm-script';
import { KeyRing } from '../src/common/crypto/key-ring';
import { loadConfig } from '../src/config/app-config';
import { DEVELOPMENT_PLACEHOLDERS } from '../src/config/env-definitions';
import * as schema from '../src/database/schema';
import { insertProducts, sellerNmIds } from '../test/support/pricing-catalog';
import { freePort, runBuilt, RunningProcess, waitForHttp } from '../test/support/spawn-service';

const DATABASE_ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The built service beside this built file (dist/bench → dist/src/main.js). */
export const SERVICE_MAIN = join(__dirname, '..', 'src', 'main.js');
/** The built emulator (dist/emulator/main.js). */
export const EMULATOR_MAIN = join(__dirname, '..', 'emulator', 'main.js');

export type BenchDatabase = ReturnType<typeof drizzle<typeof schema>>;

/** A marketplace call as the emulator's call log lists it. */
export interface EmulatorCall {
  atMs: number;
  status: number;
  path: string;
}

/** The built emulator and the built service (api and worker as separate processes) on a fresh database and prefix. */
export interface ServiceStack {
  emulatorUrl: string;
  apiUrl: string;
  prefix: string;
  api: RunningProcess;
  worker: RunningProcess;
  db: BenchDatabase;
  close(): Promise<void>;
}

/** A seller of the service owning an account with an emulator seller's key and its first `cards` cards in the catalog. */
export interface SeededAccount {
  sellerId: string;
  /** The emulator seller's key, as the account holds it. */
  marketplaceKey: string;
  accountId: string;
  nmIds: number[];
  /** Bearer token of the owner and the JSON content type. */
  headers: Record<string, string>;
}

/** The bench server's address of one database. */
export function databaseUrl(name: string): string {
  const url = new URL(DATABASE_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  return (await (await fetch(url, init)).json()) as T;
}

/** Removes a benchmark's database and its Redis keys. */
export async function dropBenchData(databaseName: string, redisPrefix: string): Promise<void> {
  const admin = new Client({ connectionString: DATABASE_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await admin.end();
  const redis = new Redis(BENCH_REDIS_URL);
  const keys = await redis.keys(`${redisPrefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

/**
 * Starts the stack with every rate window scaled by `timeScale` on both sides (MP_API_RATE_WINDOW_PERCENT and the
 * emulator's own limits), migrations applied by the api, no job schedulers and no inbound limiter; `serviceEnv` goes
 * over the service's settings.
 */
export async function startServiceStack(
  name: string,
  timeScale: number,
  emulatorEnv: Record<string, string> = {},
  serviceEnv: Record<string, string> = {},
): Promise<ServiceStack> {
  const emulatorPort = await freePort();
  const emulator = runBuilt(
    EMULATOR_MAIN,
    { EMULATOR_PORT: String(emulatorPort), EMULATOR_LIMIT_TIME_SCALE: String(timeScale), ...emulatorEnv },
    [],
    true,
  );
  const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
  const databaseName = `soa_bench_${name}_${randomUUID().slice(0, 8)}`;
  const prefix = `bench${name}${randomUUID().slice(0, 8)}`;
  const port = await freePort();
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl(databaseName),
    REDIS_URL: BENCH_REDIS_URL,
    REDIS_PREFIX: prefix,
    PORT: String(port),
    MP_API_BASE_URL: emulatorUrl,
    LOG_LEVEL: 'silent',
    THROTTLE_ENABLED: 'false',
    MP_API_RATE_WINDOW_PERCENT: String(timeScale * 100),
    SCHEDULES_ENABLED: 'false',
    ...serviceLlmEnv(emulatorUrl),
    ...serviceEnv,
  };
  const api = runBuilt(SERVICE_MAIN, { ...env, APP_ROLE: 'api' });
  const worker = runBuilt(SERVICE_MAIN, { ...env, APP_ROLE: 'worker' });
  const pool = new Pool({ connectionString: databaseUrl(databaseName), max: 2 });
  const close = async () => {
    for (const process of [api, worker]) process.child.kill('SIGTERM');
    await Promise.all([api.exited, worker.exited]);
    emulator.child.kill('SIGTERM');
    await emulator.exited;
    await pool.end();
    await dropBenchData(databaseName, prefix);
  };
  try {
    await waitForHttp(`${emulatorUrl}/__emulator/faults`);
    await waitForHttp(`http://127.0.0.1:${port}/health/live`, 60_000);
  } catch (error) {
    await close();
    throw new Error(`the stack did not start: ${(error as Error).message}\napi: ${api.stderr()}\nworker: ${worker.stderr()}`, {
      cause: error,
    });
  }
  return { emulatorUrl, apiUrl: `http://127.0.0.1:${port}`, prefix, api, worker, db: drizzle(pool, { schema }), close };
}

/** Writes an account's catalog of these nmIds (the emulator seller's first cards). */
export type CatalogInsert = (db: BenchDatabase, accountId: string, nmIds: number[]) => Promise<void>;

/**
 * An emulator seller of `cards` cards (from a fixed seed, with the `extra` generator settings such as feedbacks) and the
 * service's account of a new seller holding its key, its catalog written by `insertCatalog` (by default products
 * without sizes, one price for all).
 */
export async function seedAccount(
  stack: ServiceStack,
  seed: number,
  cards: number,
  extra: Record<string, number> = {},
  insertCatalog: CatalogInsert = insertProducts,
): Promise<SeededAccount> {
  const seller = await fetchJson<{ sellerId: string; token: string }>(`${stack.emulatorUrl}/__emulator/sellers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...extra, seed, cards }),
  });
  const [user] = await stack.db
    .insert(schema.users)
    .values({ email: `bench-${randomUUID()}@example.com`, displayName: 'Bench', passwordHash: 'x' })
    .returning({ id: schema.users.id });
  const accountId = randomUUID();
  const config = loadConfig({ NODE_ENV: 'development' });
  const sealed = new KeyRing(config.encryption.keys, config.encryption.activeKeyId).seal(seller.token, accountId);
  await stack.db.insert(schema.mpAccounts).values({
    id: accountId,
    ownerId: user.id,
    name: 'Bench',
    keyId: sealed.keyId,
    keyNonce: sealed.nonce,
    keyCiphertext: sealed.ciphertext,
    keyTag: sealed.tag,
    keyLast4: seller.token.slice(-4),
  });
  const nmIds = sellerNmIds(100_000_000 + (seed % 900) * 1_000_000, cards);
  await insertCatalog(stack.db, accountId, nmIds);
  const token = new JwtService({ secret: DEVELOPMENT_PLACEHOLDERS.JWT_ACCESS_SECRET }).sign({ sub: user.id, role: 'seller' });
  return {
    sellerId: seller.sellerId,
    marketplaceKey: seller.token,
    accountId,
    nmIds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  };
}

/** The emulator's calls of a seller in one scope, in time order. */
export async function emulatorCalls(stack: ServiceStack, sellerId: string, scope: string): Promise<EmulatorCall[]> {
  const { calls } = await fetchJson<{ calls: EmulatorCall[] }>(`${stack.emulatorUrl}/__emulator/calls?sellerId=${sellerId}&scope=${scope}`);
  return calls.sort((a, b) => a.atMs - b.atMs);
}

/** Calls counted by answer status, e.g. {"200": 100}. */
export function statusCounts(calls: EmulatorCall[]): Record<number, number> {
  return Object.fromEntries(
    [...new Set(calls.map((call) => call.status))].map((status) => [status, calls.filter((call) => call.status === status).length]),
  );
}
