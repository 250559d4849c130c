import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startEmulator } from '../emulator/src/emulator';
import { serviceLlmEnv } from '../emulator/src/llm-script';
import { demoAccounting, demoAccountingLines } from './demo/accounting';
import { demoContent, demoContentLines } from './demo/content';
import { demoCosts, demoCostsLines } from './demo/costs';
import { call, expectStatus, jobEnded } from './demo/http';
import { demoPulse, demoPulseLines } from './demo/pulse';
import { demoStock, demoStockLines } from './demo/stock';

/**
 * npm run demo: first the web app's address, the sign-in and this run's service log; then the marketplace emulator with
 * one generated seller, the service pointed at it (its AI provider too), a demo user with an account holding the
 * seller's key, a reply template and scenario, and what to try; then, once the orders and the report are in, stock and
 * supply (demo/stock.ts), accounting (demo/accounting.ts) and the pulse (demo/pulse.ts); meanwhile the content studio
 * (demo/content.ts): a knowledge-base article, a card's texts written and published, an A/B test. Runs until Ctrl-C. PORT (3000)
 * and EMULATOR_PORT (3900) move them; MP_API_RATE_WINDOW_PERCENT (100) shortens the service's and the emulator's rate
 * windows alike.
 */
const DEMO_USER = { email: 'demo@example.com', password: 'Demo-pass-2026', displayName: 'Демо-продавец' };
const DEMO_ACCOUNT = 'Демо-кабинет';
const DEMO_SELLER = {
  name: 'Демо-продавец',
  seed: 2026,
  cards: 3000,
  ordersPerDay: 60,
  orderDays: 30,
  feedbacks: 300,
  questions: 80,
  campaigns: 8,
  // The realisation reports carry logistics, storage, acceptance, penalties and the like, as the marketplace's do.
  reportCosts: true,
};

