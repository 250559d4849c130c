import { afterAll, beforeAll, expect } from 'vitest';

import type { CallRecord } from '../../emulator/src/call-log';
import { RunningEmulator, startEmulator } from '../../emulator/src/emulator';
import type { FaultInput } from '../../emulator/src/faults';
import { serviceLlmEnv } from '../../emulator/src/llm-script';
import type { SellerInput } from '../../emulator/src/sellers';
import { DATABASE, Database } from '../../src/database/database.tokens';
import { MarketplaceCallError } from '../../src/marketplace/client/marketplace-errors';
import { createAccount, createUser, TestUser } from './identity';
import { startTestApp, TestApp, TestAppOptions } from './test-app';

export { startEmulator };
export type { RunningEmulator };

/** A generated emulator seller and a service account holding its token. */
export interface EmulatedAccount {
  accountId: string;
  sellerId: string;
  token: string;
  /** The account's owner, who may use every route of the account. */
  owner: TestUser;
}

/** An emulator seller, and an account of a new user in the service whose key is that seller's token. */
export async function emulatedAccount(
  t: TestApp,
  emulator: RunningEmulator,
  seller: SellerInput = { cards: 20 },
): Promise<EmulatedAccount> {
  const { seller: created, token } = emulator.context.sellers.create(seller);
  const owner = await createUser(t);
  const accountId = await createAccount(t, owner.id, 'Кабинет эмулятора', token.token);
  return { accountId, sellerId: created.id, token: token.token, owner };
}

/** The error a marketplace call ends with; the call must fail with a MarketplaceCallError. */
export async function callFailure(promise: Promise<unknown>): Promise<MarketplaceCallError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MarketplaceCallError);
  return error as MarketplaceCallError;
}

export function injectFaults(emulator: RunningEmulator, rules: FaultInput[]): void {
  emulator.context.faults.add(rules);
}

/** The calls the emulator received for a seller, optionally of one scope and path. */
export function callsOf(emulator: RunningEmulator, sellerId: string, scope?: string, path?: string): CallRecord[] {
  return emulator.context.calls.list({ sellerId, scope, path });
}

/** A test file's emulator (limits off) and the service (api and worker) pointed at it, for the marketplace and the AI. */
export interface EmulatedService {
  emulator: RunningEmulator;
  t: TestApp;
  db: Database;
}

/** The service's settings of a test file, or how to make them once the file's earlier `beforeAll` hooks have run. */
export type ServiceEnv = Record<string, string> | (() => Record<string, string>);

/**
 * Starts the file's emulator and service (with `env` over its settings) before its tests, hands them to `assign`, and
 * closes both after.
 */
export function emulatedServiceForFile(
  assign: (service: EmulatedService) => void,
  env: ServiceEnv = {},
  appOptions: Pick<TestAppOptions, 'webRoot'> = {},
): void {
  let service: EmulatedService | undefined;
  beforeAll(async () => {
    const emulator = await startEmulator({ port: 0, limits: false });
    const t = await startTestApp({
      env: { APP_ROLE: 'all', MP_API_BASE_URL: emulator.url, ...serviceLlmEnv(emulator.url), ...(typeof env === 'function' ? env() : env) },
      ...appOptions,
    });
    service = { emulator, t, db: t.app.get<Database>(DATABASE) };
    assign(service);
  });
  afterAll(async () => {
    await service?.t.close();
    await service?.emulator.close();
  });
}

/**
 * The client spaces the uploads of one bucket by 612 ms (10 per 6 s and 2 % spare), so 11 sends span 6.12 s. The
 * emulator stamps arrivals, which carry this machine's scheduling delays (a loaded 2-core machine delays a request by
 * 100 ms and more): the window is counted this much shorter, which 11 sends still cannot fit in unless the client
 * spaces them closer than 570 ms.
 */
export const ARRIVAL_JITTER_MS = 300;

/** The most calls whose arrival falls in any window of `windowMs` less the arrival jitter (a window starting at each call). */
export function busiestWindow(calls: CallRecord[], windowMs: number): number {
  const times = calls.map((call) => call.atMs).sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; start < times.length; start += 1) {
    while (end < times.length && times[end] < times[start] + windowMs - ARRIVAL_JITTER_MS) end += 1;
    most = Math.max(most, end - start);
  }
  return most;
}
