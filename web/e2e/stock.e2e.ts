import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { cardAt } from '../../emulator/src/generator/catalog';
import { shiftDay } from '../../src/common/time/calendar-days';
import { moscowToday } from '../../src/common/time/moscow-time';
import { inventorySnapshotRows, inventorySnapshots, mpOrders } from '../../src/database/schema';
import { dayMonth, number } from '../../src/shared/format';
import { feedRow } from '../../test/support/digitization';
import { createAccount, createUser } from '../../test/support/identity';
import { insertSellerCatalog } from '../../test/support/inventory';
import { signIn } from '../../test/support/web-sign-in';
import { canvasTexts, recordCanvasTexts } from './support/canvas-texts';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

/** Units of the first sold product at the snapshots of days before today (days ago → units; 0: a snapshot without it). */
const HISTORY = new Map([
  [8, 150],
  [7, 120],
  [5, 60],
  [3, 0],
]);

describe('stock screen in a browser', () => {
  it('a sync started from the screen fills the stock by warehouse; a product opens by size with its last 30 days charted', async () => {
    const { seller, token } = world.emulator.context.sellers.create({ cards: 12 });
    const owner = await createUser(world.t);
    const accountId = await createAccount(world.t, owner.id, 'Кабинет', token.token);
    await insertSellerCatalog(world.t, world.db, accountId, seller);
    // Three products sold 40 a day for the last 10 days, more than any stock holds for 37 days: the plan asks for them.
    const sold = [0, 1, 2].map((index) => cardAt(seller.catalog, index));
    const today = Date.parse(`${moscowToday(new Date())}T12:00:00+03:00`);
    await world.db.insert(mpOrders).values(
      sold.flatMap((card) =>
        Array.from({ length: 400 }, (_, n) => ({
          ...feedRow(accountId, `${card.nmID}-${n}`, new Date(today - (1 + (n % 10)) * 86_400_000), card.nmID, '100.00'),
          techSize: card.sizes[0].techSize,
          isCancel: false,
        })),
      ),
    );
    // Earlier snapshots: the first sold product with its HISTORY (no row where it had none left), the others with 10 each.
    const moscowDay = moscowToday(new Date());
    await world.db.insert(inventorySnapshots).values(
      [...HISTORY.keys()].map((ago) => ({
        mpAccountId: accountId,
        day: shiftDay(moscowDay, -ago),
        takenAt: new Date(today - ago * 86_400_000),
        sources: { remains: 'ok' as const, stockReport: 'ok' as const, sellerWarehouses: 'ok' as const },
      })),
    );
    const snapshotRow = (ago: number, card: (typeof sold)[number], quantity: number) => ({
      mpAccountId: accountId,
      day: shiftDay(moscowDay, -ago),
      nmId: card.nmID,
      techSize: card.sizes[0].techSize,
      warehouseKind: 'mp' as const,
      warehouseId: 1_000_000_001,
      quantity,
    });
    await world.db
      .insert(inventorySnapshotRows)
      .values(
        [...HISTORY].flatMap(([ago, units]) => [
          ...(units > 0 ? [snapshotRow(ago, sold[0], units)] : []),
          ...sold.slice(1).map((card) => snapshotRow(ago, card, 10)),
        ]),
      );
    const { context, page, consoleErrors } = await world.newPage();
    await recordCanvasTexts(page);
    await signIn(page, world.origin, owner.email, owner.password);
    await page.getByRole('link', { name: 'Остатки', exact: true }).click();
    await page.getByRole('button', { name: 'Обновить остатки с маркетплейса' }).click();
    await page.getByText('Синхронизация остатков: Завершено').waitFor({ timeout: 60_000 });
    await page.getByText('Найдено: 12').waitFor();

    const stored = (
      await world.t.request({
        method: 'GET',
        url: `/inventory/stocks?mpAccountId=${accountId}&sortBy=quantity&sortDirection=desc&limit=1`,
        headers: owner.auth,
      })
    ).json().items[0];
    expect(await rowText(page, 'Остатки', `${stored.vendorCode} · ${stored.nmId}`)).toContain(stored.title);
    await page.getByRole('button', { name: `Размеры: ${stored.title} (${stored.nmId})` }).click();
    const sizes = page.getByRole('table', { name: `Остатки по размерам: ${stored.title} (${stored.nmId})` });
    await sizes.waitFor();
    expect((await sizes.getByRole('row').count()) - 1).toBeGreaterThan(0);
    await page
      .getByText(
        /^Остатки по складам маркетплейса и по своим складам, товары в пути\. .*последняя синхронизация — \d\d\.\d\d\.\d{4}, \d\d:\d\d\.$/,
      )
      .waitFor();

    // The first sold product's last 30 Moscow days: today's units from the sync, the seeded ones, gaps where no snapshot.
    const [charted] = sold;
    const current = (
      await world.t.request({ method: 'GET', url: `/inventory/stocks?mpAccountId=${accountId}&q=${charted.nmID}`, headers: owner.auth })
    ).json().items[0].quantity as number;
    await page.getByRole('button', { name: `Размеры: ${charted.title} (${charted.nmID})` }).click();
    const chart = page.getByRole('img', {
      name: `Остаток и заказы по дням за 30 дней: остаток ${dayMonth(moscowDay)} — ${number(current)} шт., заказов 400`,
      exact: true,
    });
    await chart.locator('canvas').waitFor();
    const expected = Array.from({ length: 30 }, (_, index) => {
      const ago = 29 - index;
      const units = ago === 0 ? current : HISTORY.get(ago);
      return [dayMonth(shiftDay(moscowDay, -ago)), units === undefined ? '—' : number(units), ago >= 1 && ago <= 10 ? '40' : '0'];
    });
    const values = page.getByRole('table', { name: 'Остаток и заказы по дням: значения по дням', exact: true });
    expect(await values.getByRole('columnheader').allTextContents()).toEqual(['День', 'Остаток, шт.', 'Заказы, шт.']);
    expect(
      await values.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent))),
    ).toEqual(expected);
    await expect.poll(async () => canvasTexts(page)).toEqual(expect.arrayContaining(['Остаток, шт.', 'Заказы, шт.', expected[0][0]]));

    await page.getByRole('button', { name: 'Рассчитать план' }).click();
    const plan = page.getByRole('table', { name: 'План поставки' });
    await plan.waitFor();
    const planned = await plan.getByRole('row').allTextContents();
    expect(planned.length - 1).toBeGreaterThanOrEqual(sold.length);
    for (const card of sold) expect(planned.some((row) => row.startsWith(String(card.nmID)))).toBe(true);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать CSV' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^план-поставки-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFnmID;Размер;Баркод;Склад;Продаж в день;Остаток;В поставках;К отправке;Причина');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(planned.length);
    // Each line names the barcode of its size, which a supply is made of.
    expect(csv.split('\r\n')[1].split(';')[2]).toMatch(/^\d{8,}$/);
    await page.screenshot({ path: join(SCREENSHOTS, 'stock.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
