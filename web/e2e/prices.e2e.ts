import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { uniqueEmail } from '../../test/support/identity';
import { callsOf, emulatedAccount } from '../../test/support/marketplace';
import { signIn } from '../../test/support/web-sign-in';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

const UPLOAD = '/api/v2/upload/task';
const SYNC_TIMEOUT_MS = 20_000;

let world: WebWorld;
webWorldForFile((started) => (world = started));

/** Registers a new seller through the app and connects a cabinet with the marketplace key `token`. */
async function registerWithCabinet(page: Page, token: string): Promise<void> {
  await page.goto(`${world.origin}/app/register`);
  await page.getByLabel('Имя').fill('Ольга Цены');
  await page.getByLabel('Электронная почта').fill(uniqueEmail('prices'));
  await page.getByLabel('Пароль').fill('Secret-pass-1');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.getByLabel('Название').fill('Кабинет цен');
  await page.getByLabel('Ключ API маркетплейса').fill(token);
  await page.getByRole('button', { name: 'Подключить' }).click();
  await page.getByRole('region', { name: 'Кабинет Кабинет цен' }).waitFor();
}

/** Opens the price screen and syncs the cabinet's catalog until it lists `count` products. */
async function openSyncedPrices(page: Page, count: number): Promise<void> {
  await page.getByRole('link', { name: 'Цены', exact: true }).click();
  await page.getByRole('heading', { name: 'Цены' }).waitFor();
  await page.getByRole('button', { name: 'Синхронизировать' }).click();
  await page.getByText(`Найдено: ${count}`, { exact: true }).waitFor({ timeout: SYNC_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Синхронизировать', disabled: false }).waitFor({ timeout: SYNC_TIMEOUT_MS });
}

describe('price screen in a browser', () => {
  it('changes a found product’s price inline after a bounds check, shows the new price and its history entry, and the marketplace got the upload', async () => {
    const { seller, token } = world.emulator.context.sellers.create({ cards: 5 });
    const nmId = seller.catalog.nmIdBase + 2;
    const { context, page } = await world.newPage();
    await registerWithCabinet(page, token.token);
    await openSyncedPrices(page, 5);
    await page.getByLabel('Поиск').fill(String(nmId));
    await page.getByText('Найдено: 1', { exact: true }).waitFor();

    const price = page.getByLabel(`Цена, ₽, товара ${nmId}`);
    const save = page.getByRole('button', { name: `Сохранить цену товара ${nmId}` });
    await price.fill('0');
    await save.click();
    await page.getByText('Цена не меньше 1 ₽').waitFor();
    expect(callsOf(world.emulator, seller.id, 'prices', UPLOAD)).toHaveLength(0);

    await price.fill('990');
    await page.getByLabel(`Скидка, %, товара ${nmId}`).fill('10');
    await save.click();
    await page.getByText('цена отправлена').waitFor();
    expect(await price.inputValue()).toBe('990');
    await page.getByRole('cell', { name: '891 ₽' }).waitFor();

    await page.getByRole('button', { name: `История цен товара ${nmId}` }).click();
    const entry = page.getByRole('dialog').getByRole('row').nth(1);
    await entry.getByText('Вручную').waitFor();
    const cells = await entry.getByRole('cell').allTextContents();
    expect(cells[2]).toMatch(/→ 990 ₽$/);
    expect(cells[3]).toMatch(/→ 10 %$/);
    const uploads = callsOf(world.emulator, seller.id, 'prices', UPLOAD);
    expect(uploads.map((call) => call.status)).toEqual([200]);
    expect(seller.prices.task(Number(cells[4]))?.items).toEqual([{ nmID: nmId, price: 990, discount: 10 }]);
    await page.screenshot({ path: join(SCREENSHOTS, 'prices.png'), fullPage: true });
    await context.close();
  });

  it("previews a CSV of 50 lines with one unknown nmID as 49 to send and 1 refused with its reason first (the file's nmIDs looked up in one call), 20 rows a page, with «Отправить» above the table, sends them, follows the job to its end and lists the two items the marketplace refused with its texts", async () => {
    const { owner, sellerId } = await emulatedAccount(world.t, world.emulator, { cards: 50 });
    const nmIdBase = world.emulator.context.sellers.get(sellerId)!.catalog.nmIdBase;
    const unknown = nmIdBase + 5_000;
    world.emulator.context.sellers.get(sellerId)!.prices.refuse([
      { nmID: nmIdBase + 3, errorText: 'Цена ниже минимально допустимой' },
      { nmID: nmIdBase + 7, errorText: 'Товар заблокирован' },
    ]);
    const lines = Array.from({ length: 50 }, (_, i) => (i === 20 ? `${unknown},1500,5` : `${nmIdBase + i},${1000 + i},15`));
    const { context, page } = await world.newPage();
    await signIn(page, world.origin, owner.email, owner.password);
    await openSyncedPrices(page, 50);
    const pricePages = page.getByLabel('Страницы', { exact: true });
    for (const name of ['Предыдущая страница', 'Страница 1', 'Страница 3', 'Следующая страница']) {
      await pricePages.getByRole('button', { name, exact: true }).waitFor();
    }

    const lookups: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/catalog/products') && url.searchParams.has('nmIds')) lookups.push(url.searchParams.get('nmIds')!);
    });
    await page.getByRole('tab', { name: 'Пакетное изменение' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['nmID,price,discount', ...lines].join('\n')),
    });
    await page.getByText('Будут отправлены: 49').waitFor();
    await page.getByText('С ошибками, не отправляются: 1').waitFor();
    const preview = page.getByRole('table', { name: 'Предпросмотр изменения' });
    const firstRow = preview.locator('tbody tr').first();
    expect(await firstRow.textContent()).toContain('Ошибка: Товара нет в каталоге кабинета');
    expect(await firstRow.getByRole('cell').first().textContent()).toBe('22');
    expect(await preview.locator('tbody tr').count()).toBe(20);
    const send = page.getByRole('button', { name: 'Отправить' });
    const previewPages = page.getByLabel('Страницы предпросмотра');
    await previewPages.getByRole('button', { name: 'Страница 3' }).click();
    await preview.getByRole('cell', { name: '51', exact: true }).waitFor();
    expect(await preview.locator('tbody tr').count()).toBe(10);
    const sendBox = (await send.boundingBox())!;
    expect(sendBox.y + sendBox.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(lookups).toEqual([lines.map((line) => line.split(',')[0]).join(',')]);

    await send.click();
    await page.getByText('Состояние: Завершено').waitFor({ timeout: SYNC_TIMEOUT_MS });
    await page.getByText('Товаров: 49 · Пакетов: 1 · Принято: 1 · Отклонено: 0').waitFor();
    await page.getByText('Маркетплейс сообщил о всех товарах принятых пакетов. Не применено: 2.').waitFor();
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: String(nmIdBase + 3) })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['1', String(nmIdBase + 3), 'Цена ниже минимально допустимой']);
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: String(nmIdBase + 7) })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['1', String(nmIdBase + 7), 'Товар заблокирован']);
    const uploads = callsOf(world.emulator, sellerId, 'prices', UPLOAD);
    expect(uploads.map((call) => call.status)).toEqual([200]);
    await page.screenshot({ path: join(SCREENSHOTS, 'prices-bulk.png'), fullPage: true });
    await context.close();
  });
});
