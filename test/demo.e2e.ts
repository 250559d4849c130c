import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';

import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { freePort, RunningProcess, runPackageScript, waitForOutput } from './support/spawn-service';
import { deleteRedisPrefix } from './support/test-app';
import { databaseUrl, RUN_DATABASE_PREFIX, TEST_ADMIN_DATABASE_URL, TEST_REDIS_URL } from './support/test-env';

const database = `${RUN_DATABASE_PREFIX}demo_${randomBytes(4).toString('hex')}`;
const redisPrefix = `tdemo${randomBytes(4).toString('hex')}`;
const DEMO_RATE_WINDOW_PERCENT = '1';

afterAll(async () => {
  const admin = new Client({ connectionString: TEST_ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
  await deleteRedisPrefix(redisPrefix);
});

/**
 * Runs the built demo until it prints what to try, checks the account through the printed calls (and, with
 * `stock`, waits for its stock and supply part and checks it), stops it.
 */
async function runDemo(stock = false): Promise<{
  accountId: string;
  output: string;
  logFile: string;
  replies: { templateId: string; scenarioId: string };
  content: { articleId: string; abTestId: string };
}> {
  const [port, emulatorPort] = [await freePort(), await freePort()];
  // As `npm run demo` runs it: no NODE_ENV, which the script's launcher turns into development.
  const demo = runPackageScript('demo', {
    PORT: String(port),
    EMULATOR_PORT: String(emulatorPort),
    DATABASE_URL: databaseUrl(database),
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    // The marketplace's windows at 1 % on both sides: the imports, syncs and pulse reach the same states in seconds.
    MP_API_RATE_WINDOW_PERCENT: DEMO_RATE_WINDOW_PERCENT,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    // Where to go and how to sign in come first, before the service has started.
    await waitForOutput(demo, /Starting the marketplace emulator/);
    const [webApp, signIn, logLine] = demo.stdout().split('\n');
    expect(webApp).toBe(`Web app: ${base}/app`);
    expect(signIn).toBe('Sign in: demo@example.com / Demo-pass-2026');
    const logFile = /^Service log: (\S+)$/.exec(logLine)![1];
    expect(logFile).toMatch(/seller-operations-demo-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-\d+\.log$/);

    await waitForOutput(demo, /Ctrl-C stops/, 150_000);
    const output = demo.stdout();
    expect(output).toContain(`API docs: ${base}/api/docs`);
    expect(output).toContain(`Web app: ${base}/app, sign in as demo@example.com / Demo-pass-2026`);
    // The service writes its log lines into this run's file.
    expect(readFileSync(logFile, 'utf8')).toMatch(/"msg":"[^"]*"/);
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

    // Cost prices: the printed card's history holds the demo's price, and the catalog shows it on the priced cards.
    const costs = /^Cost prices: (\d+) cards at 45 % of their discounted price from (\d{4}-\d\d-\d\d)/m.exec(output)!;
    const costNmId = Number(/catalog\/products\/(\d+)\/costs/.exec(output)![1]);
    const history = (await (
      await fetch(`${base}/catalog/products/${costNmId}/costs?mpAccountId=${accountId}`, { headers: auth })
    ).json()) as {
      items: { validFrom: string }[];
      costPrice: number;
    };
    expect(history.items.map((item) => item.validFrom)).toEqual([costs[2]]);
    expect(history.costPrice).toBeGreaterThan(0);
    const priced = (await read(`/catalog/products?mpAccountId=${accountId}&sort=name&limit=100`)).items;
    expect(priced.filter((product) => product.costPrice !== null)).toHaveLength(Number(costs[1]));

    // «Подготовить ответ»: the inbox holds the seller's feedbacks, and a reply is prepared from the demo template and scenario.
    const templates = (await read(`/autoreply/templates?mpAccountId=${accountId}`)).items;
    expect(templates).toEqual([expect.objectContaining({ name: 'Демо: благодарность', type: 'both' })]);
    const scenarios = (await read(`/autoreply/scenarios?mpAccountId=${accountId}`)).items;
    expect(scenarios).toEqual([
      expect.objectContaining({ templateId: templates[0].id, kind: 'both', replyMode: 'manual', useLlm: true, isActive: true }),
    ]);
    expect(output).toContain(`template "Демо: благодарность" (${templates[0].id}) through the scenario ${scenarios[0].id}`);
    const waiting = (await read(`/autoreply/inbox?mpAccountId=${accountId}&kind=feedback&label=waiting`)).items;
    expect(waiting.length).toBeGreaterThan(0);
    const prepared = await fetch(`${base}/autoreply/generate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ mpAccountId: accountId, feedbackId: waiting[0].feedbackId }),
    });
    expect(prepared.status, await prepared.clone().text()).toBe(200);
    expect(await prepared.json()).toMatchObject({
      status: 'draft',
      source: 'ai',
      scenarioId: scenarios[0].id,
      templateId: templates[0].id,
    });
    const content = await expectDemoContent(demo, base, auth, accountId);
    if (stock) await Promise.all([expectDemoStock(demo, base, auth, accountId), expectDemoMoney(demo, base, auth, accountId)]);
    return {
      accountId,
      output,
      logFile,
      replies: { templateId: templates[0].id as string, scenarioId: scenarios[0].id as string },
      content,
    };
  } finally {
    demo.child.kill('SIGTERM');
    const code = await demo.exited;
    expect(code, code === 0 ? '' : demoFailure(demo)).toBe(0);
  }
}

/** Why the demo did not end cleanly: its own output and the end of its service log. */
function demoFailure(demo: RunningProcess): string {
  const logFile = /^Service log: (\S+)$/m.exec(demo.stdout())?.[1];
  const log = logFile ? readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n') : '';
  return `${demo.stderr()}\n${log}`;
}

/**
 * The content studio: the printed article published and found by search, the card's texts written and published, the A/B test of two uploaded images started, its images at their public addresses.
 */
async function expectDemoContent(
  demo: RunningProcess,
  base: string,
  auth: Record<string, string>,
  accountId: string,
): Promise<{ articleId: string; abTestId: string }> {
  await waitForOutput(demo, /^Content studio:/m, 150_000);
  const output = demo.stdout();
  const [, articleId, nmId] = /the knowledge-base article "[^"]+" \(([0-9a-f-]{36})\) about card (\d+)/.exec(output)!;
  const draftId = /draft ([0-9a-f-]{36}) \(score \d+ → \d+\), approved: published/.exec(output)![1];
  const [, abTestId, abTestNmId] = /A\/B test ([0-9a-f-]{36}) of card (\d+)'s main photo/.exec(output)!;
  const read = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, { ...init, headers: { ...auth, ...init.headers } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as Record<string, any>;
  };
  expect(await read(`/knowledge-base/articles/${articleId}?mpAccountId=${accountId}`)).toMatchObject({
    status: 'published',
    nmIds: [Number(nmId)],
  });
  const found = await read('/knowledge-base/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mpAccountId: accountId, q: 'стирка и состав' }),
  });
  expect(found.items).toContainEqual(expect.objectContaining({ sourceType: 'article', sourceId: articleId }));
  const draft = await read(`/content/drafts/${draftId}`);
  expect(draft).toMatchObject({ nmId: Number(nmId), status: 'published' });
  const test = await read(`/ab-tests/${abTestId}`);
  expect(test).toMatchObject({ nmId: Number(abTestNmId), onFinish: 'apply_winner' });
  expect(['scheduled', 'running']).toContain(test.state);
  expect(test.variants).toHaveLength(2);
  for (const url of /its images at (\S+) and (\S+)\.$/m.exec(output)?.slice(1) ?? []) {
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  }
  return { articleId, abTestId };
}

/**
 * Once the orders are in: the stock synced, a plan with lines, and the booking task matched at the cell the demo
 * opened, told to the demo user.
 */
async function expectDemoStock(demo: RunningProcess, base: string, auth: Record<string, string>, accountId: string): Promise<void> {
  await waitForOutput(demo, /^Stock and supply: synced/m, 300_000);
  const output = demo.stdout();
  const planId = /a replenishment plan ([0-9a-f-]{36}) for Коледино of (\d+) lines/.exec(output)![1];
  const taskId = /a booking task ([0-9a-f-]{36})/.exec(output)![1];
  const read = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: auth });
    expect(response.status, path).toBe(200);
    return (await response.json()) as Record<string, any>;
  };
  const summary = await read(`/inventory/summary?mpAccountId=${accountId}`);
  expect(summary.units).toBeGreaterThan(0);
  expect(summary.lastSnapshotAt).not.toBeNull();
  const plan = await read(`/inventory/plans/${planId}?mpAccountId=${accountId}`);
  expect(plan.lines.length).toBeGreaterThan(0);
  const task = await read(`/booking/tasks/${taskId}`);
  expect(task).toMatchObject({ status: 'matched', planId, warehouseIds: [507] });
  // The task carries the plan's lines: their barcodes and units.
  const planned = new Map(plan.lines.map((line: { barcode: string; quantity: number }) => [line.barcode, line.quantity]));
  expect(task.barcodes.length).toBeGreaterThan(0);
  for (const { barcode, quantity } of task.barcodes) expect(planned.get(barcode)).toBe(quantity);
  const matches = (await read(`/booking/tasks/${taskId}/matches`)).items;
  expect(matches).toEqual([expect.objectContaining({ warehouseId: 507, boxTypeId: 2, coefficient: 0, goneAt: null })]);
  const told = (await read('/notifications?limit=100')).items.filter((item: { type: string }) => item.type === 'booking.slot');
  expect(told).toHaveLength(1);
}

/**
 * Once the report is in: its weekly reports reconciled from the rows the import stored, and a P&L by card that counts
 * the demo's cost prices; the pulse list refreshed, its matrix of the list's cards.
 */
async function expectDemoMoney(demo: RunningProcess, base: string, auth: Record<string, string>, accountId: string): Promise<void> {
  await waitForOutput(demo, /^Accounting: synced/m, 300_000);
  await waitForOutput(demo, /^Pulse: the list/m, 300_000);
  const output = demo.stdout();
  const read = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: auth });
    expect(response.status, path).toBe(200);
    return (await response.json()) as Record<string, any>;
  };
  const reports = (await read(`/accounting/reports?mpAccountId=${accountId}&limit=100`)).items as {
    state: string;
    dateFrom: string;
    dateTo: string;
  }[];
  expect(reports.length).toBeGreaterThan(0);
  expect(reports.map((report) => report.state)).toEqual(reports.map(() => 'reconciled'));
  const period = `dateFrom=${reports.at(-1)!.dateFrom}&dateTo=${reports[0].dateTo}`;
  const pnl = await read(`/accounting/reports/pnl?mpAccountId=${accountId}&${period}&groupBy=nm`);
  expect(pnl.totals.revenue).toBeGreaterThan(0);
  expect(pnl.totals.cogs).toBeGreaterThan(0);
  // The printed matrix of the list: its cards, each with its plan.
  const cards = Number(/^Pulse: the list "[^"]+" \([0-9a-f-]{36}\) of (\d+) cards/m.exec(output)![1]);
  const matrixPath = /curl -s "[^"]+(\/rnp\/analytics\?[^"]+)"/.exec(output)![1];
  const matrix = await read(matrixPath);
  expect(matrix.items).toHaveLength(cards);
  expect(matrix.items.every((item: { plan: { planOrdersPerDay: number } | null }) => item.plan?.planOrdersPerDay === 3)).toBe(true);
}

describe('npm run demo', () => {
  it(
    'prints the web app and the sign-in first, starts the emulator and the service, connects the demo account with a reply template and scenario, prints what to try, the content studio with an article, published card texts and an A/B test; a second run reuses them with the new key and logs to a new file',
    { timeout: 600_000 },
    async () => {
      const first = await runDemo(true);
      const second = await runDemo();
      expect(second.accountId).toBe(first.accountId);
      expect(second.replies).toEqual(first.replies);
      // The article and the A/B test, still going, are kept.
      expect(second.content).toEqual(first.content);
      expect(second.logFile).not.toBe(first.logFile);
      rmSync(first.logFile);
      rmSync(second.logFile);
    },
  );
});
