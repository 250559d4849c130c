import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { adBudgetLimits } from '../../src/database/schema/autobidder';
import { pause } from '../../src/marketplace/endpoints/advert';
import { insertSpend, markStatsFetched, moscowDay, sellerCampaigns, storeSyncedCampaign } from '../../test/support/ad-campaigns';
import { callsOf, emulatedAccount } from '../../test/support/marketplace';
import { signIn } from '../../test/support/web-sign-in';
import { choose, selectInput } from './support/mantine-select';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
// The statistics call's 1 per 20 s, scaled down so that a campaign sync need not wait for another account's.
webWorldForFile((started) => (world = started), { MP_API_RATE_WINDOW_PERCENT: '1' });

/**
 * A seller of four campaigns (the first three active) and the account of a new user, its first two campaigns stored as
 * synced with every bid at 8 ₽ (Auto off, as a sync leaves a new campaign).
 */
async function adAccount() {
  const account = await emulatedAccount(world.t, world.emulator, { cards: 20, campaigns: 4 });
  const [campaign, other] = sellerCampaigns(world.emulator, account);
  await storeSyncedCampaign(world.db, account.accountId, campaign, 800);
  await storeSyncedCampaign(world.db, account.accountId, other, 800);
  return { ...account, campaign, other };
}

type AdAccount = Awaited<ReturnType<typeof adAccount>>;

/** A new page signed in as the account's owner. */
async function signedIn(account: AdAccount) {
  const opened = await world.newPage();
  await signIn(opened.page, world.origin, account.owner.email, account.owner.password);
  return opened;
}

/** Creates the campaign's budget limit through the API. */
async function createLimit(account: AdAccount, limit: Record<string, unknown>): Promise<void> {
  const stored = await world.t.request({
    method: 'POST',
    url: '/autobidder/budgets',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId, advertId: account.campaign.id, ...limit },
  });
  expect(stored.statusCode, stored.body).toBe(201);
}

/** A Moscow day (YYYY-MM-DD) as the screen shows it. */
const shownDay = (day: string) => day.split('-').reverse().join('.');

