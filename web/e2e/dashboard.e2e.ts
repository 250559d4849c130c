import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../../src/database/database.tokens';
import {
  adBudgetLimits,
  adBudgetTriggers,
  adProductStats,
  complaints,
  mpOrders,
  mpSales,
  notifications,
  priceBulkChunks,
  priceBulkJobs,
  priceHistory,
  replyDrafts,
} from '../../src/database/schema';
import { feedRow } from '../../test/support/digitization';
import { connectedSince } from '../../test/support/identity';
import { insertInboxItem } from '../../test/support/inbox-items';
import { emulatedAccount } from '../../test/support/marketplace';
import { PricedAccount, pricedAccount } from '../../test/support/pricing-accounts';
import { signIn } from '../../test/support/web-sign-in';
import { canvasTexts, recordCanvasTexts } from './support/canvas-texts';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

const DAY_MS = 86_400_000;
/** Noon UTC of the day `days` days ago: inside the current 7-day window for 0 to 6, the previous one for 7 to 13. */
const daysAgo = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - days * DAY_MS + DAY_MS / 2);
const dayOf = (days: number) => daysAgo(days).toISOString().slice(0, 10);

/**
 * The account's figures as imports, syncs and runs leave them: price changes (3 in the current 7 days, 2 ten days ago),
 * 4 orders and 2 sales, 8 250.50 ₽ of ad spend for 70 clicks and a triggered budget limit, a feedback answered, a reply
 * that failed to publish, a complaint ready to submit, an import that did not finish, and a bulk price change with a
 * rejected upload.
 */
async function seedFigures(db: Database, account: PricedAccount): Promise<void> {
  const mpAccountId = account.accountId;
  await db.insert(priceHistory).values(
    [0, 0, 0, 10, 10].map((days, index) => ({
      mpAccountId,
      nmId: account.nmIds[index % account.nmIds.length],
      oldPrice: 1000,
      newPrice: 900,
      source: 'manual' as const,
      createdAt: new Date(Date.now() - days * DAY_MS),
    })),
  );
  await db
    .insert(mpOrders)
    .values([0, 1, 1, 2].map((days, index) => ({ ...feedRow(mpAccountId, `o${index}`, daysAgo(days), 111, '500.00'), isCancel: false })));
  await db.insert(mpSales).values(
    [1, 2].map((days, index) => ({
      ...feedRow(mpAccountId, `s${index}`, daysAgo(days), 111, '500.00'),
      saleId: `S${index}`,
      kind: 'sale' as const,
      paymentSaleAmount: 0,
      forPay: '450.00',
    })),
  );
  await db.insert(adProductStats).values([
    { mpAccountId, advertId: 1, nmId: 111, day: dayOf(0), views: 1000, clicks: 50, spendKopecks: 25_050, orders: 1, orderedKopecks: 0 },
    { mpAccountId, advertId: 1, nmId: 111, day: dayOf(3), views: 500, clicks: 20, spendKopecks: 800_000, orders: 0, orderedKopecks: 0 },
  ]);
  const [limit] = await db
    .insert(adBudgetLimits)
    .values({ mpAccountId, advertId: 1, dailyLimitRub: 100, onLimitAction: 'pause' })
    .returning({ id: adBudgetLimits.id });
  await db.insert(adBudgetTriggers).values({
    mpAccountId,
    budgetId: limit.id,
    advertId: 1,
    limitType: 'daily',
    limitRub: 100,
    spendKopecks: 25_050,
    action: 'pause',
    applied: true,
    createdAt: daysAgo(1),
  });
  await insertInboxItem(db, mpAccountId, { createdAt: daysAgo(1), answerText: 'Спасибо!', answeredAt: daysAgo(0) });
  const failedReply = await insertInboxItem(db, mpAccountId, { createdAt: daysAgo(2), rating: 4 });
  await db.insert(replyDrafts).values({
    mpAccountId,
    inboxItemId: failedReply,
    status: 'error',
    text: 'Спасибо за отзыв',
    source: 'template',
    templateText: 'Спасибо за отзыв',
  });
  const complained = await insertInboxItem(db, mpAccountId, { createdAt: daysAgo(2), rating: 1 });
  // Ready to submit: pending (a draft would not be counted).
  await db
    .insert(complaints)
    .values({ mpAccountId, inboxItemId: complained, reason: 'spam', text: 'Отзыв не о товаре', status: 'pending' });
  await db.insert(notifications).values({
    userId: account.ownerId,
    type: 'import.failed',
    title: 'Импорт не завершён',
    body: 'Маркетплейс недоступен',
    payload: { jobId: '1', mpAccountId },
  });
  const [bulk] = await db
    .insert(priceBulkJobs)
    .values({ mpAccountId, ownerId: account.ownerId, kind: 'price', status: 'completed', items: [{ nmID: account.nmIds[0], price: 1 }] })
    .returning({ id: priceBulkJobs.id });
  await db.insert(priceBulkChunks).values({ bulkJobId: bulk.id, index: 0, items: 1, errorText: 'Invalid price' });
}