async function waitUntilLive(base: string, service: { exited: boolean }, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (service.exited) throw new Error(`the service stopped while starting; see ${logFile}`);
    const live = await fetch(`${base}/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (live) return;
    if (Date.now() > deadline) throw new Error(`the service did not answer within 2 minutes; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The demo user's access token: logged in, or registered first on the first run (the database outlives the demo). */
async function demoUserToken(base: string): Promise<string> {
  const credentials = { email: DEMO_USER.email, password: DEMO_USER.password };
  let login = await call(base, 'POST', '/auth/login', undefined, credentials);
  if (login.status === 401) {
    expectStatus(await call(base, 'POST', '/auth/register', undefined, DEMO_USER), 201, 'register the demo user');
    login = await call(base, 'POST', '/auth/login', undefined, credentials);
  }
  return expectStatus(login, 200, 'log in').body.accessToken as string;
}

/** The demo account with this run's key: the emulator makes a new seller token on every start. */
async function demoAccount(base: string, token: string, apiKey: string): Promise<string> {
  const existing = expectStatus(await call(base, 'GET', '/mp-accounts?limit=100', token), 200, 'list accounts').body.items as {
    id: string;
    name: string;
  }[];
  const found = existing.find((account) => account.name === DEMO_ACCOUNT);
  if (found) {
    expectStatus(await call(base, 'PATCH', `/mp-accounts/${found.id}`, token, { apiKey, isActive: true }), 200, 'update the demo key');
    return found.id;
  }
  return expectStatus(await call(base, 'POST', '/mp-accounts', token, { name: DEMO_ACCOUNT, apiKey }), 201, 'connect the demo account').body
    .id as string;
}

/** The demo seller's orders, sales and returns, and its realisation report of the same days, imported on start. */
async function startDemoImports(base: string, token: string, mpAccountId: string) {
  const today = new Date().toISOString().slice(0, 10);
  const dateFrom = new Date(Date.now() - DEMO_SELLER.orderDays * 86_400_000).toISOString().slice(0, 10);
  const feeds = await call(base, 'POST', '/digitization/import', token, { mpAccountId, dateFrom });
  const report = await call(base, 'POST', '/digitization/financial-report/import', token, { mpAccountId, dateFrom, dateTo: today });
  return {
    feedsJobId: expectStatus(feeds, 202, 'import orders and sales').body.jobId as string,
    reportJobId: expectStatus(report, 202, 'import the realisation report').body.jobId as string,
    reportPeriod: `${dateFrom} — ${today}`,
  };
}

const DEMO_TEMPLATE = {
  name: 'Демо: благодарность',
  type: 'both',
  text: 'Здравствуйте! Спасибо, что выбрали «{{ productName }}» от {{ brand }}. Нам важно ваше мнение, будем рады видеть вас снова.',
};

/**
 * The demo reply template and a manual scenario over it for feedbacks and questions, rewritten by the emulator's AI
 * (made on the first run), so that «Подготовить ответ» in the inbox prepares a reply at once.
 */
async function demoReplies(base: string, token: string, mpAccountId: string): Promise<{ templateId: string; scenarioId: string }> {
  const templates = expectStatus(
    await call(base, 'GET', `/autoreply/templates?mpAccountId=${mpAccountId}&limit=100`, token),
    200,
    'list reply templates',
  ).body.items as { id: string; name: string }[];
  const templateId =
    templates.find((template) => template.name === DEMO_TEMPLATE.name)?.id ??
    (expectStatus(
      await call(base, 'POST', '/autoreply/templates', token, { mpAccountId, ...DEMO_TEMPLATE }),
      201,
      'create the reply template',
    ).body.id as string);
  const scenarios = expectStatus(
    await call(base, 'GET', `/autoreply/scenarios?mpAccountId=${mpAccountId}&limit=100`, token),
    200,
    'list reply scenarios',
  ).body.items as { id: string; templateId: string }[];
  const scenario = { mpAccountId, kind: 'both', replyMode: 'manual', templateId, useLlm: true };
  const scenarioId =
    scenarios.find((existing) => existing.templateId === templateId)?.id ??
    (expectStatus(await call(base, 'POST', '/autoreply/scenarios', token, scenario), 201, 'create the reply scenario').body.id as string);
  return { templateId, scenarioId };
}

/** The demo seller's feedbacks and questions in the inbox, before the imports take the account's marketplace jobs for minutes. */
async function syncDemoInbox(base: string, token: string, mpAccountId: string): Promise<void> {
  const { jobId } = expectStatus(await call(base, 'POST', '/autoreply/sync', token, { mpAccountId }), 202, 'sync the inbox').body;
  await jobEnded(base, token, `/autoreply/sync/status/${jobId}`, 'inbox sync', 90_000);
}

const DEMO_STRATEGY = { name: 'Демо: цена клика 5 ₽', goal: 'cpc', targetCpc: 500, minBid: 150, maxBid: 2000 };
const DEMO_DAILY_BUDGET_RUB = 3000;

/**
 * The demo seller's ad campaigns synced (started before the imports, which hold the account's marketplace jobs for
 * minutes), then on its first active campaign Auto on, the demo CPC strategy (made on the first run) and a daily budget limit.
 */
async function demoAds(base: string, token: string, mpAccountId: string): Promise<{ advertId: number; strategyId: string }> {
  const { jobId } = expectStatus(await call(base, 'POST', '/autobidder/sync', token, { mpAccountId }), 202, 'sync the campaigns').body;
  // The campaigns come first; their statistics follow at the marketplace's 1 call per 20 s.
  let active: { advertId: number }[] = [];
  for (const deadline = Date.now() + 60_000; active.length === 0;) {
    const status = expectStatus(await call(base, 'GET', `/autobidder/sync/status/${jobId}`, token), 200, 'read the campaign sync').body;
    if (status.state === 'failed' || Date.now() > deadline) throw new Error(`campaign sync: ${JSON.stringify(status)}`);
    const listed = await call(base, 'GET', `/autobidder/campaigns?mpAccountId=${mpAccountId}&status=9`, token);
    active = expectStatus(listed, 200, 'list campaigns').body.items as { advertId: number }[];
    if (active.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const strategies = expectStatus(
    await call(base, 'GET', `/autobidder/strategies?mpAccountId=${mpAccountId}&limit=100`, token),
    200,
    'list strategies',
  ).body.items as { id: string; name: string }[];
  const strategyId =
    strategies.find((strategy) => strategy.name === DEMO_STRATEGY.name)?.id ??
    (expectStatus(await call(base, 'POST', '/autobidder/strategies', token, { mpAccountId, ...DEMO_STRATEGY }), 201, 'create the strategy')
      .body.id as string);
  const { advertId } = active[0];
  const settings = { mpAccountId, auto: true, strategyId, dailyBudget: DEMO_DAILY_BUDGET_RUB };
  expectStatus(await call(base, 'PATCH', `/autobidder/campaigns/${advertId}`, token, settings), 200, 'set up the campaign');
  return { advertId, strategyId };
}

/** This run's service log: a file of its own, named by the start time and the process. */
function serviceLogFile(): string {
  return join(tmpdir(), `seller-operations-demo-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.log`);
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const base = `http://127.0.0.1:${port}`;
  const logFile = serviceLogFile();
  // What a newcomer needs comes first: where to go, how to sign in, where the service writes.
  process.stdout.write(
    [
      `Web app: ${base}/app`,
      `Sign in: ${DEMO_USER.email} / ${DEMO_USER.password}`,
      `Service log: ${logFile}`,
      'Starting the marketplace emulator and the service...',
      '',
    ].join('\n'),
  );
  // The service's outbound windows (MP_API_RATE_WINDOW_PERCENT, passed on to it) and the emulator's limits stay alike.
  const rateWindowPercent = Number(process.env.MP_API_RATE_WINDOW_PERCENT ?? 100);
  const emulator = await startEmulator({ port: Number(process.env.EMULATOR_PORT ?? 3900), limitTimeScale: rateWindowPercent / 100 });
  const { seller, token } = emulator.context.sellers.create(DEMO_SELLER);
  const llm = serviceLlmEnv(emulator.url);

  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [join(__dirname, '..', 'src', 'main.js')], {
    // Logging in a few times by hand with the printed lines must not run into the inbound auth limit (5 per 15 min);
    // published card texts are checked 5 s after the send, not 35 minutes.
    env: {
      THROTTLE_AUTH_LIMIT: '100',
      CONTENT_VERIFY_DELAY_MS: '5000',
      ...process.env,
      PORT: String(port),
      MP_API_BASE_URL: emulator.url,
      ...llm,
      APP_ROLE: 'all',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const service = { exited: false, failed: false, stopping: false };
  child.on('exit', (code) => {
    service.exited = true;
    void emulator.close().then(() => process.exit(service.failed ? 1 : (code ?? 0)));
  });
  const stop = () => {
    service.stopping = true;
    child.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  try {
    await waitUntilLive(base, service, logFile);
    const accessToken = await demoUserToken(base);
    const accountId = await demoAccount(base, accessToken, token.token);
    expectStatus(await call(base, 'POST', `/mp-accounts/${accountId}/check`, accessToken), 200, 'check the demo key');
    const replies = await demoReplies(base, accessToken, accountId);
    await syncDemoInbox(base, accessToken, accountId);
    const ads = await demoAds(base, accessToken, accountId);
    const imports = await startDemoImports(base, accessToken, accountId);
    const costs = await demoCosts(base, accessToken, accountId);
    process.stdout.write(
      [
        '',
        `Seller Operations API demo: ${base} (service log: ${logFile})`,
        `Web app: ${base}/app, sign in as ${DEMO_USER.email} / ${DEMO_USER.password}`,
        `Marketplace emulator: ${emulator.url} with seller "${seller.name}": ${DEMO_SELLER.cards} cards, ${DEMO_SELLER.orderDays} days of orders, feedbacks, questions and ${DEMO_SELLER.campaigns} campaigns`,
        `AI provider: the emulator's rewrites at ${llm.LLM_BASE_URL}`,
        `API docs: ${base}/api/docs`,
        `Account "${DEMO_ACCOUNT}": ${accountId}, key checked against the emulator`,
        `Replies: the inbox holds the seller's feedbacks and questions; «Подготовить ответ» prepares one from the template "${DEMO_TEMPLATE.name}" ` +
          `(${replies.templateId}) through the scenario ${replies.scenarioId} (feedbacks and questions, sent by hand, rewritten by the AI)`,
        '',
        'Try:',
        `  TOKEN=$(curl -s -X POST ${base}/auth/login -H 'content-type: application/json' -d '{"email":"${DEMO_USER.email}","password":"${DEMO_USER.password}"}' | sed -E 's/.*"accessToken":"([^"]+)".*/\\1/')`,
        `  curl -s ${base}/mp-accounts -H "Authorization: Bearer $TOKEN"`,
        `  curl -s -X POST ${base}/mp-accounts/${accountId}/check -H "Authorization: Bearer $TOKEN"`,
        `  curl -s ${base}/mp-accounts/${accountId}/quota -H "Authorization: Bearer $TOKEN"`,
        '',
        `Imports started (orders, sales and returns of ${DEMO_SELLER.orderDays} days; the realisation report ${imports.reportPeriod}); at the marketplace's pace of one page a minute they take a few minutes:`,
        `  curl -s ${base}/digitization/import/status/${imports.feedsJobId} -H "Authorization: Bearer $TOKEN"`,
        `  curl -s ${base}/digitization/import/status/${imports.reportJobId} -H "Authorization: Bearer $TOKEN"`,
        `  curl -s "${base}/digitization/orders?mpAccountId=${accountId}" -H "Authorization: Bearer $TOKEN"`,
        `  curl -s "${base}/digitization/sales?mpAccountId=${accountId}&kind=return" -H "Authorization: Bearer $TOKEN"`,
        `  curl -s "${base}/digitization/financial-report?mpAccountId=${accountId}" -H "Authorization: Bearer $TOKEN"`,
        `  curl -s "${base}/notifications" -H "Authorization: Bearer $TOKEN"`,
        '',
        `Ads: the campaigns are synced (again every 5 minutes); campaign ${ads.advertId} has Auto on, the CPC strategy ${ads.strategyId} ` +
          `(target ${DEMO_STRATEGY.targetCpc} kopecks a click, bids ${DEMO_STRATEGY.minBid}-${DEMO_STRATEGY.maxBid} kopecks) and a daily limit of ${DEMO_DAILY_BUDGET_RUB} roubles (action pause). ` +
          'The engine also runs by itself every minute; run it now and read the bid log (bids in kopecks):',
        `  curl -s "${base}/autobidder/campaigns?mpAccountId=${accountId}&auto=true" -H "Authorization: Bearer $TOKEN"`,
        `  curl -s -X POST ${base}/autobidder/run -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' -d '{"mpAccountId":"${accountId}"}'`,
        `  curl -s "${base}/autobidder/bid-log?mpAccountId=${accountId}" -H "Authorization: Bearer $TOKEN"`,
        `  curl -s -X POST ${base}/autobidder/budgets/check -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' -d '{"mpAccountId":"${accountId}"}'`,
        `  curl -s "${base}/autobidder/summary?mpAccountId=${accountId}&period=7d" -H "Authorization: Bearer $TOKEN"`,
        '',
        ...demoCostsLines(base, accountId, costs),
        'Ctrl-C stops the service and the emulator.',
        '',
      ].join('\n'),
    );
    process.stdout.write(
      `The content studio follows; stock and supply, accounting and the pulse once the orders and the report are imported...\n\n`,
    );
    const print = (lines: string[]) => process.stdout.write(`${lines.join('\n')}\n`);
    await Promise.all([
      demoContent(base, accessToken, accountId, costs.nmIds, ads.advertId).then((content) =>
        print(demoContentLines(base, accountId, content)),
      ),
      demoStock(base, accessToken, accountId, imports.feedsJobId, seller.acceptance).then((stock) =>
        print(demoStockLines(base, accountId, stock)),
      ),
      demoAccounting(base, accessToken, accountId, imports.reportJobId).then((accounting) =>
        print(demoAccountingLines(base, accountId, accounting)),
      ),
      demoPulse(base, accessToken, accountId, costs.nmIds, imports.feedsJobId).then((pulse) =>
        print(demoPulseLines(base, accountId, pulse)),
      ),
    ]);
  } catch (error) {
    // Stopped by Ctrl-C while the stock part waited: the calls failing as the service ends are no failure.
    if (service.stopping) return;
    process.stderr.write(`Demo failed: ${(error as Error).message} (service log: ${logFile})\n`);
    service.failed = true;
    if (service.exited) process.exit(1);
    stop();
  }
}

void main();
