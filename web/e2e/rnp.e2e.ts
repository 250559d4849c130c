import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { shiftDay } from '../../src/common/time/calendar-days';
import { moscowToday } from '../../src/common/time/moscow-time';
import { mpOrders } from '../../src/database/schema';
import { dayMonth } from '../../src/shared/format';
import { feedRow } from '../../test/support/digitization';
import { EmulatedAccount, emulatedAccount } from '../../test/support/marketplace';
import { insertProducts } from '../../test/support/pricing-catalog';
import { signIn } from '../../test/support/web-sign-in';
import { selectInput } from './support/mantine-select';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

const REFRESH_TIMEOUT_MS = 60_000;

let world: WebWorld;
webWorldForFile((started) => (world = started));

// Cards of the catalog that the emulator's seller does not have: the pulse takes their orders from the service's own feed.
const [SOLD, QUIET, DROPPED] = [7_200_001, 7_200_002, 7_200_003];
/** A card the cabinet's catalog does not have. */
const UNKNOWN = 7_299_999;
/** The fixture's day: a Moscow day of last week, inside the screen's opening period of two weeks. */
const DAY = shiftDay(moscowToday(new Date()), -3);
const BELOW_PLAN_TITLE = 'Ниже плана: заказов меньше 70 % плана за эти дни';

let account: EmulatedAccount;

beforeAll(async () => {
  account = await emulatedAccount(world.t, world.emulator, { cards: 2 });
  await insertProducts(world.db, account.accountId, [SOLD, QUIET, DROPPED]);
  // Two orders of SOLD on DAY: a fifth of a plan of 10 a day.
  await world.db.insert(mpOrders).values([
    { ...feedRow(account.accountId, 'rnp-1', new Date(`${DAY}T10:00:00+03:00`), SOLD, '1000.00'), isCancel: false },
    { ...feedRow(account.accountId, 'rnp-2', new Date(`${DAY}T11:00:00+03:00`), SOLD, '1000.00'), isCancel: false },
  ]);
});

async function openPulse(page: Page): Promise<void> {
  await signIn(page, world.origin, account.owner.email, account.owner.password);
  await page.getByRole('link', { name: 'РнП', exact: true }).click();
  await page.getByRole('heading', { name: 'РнП' }).waitFor();
}