describe('the summary screen in a browser', () => {
  it("shows every module's cards with deltas, the charts of the window's days and what needs attention, for 7 and 30 days", async () => {
    const account = await pricedAccount(world.t, world.emulator, 3);
    // Connected 20 days ago: the previous 7 days are whole, the previous 30 not (their deltas are null).
    await connectedSince(world.t, account.accountId, daysAgo(20));
    await seedFigures(world.t.app.get<Database>(DATABASE), account);
    const { context, page, consoleErrors } = await world.newPage();
    await recordCanvasTexts(page);
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/summary'))
        requested.push(`${url.pathname} ${url.searchParams.get('period')} ${url.searchParams.get('series')}`);
    });
    await signIn(page, world.origin, account.owner.email, account.owner.password);
    const card = async (name: string) => (await page.getByRole('group', { name, exact: true }).textContent())!.replace(/\u202f/g, ' ');

    await page.getByRole('group', { name: 'Изменения цен и скидок' }).getByText('↑ +50 %').waitFor();
    expect(await card('Изменения цен и скидок')).toBe('Изменения цен и скидок3↑ +50 %');
    expect(await card('Запуски репрайсера')).toBe('Запуски репрайсера0 нет данных для сравнения');
    expect(await card('Заказы')).toBe('Заказы4 нет данных для сравнения');
    expect(await card('Сумма продаж')).toBe('Сумма продаж1 000 ₽ нет данных для сравнения');
    expect(await card('Расход на рекламу')).toBe('Расход на рекламу8 251 ₽ нет данных для сравнения');
    expect(await card('Клики')).toBe('Клики70 нет данных для сравнения');
    expect(await card('Отзывы и вопросы')).toBe('Отзывы и вопросы3 нет данных для сравнения');
    expect(await card('Отвеченные')).toBe('Отвеченные1 нет данных для сравнения');
    for (const chart of [
      'Заказы и продажи по дням за 7 дней: заказов 4, продаж 2',
      'Изменения цен по дням за 7 дней: всего 3',
      'Расход на рекламу и клики по дням за 7 дней: расход 8\u202f251 ₽, кликов 70',
      'Ответы по дням за 7 дней: всего 1',
    ]) {
      await page.getByRole('img', { name: chart }).waitFor();
    }
    expect(await page.locator('[role="img"] canvas').count()).toBe(4);
    const axisNumbers = async () => (await canvasTexts(page)).filter((text) => /^[\d\s]+$/.test(text));
    await expect.poll(axisNumbers).toContain('8\u202f000');
    expect((await axisNumbers()).filter((text) => /\d{4}/.test(text))).toEqual([]);

    const attention = page.getByRole('region', { name: 'Требует внимания' });
    for (const [label, href] of [
      ['Ответы, не опубликованные из-за ошибки: 1', '/app/inbox'],
      ['Жалобы, готовые к подаче: 1', '/app/complaints'],
      ['Срабатывания лимитов бюджета за период: 1', '/app/ads'],
      ['Импорты, которые не завершились: 1', '/app/imports'],
      ['Пакетные изменения цен с отклонёнными загрузками: 1', '/app/prices'],
    ]) {
      expect(await attention.getByRole('link', { name: label }).getAttribute('href')).toBe(href);
    }

    await page.getByText('30 дней').click();
    await page.getByRole('group', { name: 'Изменения цен и скидок' }).getByText('нет данных для сравнения').waitFor();
    expect(await card('Изменения цен и скидок')).toBe('Изменения цен и скидок5 нет данных для сравнения');
    await page.getByRole('img', { name: 'Изменения цен по дням за 30 дней: всего 5' }).waitFor();
    await page.getByRole('img', { name: 'Заказы и продажи по дням за 30 дней: заказов 4, продаж 2' }).waitFor();
    const routes = ['/digitization/summary', '/pricing/summary', '/repricer/summary', '/autobidder/summary', '/autoreply/summary'];
    expect(requested.sort()).toEqual(routes.flatMap((route) => [`${route} 30d daily`, `${route} 7d daily`]).sort());
    await page.getByText('7 дней').click();
    await page.getByRole('group', { name: 'Изменения цен и скидок' }).getByText('↑ +50 %').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'dashboard.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a window with nothing in it says so under each chart instead of drawing empty axes', async () => {
    const account = await emulatedAccount(world.t, world.emulator, { cards: 1 });
    const { context, page, consoleErrors } = await world.newPage();
    await signIn(page, world.origin, account.owner.email, account.owner.password);
    for (const [chart, why] of [
      ['Заказы и продажи по дням', 'Нет заказов и продаж за период'],
      ['Изменения цен по дням', 'Нет изменений цен за период'],
      ['Расход на рекламу и клики по дням', 'Нет расхода на рекламу и кликов за период'],
      ['Ответы по дням', 'Нет ответов на отзывы и вопросы за период'],
    ]) {
      await page.getByRole('region', { name: chart }).getByText(why).waitFor();
    }
    expect(await page.locator('[role="img"] canvas').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
