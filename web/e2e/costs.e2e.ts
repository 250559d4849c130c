import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { emulatedAccount } from '../../test/support/marketplace';
import { signIn } from '../../test/support/web-sign-in';
import { rowText } from './support/table-row';
import { WebWorld, webWorldForFile } from './support/web-service';

const SYNC_TIMEOUT_MS = 20_000;

let world: WebWorld;
webWorldForFile((started) => (world = started));

/** Opens the catalog screen and syncs the cabinet's catalog until it lists `count` products. */
async function openSyncedCatalog(page: Page, count: number): Promise<void> {
  await page.getByRole('link', { name: 'Каталог', exact: true }).click();
  await page.getByRole('heading', { name: 'Каталог' }).waitFor();
  await page.getByRole('button', { name: 'Синхронизировать' }).click();
  await page.getByText(`Найдено: ${count}`, { exact: true }).waitFor({ timeout: SYNC_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Синхронизировать', disabled: false }).waitFor({ timeout: SYNC_TIMEOUT_MS });
}

describe('cost prices on the catalog screen in a browser', () => {
  it('uploads a CSV of cost prices (one line refused in the preview), shows the cost and margin in the table, and sets one cost through the row', async () => {
    const { owner, sellerId } = await emulatedAccount(world.t, world.emulator, { cards: 3 });
    const nmIdBase = world.emulator.context.sellers.get(sellerId)!.catalog.nmIdBase;
    const { context, page, consoleErrors } = await world.newPage();
    await signIn(page, world.origin, owner.email, owner.password);
    await openSyncedCatalog(page, 3);
    expect(await rowText(page, 'Товары', String(nmIdBase))).toContain('—');

    await page.getByRole('button', { name: 'Загрузить себестоимость' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'costs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`nmID;себестоимость;дата\n${nmIdBase};250,50;\n${nmIdBase + 1};12,345;\n`),
    });
    await page.getByText('Будут сохранены: 1').waitFor();
    await page.getByText('С ошибками, не сохраняются: 1').waitFor();
    expect(await rowText(page, 'Предпросмотр себестоимости', 'Ошибка')).toContain('Себестоимость — рубли с копейками');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Сохранено: 1 из 1').waitFor();
    await page.keyboard.press('Escape');

    const uploaded = page
      .getByRole('table', { name: 'Товары', exact: true })
      .getByRole('row')
      .filter({ hasText: String(nmIdBase) });
    await uploaded.getByText('250,50 ₽').waitFor();
    expect(await rowText(page, 'Товары', String(nmIdBase))).toMatch(/250,50 ₽−?\d[\d\s]*(?:,\d\d)? ₽ · −?[\d,]+ %/);

    await page.getByRole('button', { name: `Себестоимость товара ${nmIdBase + 2}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Себестоимость товара ещё не задавалась').waitFor();
    await dialog.getByLabel('Себестоимость, ₽').fill('-1');
    await dialog.getByRole('button', { name: 'Сохранить себестоимость' }).click();
    await dialog.getByText('Себестоимость — рубли с копейками (до 2 знаков) от 0 до 10 000 000').waitFor();
    await dialog.getByLabel('Себестоимость, ₽').fill('99');
    await dialog.getByRole('button', { name: 'Сохранить себестоимость' }).click();
    await dialog.getByText(/^Себестоимость 99 ₽ действует с /).waitFor();
    await dialog.getByRole('table', { name: 'История себестоимости' }).getByRole('cell', { name: '99 ₽' }).waitFor();
    await page.keyboard.press('Escape');
    await page
      .getByRole('table', { name: 'Товары', exact: true })
      .getByRole('row')
      .filter({ hasText: String(nmIdBase + 2) })
      .getByText('99 ₽', { exact: true })
      .waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