describe('ads screen in a browser', () => {
  it('saves a strategy typed in roubles as kopecks, links a campaign to it, runs the bid engine and shows the bid log in roubles', async () => {
    const account = await adAccount();
    const { campaign, other } = account;
    const { context, page, consoleErrors } = await signedIn(account);
    await page.getByRole('link', { name: 'Реклама', exact: true }).click();
    expect(await rowText(page, 'Кампании', campaign.name)).toContain('активна');

    await page.getByRole('tab', { name: 'Стратегии' }).click();
    await page.getByRole('button', { name: 'Новая стратегия' }).click();
    await page.getByLabel('Название стратегии').fill('Клик 12,50');
    await page.getByLabel('Целевая цена клика, ₽').fill('12,50');
    await page.getByLabel('Минимальная ставка, ₽').fill('1');
    await page.getByLabel('Максимальная ставка, ₽').fill('50,5');
    await page.getByRole('button', { name: 'Создать стратегию' }).click();
    expect(await rowText(page, 'Стратегии', 'Клик 12,50')).toBe(
      'Клик 12,50Цена клика 12,50 ₽1 ₽ — 50,50 ₽Все без стратегиивключенаИзменитьУдалить',
    );
    const stored = await world.t.request({
      method: 'GET',
      url: `/autobidder/strategies?mpAccountId=${account.accountId}`,
      headers: account.owner.auth,
    });
    expect(stored.json().items).toEqual([expect.objectContaining({ goal: 'cpc', targetCpc: 1250, minBid: 100, maxBid: 5050 })]);

    await page.getByRole('tab', { name: 'Кампании' }).click();
    const auto = page.getByLabel(`Автоставки кампании ${campaign.name}`);
    // The switch's track lies over its input and takes the click, as a user's click would be taken.
    await auto.click({ force: true });
    await choose(page, `Стратегия кампании ${campaign.name}`, 'Клик 12,50', 'клик');
    await expect.poll(() => auto.isChecked()).toBe(true);
    const linked = async () =>
      (
        await world.t.request({
          method: 'GET',
          url: `/autobidder/campaigns?mpAccountId=${account.accountId}&advertId=${campaign.id}`,
          headers: account.owner.auth,
        })
      ).json().items[0].strategyName;
    await expect.poll(linked).toBe('Клик 12,50');
    await page.reload();
    await expect.poll(() => selectInput(page, `Стратегия кампании ${campaign.name}`).inputValue()).toBe('Клик 12,50');

    // No statistics: each bid goes to the target click price (spec: engine rule 4).
    await page.getByRole('tab', { name: 'Движок ставок' }).click();
    await page.getByRole('button', { name: 'Запустить сейчас' }).click();
    const bids = campaign.nms.length * (campaign.bidType === 'unified' ? 1 : 2);
    await page.getByText(`Изменено ставок: ${bids}, отклонено маркетплейсом: 0, без изменений: 0`).waitFor();
    const reason = 'Повышение к целевой цене клика 12,50 ₽ (границы 1 ₽ – 50,50 ₽)';
    const rowsOf = async (table: string) =>
      (await page.getByRole('table', { name: table, exact: true }).getByRole('row').allTextContents()).slice(1);
    const changed = await rowsOf('Изменённые ставки');
    expect(changed).toHaveLength(bids);
    for (const row of changed) expect(row.startsWith(campaign.name)).toBe(true);
    for (const row of changed) expect(row).toContain(`8 ₽12,50 ₽${reason}`);
    await expect.poll(async () => (await rowsOf('Журнал ставок')).length).toBe(bids);
    for (const row of await rowsOf('Журнал ставок')) expect(row).toContain(`${campaign.name}`);
    for (const row of await rowsOf('Журнал ставок')) expect(row).toContain(`8 ₽12,50 ₽${reason}`);

    // The other campaign has Auto off: its bids stay, and its log is empty.
    await choose(page, 'Кампания', `${other.name} (№ ${other.id})`, String(other.id));
    await page.getByText('Изменений ставок пока нет').waitFor();
    await choose(page, 'Кампания', `${campaign.name} (№ ${campaign.id})`, campaign.name);
    await expect.poll(async () => (await rowsOf('Журнал ставок')).length).toBe(bids);
    await page.screenshot({ path: join(SCREENSHOTS, 'ads.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a daily budget set on the campaign pauses it on the marketplace at the check; the next sync shows it paused', async () => {
    const account = await adAccount();
    const { campaign } = account;
    await insertSpend(world.db, account.accountId, campaign.id, campaign.nms[0].nmId, moscowDay(), 12_345);
    const { context, page, consoleErrors } = await signedIn(account);
    await page.getByRole('link', { name: 'Реклама', exact: true }).click();
    await page.getByLabel(`Дневной бюджет кампании ${campaign.name}, ₽`).fill('100');
    const save = page.getByRole('button', { name: `Сохранить бюджет кампании ${campaign.name}` });
    await save.click();
    // Saved and read back: the field holds the stored limit, with nothing left to save.
    await expect.poll(() => save.isDisabled()).toBe(true);

    await page.getByRole('tab', { name: 'Лимиты бюджета' }).click();
    // A limit never checked says that only «Проверить сейчас» checks it; after the check, a reload shows when it was.
    expect(await rowText(page, 'Лимиты бюджета', campaign.name)).toBe(
      `${campaign.name}100 ₽ в деньПриостановить кампаниюНе проверялся: проверка только по кнопке «Проверить сейчас»ИзменитьУдалить`,
    );
    await page.getByRole('button', { name: 'Проверить сейчас' }).click();
    await page.getByText('Проверено лимитов: 1, сработало: 1').waitFor();
    expect(await rowText(page, 'Лимиты бюджета', campaign.name)).toContain(
      'Достигнут дневной: расход 123,45 ₽ из 100 ₽. Кампания приостановлена на маркетплейсе',
    );
    await page.reload();
    await page.getByRole('tab', { name: 'Лимиты бюджета' }).click();
    expect(await rowText(page, 'Лимиты бюджета', campaign.name)).toMatch(/\d\d\.\d\d\.\d{4}, \d\d:\d\d: достигнут/);
    const paused = callsOf(world.emulator, account.sellerId, 'advert', pause.path);
    expect(paused.map((call) => [call.status, new URL(call.url, world.emulator.url).searchParams.get('id')])).toEqual([
      [200, String(campaign.id)],
    ]);

    await page.getByRole('tab', { name: 'Кампании' }).click();
    expect(await rowText(page, 'Кампании', campaign.name)).toContain('активна');
    await page.getByRole('button', { name: 'Загрузить кампании с маркетплейса' }).click();
    await page.getByText('Загрузка кампаний: Завершено').waitFor();
    expect(await rowText(page, 'Кампании', campaign.name)).toContain('на паузе');
    await page.screenshot({ path: join(SCREENSHOTS, 'ads-budgets.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('offers no save of a daily budget before the limits have loaded, then shows the stored limit, and an untouched save sends nothing', async () => {
    const account = await adAccount();
    const { campaign } = account;
    await createLimit(account, { dailyLimitRub: 500, onLimitAction: 'pause' });
    const { context, page, consoleErrors } = await signedIn(account);
    // The limits' answer is held until the test lets it go, as on a slow connection.
    let releaseLimits: () => void = () => {};
    const limitsHeld = new Promise<void>((resolve) => (releaseLimits = resolve));
    let limitsAsked = false;
    await page.route(
      (url) => url.pathname === '/autobidder/budgets',
      async (route) => {
        limitsAsked = true;
        await limitsHeld;
        await route.continue();
      },
    );
    const changes: string[] = [];
    page.on('request', (request) => request.method() !== 'GET' && changes.push(`${request.method()} ${new URL(request.url()).pathname}`));

    await page.getByRole('link', { name: 'Реклама', exact: true }).click();
    const budget = page.getByLabel(`Дневной бюджет кампании ${campaign.name}, ₽`);
    const save = page.getByRole('button', { name: `Сохранить бюджет кампании ${campaign.name}` });
    const offersSave = async () => (await save.count()) > 0 && (await save.isEnabled());
    expect(await rowText(page, 'Кампании', campaign.name)).toContain('активна');
    await expect.poll(() => limitsAsked).toBe(true);
    expect(await offersSave()).toBe(false);
    expect(await budget.isEditable()).toBe(false);

    releaseLimits();
    await expect.poll(() => budget.inputValue()).toBe('500');
    expect(await budget.isEditable()).toBe(true);
    expect(await offersSave()).toBe(false);
    await budget.press('Enter');
    await budget.fill('700');
    expect(await offersSave()).toBe(true);
    await budget.fill('500');
    expect(await offersSave()).toBe(false);
    await budget.press('Enter');

    const limits = await world.t.request({
      method: 'GET',
      url: `/autobidder/budgets?mpAccountId=${account.accountId}`,
      headers: account.owner.auth,
    });
    expect(limits.json().items).toEqual([expect.objectContaining({ advertId: campaign.id, dailyLimitRub: 500 })]);
    expect(changes).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('tells what a reduce_bids limit did at each check (lowered, then at the minimum) and warns of period spend counted without some days', async () => {
    const account = await adAccount();
    const { campaign } = account;
    // The marketplace's minimum is half the stored 8 ₽: the first check lowers every bid to it, the second finds them there.
    for (const nm of campaign.nms) nm.minBids = { combined: 400, search: 400, recommendation: 400 };
    await insertSpend(world.db, account.accountId, campaign.id, campaign.nms[0].nmId, moscowDay(), 12_345);
    // Today's statistics are kept, the three days before are not.
    await markStatsFetched(world.db, account.accountId, campaign.id, moscowDay(), moscowDay());
    await createLimit(account, {
      dailyLimitRub: 100,
      periodLimitRub: 100_000,
      periodStartDate: moscowDay(3),
      onLimitAction: 'reduce_bids',
    });
    const { context, page, consoleErrors } = await signedIn(account);
    await page.getByRole('link', { name: 'Реклама', exact: true }).click();
    await page.getByRole('tab', { name: 'Лимиты бюджета' }).click();

    await page.getByRole('button', { name: 'Проверить сейчас' }).click();
    await page.getByText('Проверено лимитов: 1, сработало: 1. Расход посчитан не за все дни у лимитов: 1').waitFor();
    const period = `${shownDay(moscowDay(3))}–${shownDay(moscowDay(1))}`;
    expect(await rowText(page, 'Лимиты бюджета', campaign.name)).toContain(
      'Достигнут дневной: расход 123,45 ₽ из 100 ₽. Ставки снижены вдвое, но не ниже минимальных ставок маркетплейса' +
        'Не достигнут за период: расход 123,45 ₽ из 100 000 ₽' +
        `Расход посчитан без статистики за ${period}: лимит может быть уже достигнут`,
    );
    expect(campaign.nms.flatMap((nm) => [nm.bids.search, nm.bids.recommendations]).every((bid) => bid === 400)).toBe(true);

    await page.getByRole('button', { name: 'Проверить сейчас' }).click();
    await expect
      .poll(() => rowText(page, 'Лимиты бюджета', campaign.name))
      .toContain('Достигнут дневной: расход 123,45 ₽ из 100 ₽. Ставки уже на минимуме: снижать некуда');
    await page.screenshot({ path: join(SCREENSHOTS, 'ads-budget-check.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("edits the daily budget of a campaign whose limit is beyond the account's first 100 limits", async () => {
    const account = await adAccount();
    const { campaign } = account;
    // 101 older limits of campaigns not synced: the campaign's own limit is the 102nd of the account's list.
    const older = new Date(Date.now() - 60_000);
    await world.db.insert(adBudgetLimits).values(
      Array.from({ length: 101 }, (_, index) => ({
        mpAccountId: account.accountId,
        advertId: 990_000_000 + index,
        dailyLimitRub: 1000,
        onLimitAction: 'pause' as const,
        createdAt: older,
        updatedAt: older,
      })),
    );
    await createLimit(account, { dailyLimitRub: 500, onLimitAction: 'pause' });
    const { context, page, consoleErrors } = await signedIn(account);
    await page.getByRole('link', { name: 'Реклама', exact: true }).click();

    const budget = page.getByLabel(`Дневной бюджет кампании ${campaign.name}, ₽`);
    const save = page.getByRole('button', { name: `Сохранить бюджет кампании ${campaign.name}` });
    await expect.poll(() => budget.inputValue()).toBe('500');
    expect(await budget.isEditable()).toBe(true);
    await budget.fill('700');
    await save.click();
    await expect.poll(() => save.isDisabled()).toBe(true);
    const limits = await world.t.request({
      method: 'GET',
      url: `/autobidder/budgets?mpAccountId=${account.accountId}&advertId=${campaign.id}`,
      headers: account.owner.auth,
    });
    expect(limits.json().items).toEqual([expect.objectContaining({ advertId: campaign.id, dailyLimitRub: 700 })]);
    expect(await budget.inputValue()).toBe('700');

    // The limits tab lists the 102 limits in pages; the campaign's is on the last.
    await page.getByRole('tab', { name: 'Лимиты бюджета' }).click();
    await page.getByLabel('Страницы лимитов').getByRole('button', { name: 'Страница 6' }).click();
    expect(await rowText(page, 'Лимиты бюджета', campaign.name)).toContain(`${campaign.name}700 ₽ в день`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
