import { join } from 'node:path';

import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { mpOrders } from '../../src/database/schema/digitization';
import { supplierOrders } from '../../src/marketplace/endpoints/statistics';
import { QueueService } from '../../src/queue/queue.service';
import { day } from '../../src/shared/format';
import { IMPORT_ENV, importAccount, importStatus } from '../../test/support/digitization';
import { injectFaults } from '../../test/support/marketplace';
import { signIn } from '../../test/support/web-sign-in';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started), IMPORT_ENV);

/** Seconds the scripted rate rejection asks to wait: over the 5 s after which an import job pauses (spec: Job level). */
const RETRY_AFTER_SECONDS = 8;
const DAY_MS = 86_400_000;
const REPORT_SHORTENED = 'Отчёт о реализации есть только с 29.01.2024: начало периода перенесено на 29.01.2024';
const moscowDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY_MS).toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });

/** A new tab signed in as the owner on the imports screen, recording console errors. */
async function importsPage(email: string, password: string) {
  const { context, page } = await world.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await signIn(page, world.origin, email, password);
  await page.getByRole('link', { name: 'Импорт', exact: true }).click();
  await page.getByRole('heading', { name: 'Импорт', exact: true }).waitFor();
  return { context, page, consoleErrors };
}

const progress = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

describe('imports screen in a browser', () => {
  it('a 30-day import of orders and sales pauses on a rate rejection with a countdown, then finishes with totals and a notification', async () => {
    const account = await importAccount(world.t, world.emulator);
    injectFaults(world.emulator, [
      {
        scope: 'statistics',
        path: supplierOrders.path,
        status: 429,
        headers: { 'X-Ratelimit-Retry': String(RETRY_AFTER_SECONDS) },
        // With a body of its own the emulator sends only these headers, not its default one-second Retry.
        body: { title: 'too many requests' },
        times: 1,
      },
    ]);
    const { context, page, consoleErrors } = await importsPage(account.owner.email, account.owner.password);
    await page.getByText('30 дней', { exact: true }).click();
    await page.getByRole('button', { name: 'Импортировать заказы и продажи' }).click();

    const feeds = progress(page, 'Импорт заказов и продаж');
    await feeds.getByText('Пауза: лимит запросов маркетплейса').waitFor();
    await feeds.getByText(/^Лимит запросов маркетплейса: продолжим в \d\d:\d\d:\d\d \(МСК\)$/).waitFor();
    const countdown = Number((await feeds.getByText(/^Продолжим через 0:0\d$/).textContent())!.slice(-1));
    expect(countdown).toBeGreaterThan(0);
    expect(countdown).toBeLessThanOrEqual(RETRY_AFTER_SECONDS);
    expect(await feeds.getByText(/^Попытка \d из 5$/).count()).toBe(1);

    await feeds.getByText('Импорт заказов и продаж: Завершено').waitFor({ timeout: 30_000 });
    const [{ orders }] = await world.db.select({ orders: count() }).from(mpOrders).where(eq(mpOrders.mpAccountId, account.accountId));
    const totals = page.getByRole('table', { name: 'Итоги импорта' });
    expect(await totals.getByRole('row').allTextContents()).toEqual([
      'ДанныеНовыхИзмененоБез изменений',
      `Заказы${orders}00`,
      expect.stringMatching(/^Продажи и возвраты\d+00$/),
    ]);
    const [{ jobId }] = (await world.t.request({ method: 'GET', url: '/notifications', headers: account.owner.auth }))
      .json()
      .items.map((notice: { payload: { jobId: string } }) => notice.payload);
    const status = await importStatus(world.t, account.owner.auth, jobId);
    expect(status.progress.attempt).toBe(1);
    const job = await world.t.app.get(QueueService).queue('digitization').getJob(jobId);
    expect(job!.data).toMatchObject({ mpAccountId: account.accountId, dateFrom: moscowDay(-30) });
    expect(await feeds.textContent()).toContain(status.progress.message);

    await page.getByRole('button', { name: 'Уведомления: непрочитанных 1' }).click();
    await page.getByRole('dialog').getByText(status.progress.message).waitFor();

    await page.keyboard.press('Escape');
    const ordersTable = page.getByRole('table', { name: 'Заказы', exact: true });
    await page.getByText(`Найдено: ${orders}`).waitFor();
    expect(await ordersTable.getByRole('row').count()).toBe(21);
    const day = moscowDay(-2);
    const [{ ofDay }] = await world.db
      .select({ ofDay: count() })
      .from(mpOrders)
      .where(
        and(
          eq(mpOrders.mpAccountId, account.accountId),
          gte(mpOrders.date, new Date(`${day}T00:00:00+03:00`)),
          lt(mpOrders.date, new Date(Date.parse(`${day}T00:00:00+03:00`) + DAY_MS)),
        ),
      );
    await page.getByLabel('Заказы: с').fill(day);
    await page.getByLabel('Заказы: по').fill(day);
    await page.getByText(`Найдено: ${ofDay}`).waitFor();
    const dates = await ordersTable.locator('tbody tr td:first-child').allTextContents();
    expect(new Set(dates)).toEqual(new Set([day.split('-').reverse().join('.')]));
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);

  it('a report import from 2023-12-01 is shortened to 2024-01-29 with the message; the report of recent weeks shows by week', async () => {
    const account = await importAccount(world.t, world.emulator);
    const { context, page, consoleErrors } = await importsPage(account.owner.email, account.owner.password);
    await page.getByLabel('Период отчёта: с').fill('2023-12-01');
    await page.getByLabel('Период отчёта: по').fill('2024-02-29');
    await page.getByRole('button', { name: 'Импортировать отчёт' }).click();
    await page.getByText(REPORT_SHORTENED).waitFor();
    expect(await page.getByLabel('Период отчёта: с').inputValue()).toBe('2024-01-29');
    const report = progress(page, 'Импорт отчёта о реализации');
    await report.getByText('Импорт отчёта о реализации: Завершено').waitFor({ timeout: 30_000 });
    await report.getByText('Отчёт о реализации сохранён без строк реализации: за период их нет').waitFor();
    await page.getByText('Период отчёта: 29.01.2024 — 29.02.2024', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Уведомления: непрочитанных 1' }).click();
    const notice = page.getByRole('dialog');
    await notice.getByText('Период отчёта: 29.01.2024 — 29.02.2024', { exact: true }).waitFor();
    expect(await notice.getByText(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/).count()).toBe(1);
    await page.keyboard.press('Escape');

    await page.getByLabel('Период отчёта: с').fill(moscowDay(-20));
    await page.getByLabel('Период отчёта: по').fill(moscowDay(0));
    await page.getByRole('button', { name: 'Импортировать отчёт' }).click();
    await page.getByText(REPORT_SHORTENED).waitFor({ state: 'detached' });
    await page.getByText(`Период отчёта: ${day(moscowDay(-20))} — ${day(moscowDay(0))}`, { exact: true }).waitFor({ timeout: 30_000 });
    await report.getByText('Отчёт о реализации сохранён. Строки: новых', { exact: false }).waitFor();

    await page.getByRole('tab', { name: 'Отчёт о реализации' }).click();
    const weeks = page.getByRole('table', { name: 'Финансовый отчёт по неделям' });
    await weeks.waitFor();
    const rows = await weeks.getByRole('row').allTextContents();
    expect(rows[0]).toBe('НеделяВыручкаКомиссияЛогистикаХранениеШтрафыУдержанияК перечислениюСтрок');
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.at(-1)).toMatch(/^Итого/);
    await page.getByRole('table', { name: 'Строки отчёта о реализации' }).waitFor();
    // The totals and the rows count different rows: the screen says which each holds.
    await page.getByText(/^Итоги — по отчётам, начатым в периоде \d\d\.\d\d\.\d{4} — \d\d\.\d\d\.\d{4}/).waitFor();
    await page.getByText('Строки ниже — по дате операции в периоде, из любых отчётов').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'imports.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);
});
