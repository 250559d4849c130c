import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { createAccount, createUser } from '../../test/support/identity';
import { insertSellerCatalog } from '../../test/support/inventory';
import { signIn } from '../../test/support/web-sign-in';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

describe('stock screen in a browser', () => {
  it('a sync started from the screen fills the stock by warehouse; a product opens by size', async () => {
    const { seller, token } = world.emulator.context.sellers.create({ cards: 12 });
    const owner = await createUser(world.t);
    const accountId = await createAccount(world.t, owner.id, 'Кабинет', token.token);
    await insertSellerCatalog(world.t, world.db, accountId, seller);
    const { context, page, consoleErrors } = await world.newPage();
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
    expect(await rowText(page, 'Остатки', stored.title)).toContain(`${stored.vendorCode} · ${stored.nmId}`);
    await page.getByRole('button', { name: `Размеры: ${stored.title} (${stored.nmId})` }).click();
    const sizes = page.getByRole('table', { name: `Остатки по размерам: ${stored.title} (${stored.nmId})` });
    await sizes.waitFor();
    expect((await sizes.getByRole('row').count()) - 1).toBeGreaterThan(0);
    await page
      .getByText(
        /^Остатки по складам маркетплейса и по своим складам, товары в пути\. .*последняя синхронизация — \d\d\.\d\d\.\d{4}, \d\d:\d\d\.$/,
      )
      .waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'stock.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
