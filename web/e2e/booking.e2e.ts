import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { shiftDay } from '../../src/common/time/calendar-days';
import { moscowToday } from '../../src/common/time/moscow-time';
import { emulatedAccount } from '../../test/support/marketplace';
import { until } from '../../test/support/until';
import { signIn } from '../../test/support/web-sign-in';
import { choose } from './support/mantine-select';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
// The coefficients call's 6 a minute at 10 %: the slot monitor reads them about once a second.
webWorldForFile((started) => (world = started), { SCHEDULES_ENABLED: 'true', MP_API_RATE_WINDOW_PERCENT: '10', BOOKING_POLL_MS: '200' });

const day = (offset: number) => shiftDay(moscowToday(new Date()), offset);

describe('supplies screen in a browser', () => {
  it('a task created in the form finds the slot the marketplace opens; the grid and the supplies show', async () => {
    const account = await emulatedAccount(world.t, world.emulator, { cards: 3 });
    const seller = world.emulator.context.sellers.get(account.sellerId)!;
    seller.acceptance.baseline = 'closed';
    // The monitor reads every active account's grid once when it starts: the warehouses are there to choose from.
    await until(
      async () =>
        (
          await world.t.request({ method: 'GET', url: `/booking/warehouses?mpAccountId=${account.accountId}`, headers: account.owner.auth })
        ).json().meta.total,
      (total) => total > 0,
      20_000,
    );
    const { context, page, consoleErrors } = await world.newPage();
    await signIn(page, world.origin, account.owner.email, account.owner.password);
    await page.getByRole('link', { name: 'Поставки', exact: true }).click();
    await page.getByRole('button', { name: 'Новая задача' }).click();
    await choose(page, 'Склады', 'Коледино', 'колед');
    await page.keyboard.press('Escape');
    await page.getByLabel('Коэффициент приёмки не выше').fill('1');
    await page.getByRole('button', { name: 'Начать поиск' }).click();
    const terms = `короба, ${day(1).split('-').reverse().join('.')} — ${day(14).split('-').reverse().join('.')}, коэффициент до 1`;
    await page.getByText(terms).waitFor();
    expect(await rowText(page, 'Задачи поиска слотов', terms)).toMatch(/^Ищет слот/);

    seller.acceptance.setCell({ warehouseId: 507, date: day(3), boxTypeId: 2, coefficient: 0, allowUnload: true });
    await expect.poll(() => rowText(page, 'Задачи поиска слотов', terms), { timeout: 30_000 }).toMatch(/^Слот найден/);
    await page.getByRole('button', { name: `Слоты задачи: ${terms}` }).click();
    const slots = page.getByRole('table', { name: `Слоты задачи: ${terms}` });
    // The matches load after the click: the row comes with them.
    await expect
      .poll(async () => (await slots.getByRole('row').allTextContents())[1])
      .toMatch(
        new RegExp(
          `^${day(3).split('-').reverse().join('\\.')}Колединокоробабесплатно\\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\dещё доступен$`,
        ),
      );
    await page.screenshot({ path: join(SCREENSHOTS, 'booking.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Склады и коэффициенты' }).click();
    const grid = page.getByRole('table', { name: 'Коэффициенты приёмки по складам' });
    await grid.waitFor();
    const koledino = await rowText(page, 'Коэффициенты приёмки по складам', 'Коледино');
    expect(koledino).toContain('бесплатно');
    expect(koledino).toMatch(/Логистика короба: [\d\s,]+ ₽ \+ [\d\s,]+ ₽\/лХранение: [\d,]+ ₽ \+ [\d,]+ ₽\/л в день/);
    await page.screenshot({ path: join(SCREENSHOTS, 'booking-warehouses.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Поставки' }).click();
    await page.getByRole('button', { name: 'Загрузить поставки с маркетплейса' }).click();
    await page.getByText('Загрузка поставок: Завершено').waitFor({ timeout: 30_000 });
    await page.getByRole('table', { name: 'Поставки' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'booking-supplies.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
