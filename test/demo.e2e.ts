import { randomBytes } from 'node:crypto';

import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { freePort, runPackageScript, waitForOutput } from './support/spawn-service';
import { deleteRedisPrefix } from './support/test-app';
import { databaseUrl, RUN_DATABASE_PREFIX, TEST_ADMIN_DATABASE_URL, TEST_REDIS_URL } from './support/test-env';

const database = `${RUN_DATABASE_PREFIX}demo_${randomBytes(4).toString('hex')}`;
const redisPrefix = `tdemo${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  const admin = new Client({ connectionString: TEST_ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
  await deleteRedisPrefix(redisPrefix);
});

/** Runs the built demo until it prints what to try, checks the account through the printed calls, stops it. */
async function runDemo(): Promise<{ accountId: string; output: string }> {
  const [port, emulatorPort] = [await freePort(), await freePort()];
  // As `npm run demo` runs it: no NODE_ENV, which the script's launcher turns into development.
  const demo = runPackageScript('demo', {
    PORT: String(port),
    EMULATOR_PORT: String(emulatorPort),
    DATABASE_URL: databaseUrl(database),
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
  });
  try {
    await waitForOutput(demo, /Ctrl-C stops/, 90_000);
    const output = demo.stdout();
    const base = `http://127.0.0.1:${port}`;
    expect(output).toContain(`API docs: ${base}/api/docs`);
    expect(output).toContain('Login: demo@example.com / Demo-pass-2026');
    expect(output.match(/^ {2}curl /gm)?.length).toBeGreaterThanOrEqual(3);
    const accountId = /Account "Демо-кабинет": ([0-9a-f-]{36})/.exec(output)![1];

    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'Demo-pass-2026' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    const accounts = (await (await fetch(`${base}/mp-accounts`, { headers: auth })).json()) as { items: { id: string }[] };
    expect(accounts.items.map((account) => account.id)).toEqual([accountId]);
    const check = await fetch(`${base}/mp-accounts/${accountId}/check`, { method: 'POST', headers: auth });
    expect(check.status).toBe(200);
    // The ads are set up: the campaigns synced, one with Auto on, the CPC strategy and a daily limit with action pause.
    const read = async (path: string) =>
      (await (await fetch(`${base}${path}`, { headers: auth })).json()) as { items: Record<string, unknown>[] };
    const campaigns = (await read(`/autobidder/campaigns?mpAccountId=${accountId}`)).items;
    expect(campaigns).toHaveLength(8);
    const auto = campaigns.filter((campaign) => campaign.auto);
    expect(auto).toEqual([expect.objectContaining({ status: 9, strategyId: expect.any(String), budgetLimitId: expect.any(String) })]);
    expect((await read(`/autobidder/strategies?mpAccountId=${accountId}`)).items).toEqual([
      expect.objectContaining({ id: auto[0].strategyId, goal: 'cpc', targetCpc: 500 }),
    ]);
    expect((await read(`/autobidder/budgets?mpAccountId=${accountId}`)).items).toEqual([
      expect.objectContaining({ id: auto[0].budgetLimitId, advertId: auto[0].advertId, dailyLimitRub: 3000, onLimitAction: 'pause' }),
    ]);
    expect(output).toContain(`${base}/autobidder/bid-log?mpAccountId=${accountId}`);
    return { accountId, output };
  } finally {
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
  }
}

describe('npm run demo', () => {
  it(
    'starts the emulator and the service, connects the demo account, prints what to try; a second run reuses the account with the new key',
    { timeout: 180_000 },
    async () => {
      const first = await runDemo();
      const second = await runDemo();
      expect(second.accountId).toBe(first.accountId);
    },
  );
});
