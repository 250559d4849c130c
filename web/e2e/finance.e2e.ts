import { join } from 'node:path';

import { and, eq, isNotNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { accountingReports, ledgerTransactions } from '../../src/database/schema';
import { emulatedAccount } from '../../test/support/marketplace';
import { insertProducts } from '../../test/support/pricing-catalog';
import { signIn } from '../../test/support/web-sign-in';
import { daysBefore, moscowToday } from '../src/ui/moscow-days';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

/** Above 2^53: the screen must show the report id's digits exactly. */
const MISMATCHED_ID = '9007199254740993';
const RECONCILED_ID = '41000001';

const TOTALS = {
  retail: '1500.00',
  forPay: '1200.00',
  logistics: '100.00',
  storage: '20.00',
  acceptance: '0',
  deduction: '0',
  penalty: '0',
};

/** Two weekly reports of the account as the sync leaves them: one reconciled with its ledger rows, one whose retail and payment differ. */
async function insertReports(accountId: string): Promise<void> {
  const report = { mpAccountId: accountId, kind: 'weekly' as const, listItem: {}, additionalPayment: '0', ...TOTALS };
  await world.db.insert(accountingReports).values([
    {
      ...report,
      reportId: BigInt(RECONCILED_ID),
      dateFrom: '2026-11-16',
      dateTo: '2026-11-22',
      createDate: '2026-11-23',
      bankPayment: '1080.00',
      state: 'reconciled',
      rowsCount: 4,
      detailedAt: new Date(),
    },
    {
      ...report,
      reportId: BigInt(MISMATCHED_ID),
      dateFrom: '2026-11-23',
      dateTo: '2026-11-29',
      createDate: '2026-11-30',
      retail: '1500.50',
      bankPayment: '1080.50',
      state: 'mismatch',
      rowsCount: 4,
      differences: [
        { field: 'retail', reportTotal: '1500.50', rowsTotal: '1500.00' },
        { field: 'bankPayment', reportTotal: '1080.50', rowsTotal: '1080.00' },
      ],
      unmappedOperations: ['Доплата за хранение'],
      detailedAt: new Date(),
    },
  ]);
  const row = { mpAccountId: accountId, source: 'mp_report' as const, reportId: RECONCILED_ID, date: '2026-11-18' };
  await world.db.insert(ledgerTransactions).values([
    { ...row, type: 'sale', amount: '1500.00', nmId: 501, quantity: 1, rrdId: '1' },
    { ...row, type: 'commission', amount: '-300.00', nmId: 501, rrdId: '1' },
    { ...row, type: 'logistics', amount: '-100.00', nmId: 501, rrdId: '2' },
    { ...row, type: 'storage', amount: '-20.00', rrdId: '3' },
  ]);
}

async function openFinance(page: Page, tab: string): Promise<void> {
  await page.getByRole('link', { name: 'Финансы', exact: true }).click();
  await page.getByRole('heading', { name: 'Финансы' }).waitFor();
  await page.getByRole('tab', { name: tab }).click();
}

describe('the finance screen in a browser', () => {
  it('lists a reconciled and a mismatched report with its differences, and opens a report with its P&L lines and cards', async () => {
    const { owner, accountId } = await emulatedAccount(world.t, world.emulator, { cards: 1 });
    await insertReports(accountId);
    const { context, page, consoleErrors } = await world.newPage();
    await signIn(page, world.origin, owner.email, owner.password);
    await openFinance(page, 'Отчёты о реализации');

    expect(await rowText(page, 'Отчёты о реализации', `№ ${RECONCILED_ID}`)).toMatch(
      /^16\.11\.2026 — 22\.11\.2026№ 41000001Еженедельный1 500 ₽1 200 ₽1 080 ₽4Сверен/,
    );
    expect(await rowText(page, 'Отчёты о реализации', `№ ${MISMATCHED_ID}`)).toContain(
      '1 500,50 ₽1 200 ₽1 080,50 ₽4Расхождение2 итога не сходятся',
    );
    const differences = `Расхождения отчёта ${MISMATCHED_ID}`;
    expect(await rowText(page, differences, 'Продажи')).toBe('Продажи1 500,50 ₽1 500 ₽0,50 ₽');
    expect(await rowText(page, differences, 'Итого к оплате')).toBe('Итого к оплате1 080,50 ₽1 080 ₽0,50 ₽');
    await page.getByText('Операции без вида в журнале (учтены как «Прочее»): Доплата за хранение').waitFor();
    await expect(page.getByRole('table', { name: `Расхождения отчёта ${RECONCILED_ID}` }).count()).resolves.toBe(0);

    await page.screenshot({ path: join(SCREENSHOTS, 'finance-reports.png'), fullPage: true });

    await page.getByRole('button', { name: `Открыть отчёт ${RECONCILED_ID}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Отчёт № 41000001: 16.11.2026 — 22.11.2026').waitFor();
    expect(await rowText(page, 'Строки P&L отчёта', 'Продажи')).toBe('Продажи1 500 ₽');
    expect(await rowText(page, 'Строки P&L отчёта', 'Комиссия')).toBe('Комиссия−300 ₽');
    expect(await rowText(page, 'Строки P&L отчёта', 'Хранение')).toBe('Хранение−20 ₽');
    expect(await rowText(page, 'Отчёт по товарам', '501')).toBe('50111 100 ₽Продажи 1 500 ₽ · Комиссия −300 ₽ · Логистика −100 ₽');
    expect(await rowText(page, 'Отчёт по товарам', 'Без товара')).toBe('Без товара—−20 ₽Хранение −20 ₽');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('adds, changes and deletes a manual operation; the marketplace’s operations have no such controls', async () => {
    const { owner, accountId } = await emulatedAccount(world.t, world.emulator, { cards: 1 });
    await world.db.insert(ledgerTransactions).values({
      mpAccountId: accountId,
      source: 'mp_report',
      reportId: RECONCILED_ID,
      date: '2026-11-18',
      type: 'logistics',
      amount: '-73.40',
      nmId: 777,
      rrdId: '9',
    });
    const { context, page, consoleErrors } = await world.newPage();
    await signIn(page, world.origin, owner.email, owner.password);
    await openFinance(page, 'Операции');
    expect(await rowText(page, 'Операции', 'Логистика')).toBe(`18.11.2026Логистика−73,40 ₽Отчёт о реализации777№ ${RECONCILED_ID}—`);

    await page.getByRole('button', { name: 'Новая операция' }).click();
    await page.getByLabel('День').fill('2026-12-01');
    await page.getByLabel('Сумма, ₽').fill('-350,5');
    await page.getByLabel('Вид операции').selectOption({ label: 'Упаковка' });
    await page.getByLabel('Комментарий').fill('Коробки');
    await page.getByRole('button', { name: 'Добавить операцию' }).click();
    const created = await rowText(page, 'Операции', 'Коробки');
    expect(created).toMatch(/^01\.12\.2026Упаковка−350,50 ₽Вручную——КоробкиИзменитьУдалить$/);
    await page.getByText('Операций: 2').waitFor();
    await expect(
      page.getByRole('table', { name: 'Операции' }).getByRole('row').filter({ hasText: 'Логистика' }).getByRole('button').count(),
    ).resolves.toBe(0);

    await page.getByRole('button', { name: 'Изменить операцию Коробки' }).click();
    await expect(page.getByLabel('Сумма, ₽').inputValue()).resolves.toBe('-350,50');
    await page.getByLabel('Сумма, ₽').fill('-400');
    await page.getByLabel('nmID товара').fill('777');
    await page.getByRole('button', { name: 'Сохранить операцию' }).click();
    await page.getByRole('table', { name: 'Операции' }).getByRole('row').filter({ hasText: '−400 ₽' }).waitFor();
    expect(await rowText(page, 'Операции', 'Коробки')).toBe('01.12.2026Упаковка−400 ₽Вручную777—КоробкиИзменитьУдалить');

    await page.getByLabel('Источник').selectOption({ label: 'Вручную' });
    await page.getByText('Операций: 1').waitFor();
    await page.getByRole('button', { name: 'Удалить операцию Коробки' }).click();
    await page.getByRole('button', { name: 'Подтвердить удаление операции Коробки' }).click();
    await page.getByText('Операций: 0').waitFor();
    const [deleted] = await world.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.mpAccountId, accountId),
          eq(ledgerTransactions.source, 'manual'),
          isNotNull(ledgerTransactions.deletedAt),
        ),
      );
    expect({ amount: deleted.amount, nmId: deleted.nmId, type: deleted.type, comment: deleted.comment }).toEqual({
      amount: '-400.00',
      nmId: 777,
      type: 'packaging',
      comment: 'Коробки',
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a cost price file uploaded through the screen changes the P&L of its card: cost of goods, net profit, and the trace of the cost', async () => {
    const { owner, accountId } = await emulatedAccount(world.t, world.emulator, { cards: 1 });
    const nmId = 880_001;
    await insertProducts(world.db, accountId, [nmId]);
    const soldOn = daysBefore(moscowToday(), 2);
    const row = { mpAccountId: accountId, source: 'mp_report' as const, reportId: RECONCILED_ID, date: soldOn, nmId };
    await world.db.insert(ledgerTransactions).values([
      { ...row, type: 'sale', amount: '1000.00', quantity: 2, rrdId: '1' },
      { ...row, type: 'commission', amount: '-150.00', rrdId: '1' },
    ]);
    const { context, page, consoleErrors } = await world.newPage();
    await signIn(page, world.origin, owner.email, owner.password);
    await openFinance(page, 'P&L');
    await page.getByRole('region', { name: 'Сводка' }).getByRole('group', { name: 'Выручка' }).getByText('1 000 ₽').waitFor();
    await page.getByText('Товары', { exact: true }).click();
    const before = await rowText(page, 'P&L', String(nmId));
    expect(before).toMatch(/^880001\s?1 000 ₽0 ₽0 ₽150 ₽0 ₽0 ₽0 ₽0 ₽0 ₽0 ₽850 ₽0 ₽0 ₽850 ₽85 %—0 %$/);

    await page.getByRole('tab', { name: 'Себестоимость' }).click();
    await page.getByRole('button', { name: 'Загрузить себестоимость' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'costs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`nmID;себестоимость;дата\n${nmId};300,25;${daysBefore(soldOn, 5)}\n`),
    });
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Сохранено: 1 из 1').waitFor();
    await page.keyboard.press('Escape');
    expect(await rowText(page, 'Себестоимость товаров', String(nmId))).toContain('300,25 ₽');

    await page.getByRole('tab', { name: 'P&L' }).click();
    await page.getByText('Товары', { exact: true }).click();
    const pnl = page.getByRole('table', { name: 'P&L', exact: true });
    await pnl
      .getByRole('row')
      .filter({ hasText: String(nmId) })
      .filter({ hasText: '600,50 ₽' })
      .waitFor();
    expect(await rowText(page, 'P&L', String(nmId))).toMatch(
      /^880001\s?1 000 ₽0 ₽600,50 ₽150 ₽0 ₽0 ₽0 ₽0 ₽0 ₽0 ₽249,50 ₽0 ₽0 ₽249,50 ₽24,95 %41,55 %100 %$/,
    );

    await page.getByRole('button', { name: `Себестоимость: ${nmId}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Итого: 600,50 ₽ · операций: 1').waitFor();
    expect(await rowText(page, 'Операции показателя', 'Продажи')).toContain(
      `1 000 ₽2300,25 ₽ с ${daysBefore(soldOn, 5).split('-').reverse().join('.')}600,50 ₽`,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'finance-pnl.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