describe('the РнП screen in a browser', () => {
  it('creates a list and renames it, adds SKUs typed with a plan, changes one’s plan and removes another', async () => {
    const { context, page, consoleErrors } = await world.newPage();
    await openPulse(page);
    await page.getByText('Создайте список товаров, чтобы следить за их пульсом по дням').waitFor();
    await page.getByRole('button', { name: 'Новый список' }).click();
    await page.getByLabel('Название нового списка').fill('Пульс недели');
    await page.getByRole('button', { name: 'Создать список' }).click();
    await expect.poll(() => selectInput(page, 'Список товаров').inputValue()).toBe('Пульс недели (0)');
    await page.getByRole('button', { name: 'Переименовать' }).click();
    await page.getByLabel('Новое название списка').fill('Пульс');
    await page.getByRole('button', { name: 'Сохранить название' }).click();
    await expect.poll(() => selectInput(page, 'Список товаров').inputValue()).toBe('Пульс (0)');

    await page.getByRole('tab', { name: 'Товары и планы' }).click();
    await page.getByLabel('nmID товаров').fill(`${SOLD}, ${QUIET}\n${DROPPED} 12x`);
    await page.getByText('Не nmID: 12x').waitFor();
    await page.getByLabel('nmID товаров').fill(`${SOLD}, ${QUIET}\n${DROPPED}`);
    await page.getByLabel('План заказов в день').fill('10');
    await page.getByLabel('Целевой ДРР, %').fill('12,5');
    await page.getByLabel('Менеджер').fill('Ольга');
    await page.getByRole('button', { name: 'Добавить товары' }).click();
    await page.getByText('Добавлено или обновлено товаров: 3').waitFor();
    expect(await rowText(page, 'Товары списка', String(SOLD))).toBe(`${SOLD}Наблюдение10—12,5 %ОльгаБез срокаИзменитьУдалить`);
    await expect.poll(() => selectInput(page, 'Список товаров').inputValue()).toBe('Пульс (3)');

    await page.getByRole('button', { name: `Изменить план товара ${QUIET}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Статус').selectOption({ label: 'Акция' });
    await dialog.getByLabel('Плановая цена, ₽').fill('1500');
    await dialog.getByLabel('Начало плана').fill(shiftDay(DAY, 1));
    await dialog.getByLabel('Конец плана').fill(DAY);
    await dialog.getByRole('button', { name: 'Сохранить план' }).click();
    await dialog.getByText('Конец плана не раньше начала').waitFor();
    await dialog.getByLabel('Конец плана').fill('');
    await dialog.getByRole('button', { name: 'Сохранить план' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await rowText(page, 'Товары списка', String(QUIET))).toContain(
      `Акция101 500 ₽12,5 %Ольгас ${shiftDay(DAY, 1).split('-').reverse().join('.')}`,
    );

    await page.getByRole('button', { name: `Убрать товар ${DROPPED} из списка` }).click();
    await page.getByRole('button', { name: `Подтвердить: убрать товар ${DROPPED}` }).click();
    await page
      .getByRole('table', { name: 'Товары списка' })
      .getByRole('row')
      .filter({ hasText: String(DROPPED) })
      .waitFor({ state: 'detached' });
    await expect.poll(() => selectInput(page, 'Список товаров').inputValue()).toBe('Пульс (2)');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('«Обновить» fills the matrix: orders below the plan show as a coloured cell titled with its flag, the summary counts them', async () => {
    const { context, page, consoleErrors } = await world.newPage();
    await openPulse(page);
    const matrix = page.getByRole('table', { name: 'Пульс товаров' });
    await matrix.waitFor();
    expect(await matrix.getByRole('cell').filter({ hasText: 'Ниже плана' }).count()).toBe(0);

    // The fixture's day and the one before: a refresh of two days takes as many funnel calls as the marketplace allows at once.
    await page.getByLabel('Период пульса: с').fill(shiftDay(DAY, -1));
    await page.getByLabel('Период пульса: по').fill(DAY);
    await expect
      .poll(() => matrix.getByRole('columnheader').allTextContents())
      .toEqual(['Товар', dayMonth(shiftDay(DAY, -1)), dayMonth(DAY)]);
    await page.getByRole('button', { name: 'Обновить' }).click();
    await page.getByText('Обновление пульса: Завершено').waitFor({ timeout: REFRESH_TIMEOUT_MS });
    const dayIndex = 2;
    const soldRow = matrix.getByRole('row').filter({ hasText: String(SOLD) });
    const flagged = soldRow.getByRole('cell').nth(dayIndex);
    await flagged.getByText('Ниже плана', { exact: true }).waitFor();
    expect(await flagged.getAttribute('title')).toBe(BELOW_PLAN_TITLE);
    expect((await flagged.textContent())!.replace(/\u202f/g, ' ')).toContain('Заказы: 2 шт. · 2 000 ₽План: 2 из 10 (20 %)');
    // Only the day of the orders is flagged: a day without any is not below a plan it cannot be measured against.
    expect(await matrix.getByRole('cell').filter({ hasText: 'Ниже плана' }).count()).toBe(1);
    // The colour the browser paints (the test's types know no DOM: the page's getComputedStyle is named by its shape).
    const background = (cell: typeof flagged) =>
      cell.evaluate(
        (element) =>
          (globalThis as unknown as { getComputedStyle(of: unknown): { backgroundColor: string } }).getComputedStyle(element)
            .backgroundColor,
      );
    const plain = soldRow.getByRole('cell').nth(dayIndex - 1);
    expect(await plain.getAttribute('title')).toBeNull();
    expect(await background(plain)).toBe('rgba(0, 0, 0, 0)');
    expect(await background(flagged)).not.toBe('rgba(0, 0, 0, 0)');
    await page.getByRole('group', { name: 'Риск нехватки' }).waitFor();
    expect(await page.getByRole('group', { name: 'Заказы, шт.' }).textContent()).toContain('Заказы, шт.2');
    expect(await page.getByRole('group', { name: 'Товары с отметками' }).textContent()).toContain('Товары с отметками1');
    await page.screenshot({ path: join(SCREENSHOTS, 'rnp-matrix.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('«Экспорт» downloads the service’s CSV, UTF-8 with a BOM as Russian Excel opens it', async () => {
    const { context, page, consoleErrors } = await world.newPage();
    await openPulse(page);
    await page.getByRole('table', { name: 'Пульс товаров' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Экспорт' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^rnp-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = readFileSync((await download.path())!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.toString('utf8');
    expect(text).toContain('Артикул WB;');
    expect(text.split('\r\n').find((line) => line.startsWith(`${SOLD};`) && line.includes(DAY))).toContain('Ниже плана');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('adds SKUs from a CSV file with their plans: a refused line is left out, a card not in the catalog refuses the whole add', async () => {
    const { context, page, consoleErrors } = await world.newPage();
    await openPulse(page);
    await page.getByRole('tab', { name: 'Товары и планы' }).click();
    await page.getByRole('button', { name: 'Загрузить товары из файла' }).click();
    const dialog = page.getByRole('dialog');
    const upload = (csv: string) =>
      dialog.locator('input[type="file"]').setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload(`nmID;статус;план заказов в день;целевой ДРР\n${DROPPED};Пауза;3;8,5\n${UNKNOWN};;;\n${QUIET};скидка;;\n`);
    await dialog.getByText('Будут добавлены: 2').waitFor();
    await dialog.getByText('С ошибками, не добавляются: 1').waitFor();
    expect(await rowText(page, 'Предпросмотр товаров списка', 'Ошибка')).toBe(
      `4${QUIET}Ошибка: Статус — Распродажа, Акция, Наблюдение, Завершено, Пауза`,
    );
    await dialog.getByRole('button', { name: 'Добавить в список' }).click();
    await dialog.getByText(`Нет в каталоге кабинета: ${UNKNOWN}. Ничего не добавлено`).waitFor();

    await upload(`nmID;статус;план заказов в день;целевой ДРР\n${DROPPED};Пауза;3;8,5\n`);
    await dialog.getByText('Будут добавлены: 1').waitFor();
    await dialog.getByRole('button', { name: 'Добавить в список' }).click();
    await dialog.getByText('Добавлено или обновлено товаров: 1').waitFor();
    await page.keyboard.press('Escape');
    expect(await rowText(page, 'Товары списка', String(DROPPED))).toBe(`${DROPPED}Пауза3—8,5 %—Без срокаИзменитьУдалить`);
    // The browser reports the refused add's 404, and nothing else.
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await context.close();
  });
});
