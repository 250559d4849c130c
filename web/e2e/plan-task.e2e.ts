import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { cardAt } from '../../emulator/src/generator/catalog';
import { shiftDay } from '../../src/common/time/calendar-days';
import { moscowToday } from '../../src/common/time/moscow-time';
import { bookingTasks, bookingWarehouses, mpOrders } from '../../src/database/schema';
import { feedRow } from '../../test/support/digitization';
import { insertSellerCatalog } from '../../test/support/inventory';
import { emulatedAccount } from '../../test/support/marketplace';
import { signIn } from '../../test/support/web-sign-in';
import { choose } from './support/mantine-select';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

const day = (offset: number) => shiftDay(moscowToday(new Date()), offset);
const shown = (isoDay: string) => isoDay.split('-').reverse().join('.');

describe('a supply task from the replenishment plan in a browser', () => {
  it('a plan line for a warehouse opens Поставки on a task with its warehouse, barcode and units; the task keeps the plan', async () => {
    const account = await emulatedAccount(world.t, world.emulator, { cards: 2 });
    const seller = world.emulator.context.sellers.get(account.sellerId)!;
    await insertSellerCatalog(world.t, world.db, account.accountId, seller);
    await world.db.insert(bookingWarehouses).values({ mpAccountId: account.accountId, warehouseId: 507, name: 'Коледино' });
    // The first size of the first card sold 40 a day for the last 10 days and has no stock: the plan asks for it.
    const card = cardAt(seller.catalog, 0);
    const [size] = card.sizes;
    const noon = Date.parse(`${moscowToday(new Date())}T12:00:00+03:00`);
    await world.db.insert(mpOrders).values(
      Array.from({ length: 400 }, (_, n) => ({
        ...feedRow(account.accountId, `${card.nmID}-${n}`, new Date(noon - (1 + (n % 10)) * 86_400_000), card.nmID, '100.00'),
        techSize: size.techSize,
        isCancel: false,
      })),
    );

    const { context, page, consoleErrors } = await world.newPage();
    await signIn(page, world.origin, account.owner.email, account.owner.password);
    await page.getByRole('link', { name: 'Остатки', exact: true }).click();
    await choose(page, 'Склад поставки', 'Коледино', 'колед');
    await page.getByRole('button', { name: 'Рассчитать план' }).click();
    await page.getByRole('table', { name: 'План поставки' }).waitFor();
    const { items } = (
      await world.t.request({ method: 'GET', url: `/inventory/plans?mpAccountId=${account.accountId}`, headers: account.owner.auth })
    ).json();
    const plan = (
      await world.t.request({
        method: 'GET',
        url: `/inventory/plans/${items[0].id}?mpAccountId=${account.accountId}`,
        headers: account.owner.auth,
      })
    ).json();
    const line = plan.lines.find((one: { nmId: number; size: string }) => one.nmId === card.nmID && one.size === size.techSize);
    expect(line).toMatchObject({ warehouseId: 507, barcode: size.skus[0] });
    expect(await rowText(page, 'План поставки', `${card.nmID}${size.techSize}`)).toMatch(/Создать задачу на поставку$/);

    // The plan of one warehouse also makes one task of all its lines.
    const everyBarcode = plan.lines.map((one: { barcode: string; quantity: number }) => `barcode=${one.barcode}%3A${one.quantity}`);
    expect(await page.getByRole('link', { name: 'Задача на поставку всего плана' }).getAttribute('href')).toBe(
      `/app/supplies?planId=${plan.id}&warehouseId=507&${everyBarcode.join('&')}`,
    );
    await page.getByRole('link', { name: `Создать задачу на поставку: ${card.nmID}, размер ${size.techSize}` }).click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Начать поиск' }) });
    await page.getByRole('heading', { name: 'Задача на поставку по плану' }).waitFor();
    await form.getByText('Коледино', { exact: true }).waitFor();
    expect(await page.getByLabel(`Баркод ${size.skus[0]}, шт.`).inputValue()).toBe(String(line.quantity));
    await page.getByLabel('С', { exact: true }).fill(day(2));
    await page.getByLabel('По', { exact: true }).fill(day(10));
    await page.getByLabel('Коэффициент приёмки не выше').fill('1');
    await page.screenshot({ path: join(SCREENSHOTS, 'plan-task.png'), fullPage: true });
    await page.getByRole('button', { name: 'Начать поиск' }).click();

    const terms = `короба, ${shown(day(2))} — ${shown(day(10))}, коэффициент до 1`;
    expect(await rowText(page, 'Задачи поиска слотов', terms)).toContain('1 склад');
    const [task] = await world.db.select().from(bookingTasks).where(eq(bookingTasks.mpAccountId, account.accountId));
    expect(task).toMatchObject({
      planId: plan.id,
      warehouseIds: [507],
      barcodes: [{ barcode: size.skus[0], quantity: line.quantity }],
      boxTypeId: 2,
      dateFrom: day(2),
      dateTo: day(10),
      maxCoefficient: 1,
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
